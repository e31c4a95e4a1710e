import type { FileRole } from "./file-role.js";

/** A test file's name as the name of the file it tests with a test affix: `foo_test.go`, `foo.test.ts`, `FooTest.java`. */
const SUFFIXED = /^(.+?)(?:_test|_tests|\.test|\.spec|_spec|Tests?)(\.[^./]+)$/;
/** A test file's name as the name of the file it tests with a test prefix: `test_foo.py`, `test_foo.c`. */
const PREFIXED = /^test_(.+)(\.[^./]+)$/;

/** The name of the file a test file's name says it tests, in the same language (same extension). */
function subjectName(name: string): string | undefined {
  const m = SUFFIXED.exec(name) ?? PREFIXED.exec(name);
  return m ? m[1] + m[2] : undefined;
}

/**
 * Test files that sit beside the code file they are named after (`server_test.go` ↔ `server.go`, `parse.test.js` ↔
 * `parse.js`, `test_units.py` ↔ `units.py`): test index → code index. Only the same folder counts: Go keeps every
 * test beside its file by rule, and a test elsewhere (`tests/test_units.py`, `src/test/…/UnitsTest.java`) is too
 * often a suite about many files — lending through those cost SWE-bench Lite first places (docs/ranking.md).
 */
export function findTestSubjects(files: readonly { readonly path: string; readonly role: FileRole }[]): Map<number, number> {
  const code = new Map<string, number>();
  files.forEach((f, d) => {
    if (f.role === "code") code.set(f.path, d);
  });
  const out = new Map<number, number>();
  files.forEach((f, d) => {
    if (f.role !== "test") return;
    const slash = f.path.lastIndexOf("/") + 1;
    const name = subjectName(f.path.slice(slash));
    const subject = name === undefined ? undefined : code.get(f.path.slice(0, slash) + name);
    if (subject !== undefined) out.set(d, subject);
  });
  return out;
}
