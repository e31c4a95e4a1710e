import { test } from "node:test";
import assert from "node:assert/strict";
import { fileRole, findTestRoots } from "../../src/rank/file-role.js";
import type { Language } from "../../src/index/types.js";

const cases: [string, Language, string][] = [
  ["django/forms/fields.py", "python", "code"],
  ["django/test/client.py", "python", "code"],
  // Data without a grammar in any test/ folder is a fixture; code there may be a library's test helpers.
  ["tools/gen/api/parser/test/apis/example.api", "text", "test"],
  ["pkg/lexer/test/input.txt", "text", "test"],
  ["src/builtin.jq", "text", "code"],
  ["tests/forms_tests/test_fields.py", "python", "test"],
  ["sympy/core/tests/test_basic.py", "python", "test"],
  ["testing/python/fixtures.py", "python", "test"],
  ["conftest.py", "python", "test"],
  ["module-a/src/test/java/com/acme/OrderServiceTest.java", "java", "test"],
  ["app/src/testDebug/java/com/acme/Fakes.kt", "kotlin", "test"],
  ["app/src/androidTestRelease/java/com/acme/Screens.kt", "kotlin", "test"],
  ["app/src/main/java/com/acme/TestimonialView.kt", "kotlin", "code"],
  ["src/main/java/com/acme/TestSupport.java", "java", "test"],
  ["src/main/java/com/acme/Testimony.java", "java", "code"],
  ["core/src/jvmTest/kotlin/a/ParserSpec.kt", "kotlin", "test"],
  ["app/src/androidTest/kotlin/a/Flow.kt", "kotlin", "test"],
  ["src/main/kotlin/a/Flow.kt", "kotlin", "code"],
  ["web/ui/user-card.test.tsx", "tsx", "test"],
  ["docs/ref/models.txt", "text", "doc"],
  ["README.md", "markdown", "doc"],
  ["doc/conf.py", "python", "doc"],
  ["examples/checkout_demo.py", "python", "example"],
  ["asv_bench/benchmarks/io.py", "python", "example"],
  ["package.json", "json", "build"],
  ["setup.cfg", "text", "build"],
  ["src/fixtures.json", "json", "data"],
  ["config/default.yaml", "yaml", "data"],
  // Build files of every common ecosystem, and their wrappers.
  ["gradlew", "text", "build"],
  ["gradlew.bat", "text", "build"],
  ["core/build.gradle.kts", "kotlin", "build"],
  ["settings.gradle", "text", "build"],
  ["gradle/wrapper/gradle-wrapper.properties", "text", "build"],
  ["gradle/libs.versions.toml", "toml", "build"],
  ["buildSrc/src/main/kotlin/Conventions.kt", "kotlin", "build"],
  ["pom.xml", "text", "build"],
  ["mvnw", "text", "build"],
  ["Cargo.toml", "toml", "build"],
  ["build.rs", "rust", "build"],
  ["go.mod", "text", "build"],
  ["CMakeLists.txt", "text", "build"],
  ["cmake/FindZstd.cmake", "text", "build"],
  ["lib/Makefile", "text", "build"],
  ["BUILD.bazel", "text", "build"],
  ["tools/defs.bzl", "text", "build"],
  ["pyproject.toml", "toml", "build"],
  ["setup.py", "python", "build"],
  ["requirements-dev.txt", "text", "build"],
  ["karma.sauce.conf.js", "javascript", "build"],
  ["webpack.config.js", "javascript", "build"],
  ["rollup.config.mjs", "javascript", "build"],
  ["tsconfig.build.json", "json", "build"],
  ["src/config.js", "javascript", "code"],
  ["types/plugin/utc.d.ts", "typescript", "data"],
  ["src/utc.ts", "typescript", "code"],
  ["scripts/generate-theme-doc.js", "javascript", "build"],
  ["tools/goctl/rpc/generator/call.tpl", "text", "data"],
  ["templates/email.hbs", "text", "data"],
  ["okhttp/api/okhttp.api", "text", "data"],
  ["okhttp/api/jvm/okhttp.api", "text", "data"],
  ["kotlinx-coroutines-core/api/kotlinx-coroutines-core.klib.api", "text", "data"],
  ["tools/goctl/api/parser/g4/user.api", "text", "code"],
  ["tools/goctl/api/format/user.api", "text", "code"],
  ["src/builtin.jq", "text", "code"],
  [".mvn/wrapper/MavenWrapperDownloader.java", "java", "build"],
  ["m4/ax_pthread.m4", "text", "build"],
  ["config/m4/check.m4", "text", "build"],
  ["jq.spec", "text", "build"],
  ["compile-ios.sh", "text", "build"],
  ["autogen.sh", "text", "build"],
  ["tools/install.sh", "text", "code"],
  ["benchsuite/benchsuite", "text", "example"],
  ["tools/goctl/api/gen.go", "go", "code"],
  ["contrib/linux-kernel/lib/zstd/compress.c", "c", "example"],
  ["django/contrib/admin/options.py", "python", "code"],
  // Repository housekeeping.
  [".github/ISSUE_TEMPLATE/bug_report.yml", "yaml", "meta"],
  [".github/ISSUE_TEMPLATE.md", "markdown", "meta"],
  [".github/workflows/ci.yml", "yaml", "meta"],
  [".github/CODEOWNERS", "text", "meta"],
  ["CODEOWNERS", "text", "meta"],
  ["ISSUE_TEMPLATE.md", "markdown", "meta"],
  ["docs/ISSUE_TEMPLATE/bug.md", "markdown", "meta"],
  [".travis.yml", "yaml", "meta"],
  [".clang-format", "text", "meta"],
  // Layouts: Rust, Go, JS, C/C++, JVM/Android/KMP test, sample and benchmark source sets.
  ["tests/integration.rs", "rust", "test"],
  ["benches/bench_parse.rs", "rust", "example"],
  ["examples/simple.rs", "rust", "example"],
  ["src/lib.rs", "rust", "code"],
  ["internal/transport/http2_client_test.go", "go", "test"],
  ["internal/testdata/x509/client.go", "go", "test"],
  ["src/__tests__/util.js", "javascript", "test"],
  ["src/__mocks__/fs.js", "javascript", "test"],
  ["lib/parser.spec.ts", "typescript", "test"],
  ["test/api.js", "javascript", "test"],
  ["tests/fuzzer.c", "c", "test"],
  ["fuzz/fuzz_targets/parse.rs", "rust", "test"],
  ["contrib/oss-fuzz/decompress_fuzzer.c", "c", "test"],
  ["library/src/commonTest/kotlin/a/B.kt", "kotlin", "test"],
  ["library/src/iosTest/kotlin/a/B.kt", "kotlin", "test"],
  ["library/src/commonMain/kotlin/a/B.kt", "kotlin", "code"],
  ["sample-app/src/main/java/a/MainActivity.java", "java", "example"],
  ["compose-samples/src/main/kotlin/a/Demo.kt", "kotlin", "example"],
  ["benchmark/src/jmh/java/a/ParseBench.java", "java", "example"],
  ["core/src/jmh/java/a/ParseBench.java", "java", "example"],
  ["single_include/nlohmann/json.hpp", "cpp", "generated"],
  ["extras/catch_amalgamated.cpp", "cpp", "generated"],
  ["include/nlohmann/json.hpp", "cpp", "code"],
  ["projects/SelfTest/UsageTests/Misc.tests.cpp", "cpp", "test"],
  ["src/builtin.jq", "text", "code"],
  ["src/parser.y", "text", "code"],
  ["jq.1.prebuilt", "text", "doc"],
  ["programs/zstd.1", "text", "doc"],
  ["ChangeLog", "text", "doc"],
  ["CHANGELOG.md", "markdown", "doc"],
  ["LICENSE", "text", "doc"],
  ["release-notes/VERSION-2.x", "text", "doc"],
  ["tests/golden/out.txt", "text", "test"],
  ["src/config.h.in", "text", "data"],
];

