import type { Language } from "../../index/types.js";

/**
 * What a file is for, as far as its path and language tell. Only `code` files are never demoted. `build` covers
 * build scripts, wrappers and dependency manifests; `meta` the repository's own housekeeping (`.github/**`, issue
 * and pull-request templates, CODEOWNERS, CI and editor settings).
 */
export type FileRole = "code" | "test" | "doc" | "example" | "data" | "build" | "meta" | "generated";

const TEST_FILE = new RegExp(String.raw`(^|/)(test_[^/]*|[^/]*_tests?\.[^/.]+|conftest\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?|[^/]*_spec\.rb|[^/]*\.tests?\.(c|cc|cpp|cxx|h|hpp|rs|go)|` +
  String.raw`[^/]*(Test|Tests|Spec|IT)\.(java|kt|kts|scala|groovy|cs|swift)|Test[A-Z][^/]*\.(java|kt|scala|groovy|cs|swift))$`);
/**
 * Test folders. A bare `test/` counts only at the top or right under `src/` (`django/test/` is library code);
 * Gradle/Kotlin source sets such as `src/jvmTest/` or `src/androidTest/`, and Android's per-variant ones
 * (`src/testDebug/`, `src/androidTestRelease/`) count anywhere, and so do fuzzing
 * harnesses (`fuzz/`, `oss-fuzz/`), JS mocks (`__mocks__/`) and CamelCase test projects (`SelfTest/`, `UnitTests/`).
 */
const TEST_DIR = new RegExp(String.raw`(^|/)(tests|testing|__tests__|__mocks__|spec|specs|testdata|test_data|fixtures|` +
  String.raw`fuzz|fuzzing|oss-fuzz|[A-Z]\w*Tests?)/|(^|/)src/(test|\w*Test|testFixtures|(test|\w*Test)[A-Z]\w*)/|^test/`);
/**
 * Any `test/` folder, for files without a grammar: a nested `test/` may be library code (`django/test/`), but the
 * data in one (`parser/g4/test/apis/example.api`, `test/input.txt`) is a test's fixtures.
 */
const ANY_TEST_DIR = /(^|\/)test\//;
const DOC_DIR = /(^|\/)(docs?|documentation|man|release[-_]notes|changelogs?)\//;
/**
 * Samples, demos and benchmarks: `examples/`, Rust's `benches/`, `benchsuite/`, JMH source sets (`src/jmh/`), and sample modules
 * of a multi-module build named as such (`sample-app/`, `compose-samples/`), and a top-level `contrib/` (extras
 * beside the product; `django/contrib/` is not top-level and stays code).
 */
const EXAMPLE_DIR = new RegExp(String.raw`(^|/)(examples?|samples?|demos?|tutorials?|bench\w*|asv_bench|` +
  String.raw`[\w.]+[-_](examples?|samples?|demos?|benchmarks?)|(examples?|samples?|demos?|benchmarks?)[-_][\w.]+)/|` +
  String.raw`(^|/)src/(jmh|\w*Benchmark)/|^contrib/`);
/**
 * A JVM source-set root (`src/main/java/`, `app/src/commonMain/kotlin/`, `src/debug/scala/`). Below it the folders are
 * a package name, and a package name says nothing about what a file is for: Android Studio's default package is
 * `com.example`, and an app's `…/samples/` or `…/docs/` package is its own code. Doc and example folders are looked
 * for above the root only.
 */
const JVM_SOURCE_ROOT = /(^|\/)src\/[\w-]+\/(java|kotlin|scala|groovy)\//;
/** Jupyter notebooks: worked examples and tutorials, their code cells and outputs in one JSON file. */
const NOTEBOOK = /\.ipynb$/;
const DOC_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["markdown", "rst"]);
/**
 * Prose by name: change logs, release notes, licences, authors, and man pages (`jq.1`, `zstd.1.md`,
 * `jq.1.prebuilt`). They repeat an issue's words, and a fix rarely starts there.
 */
const DOC_FILE = /^(change_?log|changes|news|history|release[-_]?notes|authors|contributors|licen[sc]e|copying|notice|thanks|todo)([-_.][\w.-]*)?$|\.[1-9](\.(md|prebuilt|in|txt))?$|\.(adoc|asciidoc|texi|pod|tex)$/;
const DATA_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["json", "yaml", "toml", "html", "css"]);
/**
 * TypeScript declaration files (`types/index.d.ts`) and Flow definitions (`immutable.js.flow`): signatures that
 * repeat the names and doc comments of the code they describe, where behaviour is never fixed; demoted like data
 * (and they lend the file they describe a share of their score: `declaration-subjects.ts`).
 */
