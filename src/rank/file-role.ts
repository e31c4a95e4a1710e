import type { Language } from "../index/types.js";

/** What a file is for, as far as its path and language tell. Only `code` files are never demoted. */
export type FileRole = "code" | "test" | "doc" | "example" | "data";

const TEST_FILE = new RegExp(String.raw`(^|/)(test_[^/]*|[^/]*_tests?\.[^/.]+|conftest\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?|[^/]*_spec\.rb|` +
  String.raw`[^/]*(Test|Tests|Spec|IT)\.(java|kt|kts|scala|groovy|cs|swift)|Test[A-Z][^/]*\.(java|kt|scala|groovy|cs|swift))$`);
/**
 * Test folders. A bare `test/` counts only at the top or right under `src/` (`django/test/` is library code);
 * Gradle/Kotlin source sets such as `src/jvmTest/` or `src/androidTest/` count anywhere.
 */
const TEST_DIR = /(^|\/)(tests|testing|__tests__|spec|specs|testdata|test_data|fixtures)\/|(^|\/)src\/(test|\w*Test|testFixtures)\/|^test\//;
const DOC_DIR = /(^|\/)(docs?|documentation|man)\//;
const EXAMPLE_DIR = /(^|\/)(examples?|samples?|demos?|tutorials?|benchmarks?|asv_bench)\//;
const DOC_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["markdown", "rst"]);
const DATA_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["json", "yaml", "toml", "text", "html", "css"]);

/** Classifies a repository path; tests win over docs and examples (a test under `docs/` is still a test). */
export function fileRole(path: string, language: Language): FileRole {
  if (TEST_FILE.test(path) || TEST_DIR.test(path)) return "test";
  if (DOC_LANGUAGES.has(language) || DOC_DIR.test(path)) return "doc";
  if (EXAMPLE_DIR.test(path)) return "example";
  if (DATA_LANGUAGES.has(language)) return "data";
  return "code";
}
