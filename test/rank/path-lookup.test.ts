import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPathLookup, matchModule, matchPathSuffix } from "../../src/rank/path-lookup.js";

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