const TYPE_DECLARATIONS = /\.d\.[cm]?ts$|\.[cm]?jsx?\.flow$/;
/**
 * Public-API dumps of the Kotlin/JVM binary-compatibility validator (`okhttp/api/okhttp.api`, `api/jvm/x.api`,
 * `api/x.klib.api`): every public signature of a module, written by a build task and checked in CI, so they repeat
 * the class and method names of an issue without holding behaviour. A `.api` file outside an `api/` folder (go-zero's
 * service-definition language, `greet.api`) stays code; one kept in `api/` is taken for a dump too.
 */
const API_DUMP = /(^|\/)api\/((jvm|android)\/)?[^/]+\.api$/;
/**
 * Files the indexer calls `text` are data only with a data extension (or none): an unknown extension in a source
 * tree is usually a language without a grammar here (`builtin.jq`, `lexer.l`, `parser.y`, `scan.re2c`), i.e. code.
 */
const DATA_TEXT = new RegExp(String.raw`(^|/)[^/.]+$|\.(csv|tsv|xml|properties|ini|cfg|conf|env|svg|log|out|po|pot|plist|lock|sum|mod|list|dat|expected|golden|snap|approved|received|in|txt|pem|crt|key|patch|diff|map|` +
  // Text templates (`usage.tpl`, `email.hbs`, `page.j2`): markup with placeholders, like HTML.
  String.raw`tpl|tmpl|mustache|hbs|handlebars|ejs|j2|jinja2?|liquid|njk)$`);

/**
 * Build files by name (lower-cased): wrappers, build scripts and dependency manifests of Gradle, Maven, npm,
 * Cargo, Go modules, CMake/Make/autotools/Meson, Bazel and setuptools/pyproject. (Lock files never reach the
 * index: selection skips them as generated.)
 */
const BUILD_NAMES: ReadonlySet<string> = new Set([
  "gradlew", "gradlew.bat", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
  "gradle.properties", "libs.versions.toml", "pom.xml", "mvnw", "mvnw.cmd", "build.xml", "ivy.xml", "build.sbt",
  "package.json", "lerna.json", "pnpm-workspace.yaml", ".npmrc", ".yarnrc", ".yarnrc.yml",
  "cargo.toml", "build.rs", "rust-toolchain", "rust-toolchain.toml", "go.mod", "go.work",
  "cmakelists.txt", "makefile", "gnumakefile", "makefile.am", "makefile.in", "configure", "configure.ac",
  "meson.build", "meson_options.txt", "build", "build.bazel", "workspace", "workspace.bazel", "module.bazel",
  ".bazelrc", ".bazelversion", "setup.py", "setup.cfg", "pyproject.toml", "manifest.in", "tox.ini", "noxfile.py",
  "pipfile", "gemfile", "podfile", "package.swift", "vcpkg.json", "conanfile.txt", "conanfile.py",
]);
/**
 * Build files by extension, or by a name pattern (`requirements-dev.txt`, release and version-bump scripts, the
 * config files of JS build and test tools).
 */
const BUILD_FILE = new RegExp(String.raw`\.(cmake|mk|bzl|gradle|gradle\.kts|gemspec|podspec|nuspec|csproj|vcxproj|sln)$|` +
  String.raw`^requirements[\w.-]*\.txt$|^(release|publish|bump[-_]?version)[\w.-]*\.(sh|py|js|mjs|ts|rb)$|` +
  // autoconf macros, RPM specs, and build/bootstrap shell scripts (`autogen.sh`, `compile-ios.sh`, `build.bat`).
  String.raw`\.m4$|\.spec$|^(autogen|bootstrap|build|compile)([-_][\w.-]*)?\.(sh|bat|cmd|ps1)$|` +
  // JS tool configs: karma.conf.js, webpack.config.js, rollup.config.mjs, jest.config.ts, gulpfile.js, tsconfig.json.
  String.raw`^[\w.-]+\.(conf|config)\.[cm]?[jt]s$|^(gulpfile|gruntfile)\.[cm]?[jt]s$|^tsconfig[\w.-]*\.json$|^\.babelrc(\.\w+)?$`);
/**
 * Folders that hold only build logic: Gradle's and Maven's wrappers, Gradle's buildSrc, CMake modules, autoconf's
 * `m4/`, and a top-level `scripts/`
 * (release, doc-generation and maintenance scripts of the repository, not the product).
 */
const BUILD_DIR = /(^|\/)(gradle\/wrapper|\.mvn|buildSrc|build-logic|cmake|m4)\/|^(scripts|build-scripts|ci)\//;

/** Single-header / single-file amalgamations: `single_include/…/json.hpp`, `extras/catch_amalgamated.cpp`, `sqlite3.c`-style `amalgamation/` folders. */
const AMALGAMATION = /(^|\/)(single_include|amalgamation)\/|(^|\/)[^/]*amalgamat(ed|ion)[^/]*$/i;

