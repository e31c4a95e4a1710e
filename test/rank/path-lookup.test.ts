import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPathLookup, matchModule, matchPathSuffix } from "../../src/rank/lexical/path-lookup.js";
import { moduleSegments, moduleTail } from "../../src/rank/lexical/path-terms.js";

const paths = [
  "django/forms/fields.py",
  "tests/forms_tests/fields.py",
  "src/_pytest/main.py",
  "sphinx/util/parse.py",
  "src/main/java/com/acme/orders/OrderService.java",
  "django/db/models/__init__.py",
  "pkg/a/settings.py",
  "pkg/b/settings.py",
];
const lookup = buildPathLookup(paths);
const names = (m: { files: readonly number[] }) => m.files.map((i) => paths[i]);

test("an absolute or installed path matches the repository file it ends with", () => {
  assert.deepEqual(names(matchPathSuffix(lookup, "/usr/lib/python3.8/site-packages/django/forms/fields.py")), ["django/forms/fields.py"]);
  assert.deepEqual(names(matchPathSuffix(lookup, "D:\\venv\\Lib\\site-packages\\django\\forms\\fields.py")), ["django/forms/fields.py"]);
});

test("a package path matches under a source root", () => {
  const m = matchPathSuffix(lookup, "com/acme/orders/OrderService.java");
  assert.deepEqual([names(m), m.matched], [["src/main/java/com/acme/orders/OrderService.java"], 4]);
});

test("an installed package matches a src/ layout when two or more trailing segments agree", () => {
  const m = matchPathSuffix(lookup, "/usr/local/lib/python3.8/site-packages/_pytest/main.py");
  assert.deepEqual([names(m), m.matched], [["src/_pytest/main.py"], 2]);
});

test("a shared file name alone is no match when the folders disagree", () => {
  assert.deepEqual(names(matchPathSuffix(lookup, "/usr/lib/python3.8/urllib/parse.py")), []);
});

test("a bare file name matches every file of that name, with one matched segment", () => {
  const m = matchPathSuffix(lookup, "settings.py");
  assert.deepEqual([names(m), m.matched], [["pkg/a/settings.py", "pkg/b/settings.py"], 1]);
});

test("dotted module names resolve to modules and packages, only when matched whole", () => {
  assert.deepEqual(names(matchModule(lookup, ["django", "db", "models"])), ["django/db/models/__init__.py"]);
  assert.deepEqual(names(matchModule(lookup, ["forms", "fields"])), ["django/forms/fields.py"]);
  assert.deepEqual(names(matchModule(lookup, ["acme", "orders", "OrderService"])), ["src/main/java/com/acme/orders/OrderService.java"]);
  assert.deepEqual(names(matchModule(lookup, ["other", "forms", "fields"])), []);
});

test("a path's module tail is the last of its module segments", () => {
  const cases = [
    ...paths, "django/db/models/__init__.py", "b/__init__.py", "__init__.py", "web/index.js", "index.js", "src/lib/mod.rs",
    "a/package-info.java", "Makefile", "dir/.hidden", "a/b.c.d", "x/y/README",
  ].map((p) => p.toLowerCase());
  assert.deepEqual(cases.map(moduleTail), cases.map((p) => moduleSegments(p).at(-1)));
});

test("segments are split on demand and agree with the path", () => {
  const l = buildPathLookup(["Django/DB/Models/__init__.py", "setup.py"]);
  assert.deepEqual([l.segmentsOf(0), l.modulesOf(0), l.segmentsOf(1), l.modulesOf(1)],
    [["django", "db", "models", "__init__.py"], ["django", "db", "models"], ["setup.py"], ["setup"]]);
  assert.equal(l.segmentsOf(0), l.segmentsOf(0));
  assert.deepEqual([[...l.byName], [...l.byModuleTail]], [[["__init__.py", [0]], ["setup.py", [1]]], [["models", [0]], ["setup", [1]]]]);
});