for (const [path, language, role] of cases) {
  test(`${path} is ${role}`, () => assert.equal(fileRole(path, language), role));
}

test("a test folder beside a src folder holds tests, whatever its files are called", () => {
  const tree = [
    "kotlinx-coroutines-core/jvm/src/Dispatchers.kt",
    "kotlinx-coroutines-core/jvm/test/ConcurrentTestUtilities.kt",
    "kotlinx-coroutines-core/jvm/test/guide/example-flow-14.kt",
    "kotlinx-coroutines-core/common/src/flow/Flow.kt",
    "packages/core/src/index.js",
    "packages/core/test/helpers.js",
    "packages/cli/tests/run.js",
    "django/test/client.py",
    "django/db/models/query.py",
    "test/top.js",
  ];
  const layout = { testRoots: findTestRoots(tree) };
  assert.deepEqual([...layout.testRoots].sort(), ["kotlinx-coroutines-core/jvm/test/", "packages/core/test/"]);
  const role = (path: string, language: Parameters<typeof fileRole>[1]) => fileRole(path, language, layout);
  assert.equal(role("kotlinx-coroutines-core/jvm/test/ConcurrentTestUtilities.kt", "kotlin"), "test");
  assert.equal(role("kotlinx-coroutines-core/jvm/test/guide/example-flow-14.kt", "kotlin"), "test");
  assert.equal(role("packages/core/test/helpers.js", "javascript"), "test");
  // No src/ beside it: library code (Django's test client), or a folder the other rules judge.
  assert.equal(role("django/test/client.py", "python"), "code");
  assert.equal(role("packages/cli/tests/run.js", "javascript"), "test");
  assert.equal(role("kotlinx-coroutines-core/jvm/src/Dispatchers.kt", "kotlin"), "code");
  assert.equal(role("kotlinx-coroutines-core/common/src/flow/Flow.kt", "kotlin"), "code");
  // Without the layout, only the path's own conventions count.
  assert.equal(fileRole("kotlinx-coroutines-core/jvm/test/ConcurrentTestUtilities.kt", "kotlin"), "code");
});
