import { test } from "node:test";
import assert from "node:assert/strict";
import { fileRole } from "../../src/rank/file-role.js";
import type { Language } from "../../src/index/types.js";

const cases: [string, Language, string][] = [
  ["django/forms/fields.py", "python", "code"],
  ["django/test/client.py", "python", "code"],
  ["tests/forms_tests/test_fields.py", "python", "test"],
  ["sympy/core/tests/test_basic.py", "python", "test"],
  ["testing/python/fixtures.py", "python", "test"],
  ["conftest.py", "python", "test"],
  ["module-a/src/test/java/com/acme/OrderServiceTest.java", "java", "test"],
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
  ["package.json", "json", "data"],
  ["setup.cfg", "text", "data"],
];

for (const [path, language, role] of cases) {
  test(`${path} is ${role}`, () => assert.equal(fileRole(path, language), role));
}