/** Repository housekeeping: `.github/**` and its GitLab twin, CI configs, templates, ownership and funding files. */
const META_DIR = /(^|\/)(\.github|\.gitlab|\.circleci|\.devcontainer|\.husky|\.buildkite)\//;
const META_FILE = new RegExp(String.raw`^(codeowners|funding\.ya?ml|issue_template(\.\w+)?|pull_request_template(\.\w+)?|` +
  String.raw`\.travis\.yml|appveyor\.yml|\.appveyor\.yml|azure-pipelines\.yml|\.cirrus\.yml|\.gitlab-ci\.yml|` +
  String.raw`\.gitignore|\.gitattributes|\.gitmodules|\.mailmap|\.editorconfig|\.pre-commit-config\.yaml|\.clang-format|` +
  String.raw`\.clang-tidy|\.codecov\.yml|codecov\.yml|\.golangci\.ya?ml|renovate\.json|\.prettierrc(\.\w+)?|` +
  String.raw`\.eslintrc(\.\w+)?|\.eslintignore|\.prettierignore|\.npmignore|\.dockerignore|\.rustfmt\.toml|rustfmt\.toml|clippy\.toml)$`);
/** Issue templates in `docs/` and elsewhere outside `.github/` (`docs/ISSUE_TEMPLATE/bug.md`). */
const TEMPLATE_DIR = /(^|\/)(issue_template|pull_request_template)\//i;

/** A `test/` or `tests/` folder name, for {@link findTestRoots}. */
const TEST_ROOT_NAMES: readonly string[] = ["test", "tests"];

/**
 * Nested test folders that sit beside a `src/` folder (`kotlinx-coroutines-core/jvm/src` + `jvm/test`,
 * `packages/core/src` + `packages/core/test`, `lib/src` + `lib/test`): the layout says `test/` holds that code's
 * tests, helpers included, however they are named. A `test/` with no `src/` beside it stays code unless other rules
 * say otherwise (`django/test/` is the test client Django ships). Returns the folders with a trailing `/`.
 */
export function findTestRoots(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const path of paths) {
    // From the file's own folder upwards, stopping at the first folder already seen: each folder is sliced once.
    for (let end = path.lastIndexOf("/"); end !== -1; end = path.lastIndexOf("/", end - 1)) {
      const dir = path.slice(0, end + 1);
      if (dirs.has(dir)) break;
      dirs.add(dir);
    }
  }
  const roots = new Set<string>();
  for (const dir of dirs) {
    const parentEnd = dir.lastIndexOf("/", dir.length - 2) + 1;
    const name = dir.slice(parentEnd, -1);
    // Top-level `test/` is a test folder by TEST_DIR already.
    if (parentEnd > 0 && TEST_ROOT_NAMES.includes(name) && dirs.has(`${dir.slice(0, parentEnd)}src/`)) roots.add(dir);
  }
  return roots;
}

/** What {@link fileRole} may know about the rest of the tree. */
export interface TreeLayout {
  /** Folders (with a trailing `/`) whose files are tests by layout: {@link findTestRoots}. */
  readonly testRoots: ReadonlySet<string>;
}

/**
 * Classifies a repository path. Tests win over everything (a test under `docs/` is still a test), then repository
 * housekeeping (a workflow is not "data"), then build files (`docs/Makefile` builds), docs, examples and data.
 * With `layout`, files under a test folder that sits beside a `src/` folder are tests too.
 */
export function fileRole(path: string, language: Language, layout?: TreeLayout): FileRole {
  if (TEST_FILE.test(path) || TEST_DIR.test(path) || (language === "text" && ANY_TEST_DIR.test(path))) return "test";
  if (layout && layout.testRoots.size > 0 && underAny(path, layout.testRoots)) return "test";
  const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  if (META_DIR.test(path) || META_FILE.test(base) || TEMPLATE_DIR.test(path)) return "meta";
  if (AMALGAMATION.test(path)) return "generated";
  if (BUILD_NAMES.has(base) || BUILD_FILE.test(base) || BUILD_DIR.test(path)) return "build";
  const folders = foldersAboveSourceRoot(path);
  if (DOC_LANGUAGES.has(language) || DOC_DIR.test(folders) || DOC_FILE.test(base)) return "doc";
  if (EXAMPLE_DIR.test(folders) || NOTEBOOK.test(base)) return "example";
  if (DATA_LANGUAGES.has(language) || (language === "text" && DATA_TEXT.test(base)) || TYPE_DECLARATIONS.test(base) || API_DUMP.test(path)) return "data";
  return "code";
}

/** The path up to and including a JVM source-set root, or the whole path where there is none. */
function foldersAboveSourceRoot(path: string): string {
  const root = JVM_SOURCE_ROOT.exec(path);
  return root ? path.slice(0, root.index + root[0].length) : path;
}

function underAny(path: string, folders: ReadonlySet<string>): boolean {
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) if (folders.has(path.slice(0, i + 1))) return true;
  return false;
}
