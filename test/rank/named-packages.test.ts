import assert from "node:assert/strict";
import { test } from "node:test";
import { findNamedPackages } from "../../src/rank/signals/named-packages.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import type { TreeSpec } from "../index/temp-tree.js";
import { indexSavedFixtureTree } from "./indexed-fixture-tree.js";

// Issue 24: in a workspace monorepo, the package the issue names is evidence for its files.

const manifest = (name: string) => JSON.stringify({ name, version: "1.0.0", main: "dist/index.js" });
const parser = (what: string) => `/** Parses ${what} into its keys and values. */
export function parse${what[0].toUpperCase()}${what.slice(1)}(input: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const pair of input.split("&")) {
    const [key, value] = pair.split("=");
    values.set(key, [value]);
  }
  return values;
}
`;

const MONOREPO: TreeSpec = {
  "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
  "packages/core/package.json": manifest("@acme/core"),
  "packages/core/src/index.ts": `export * from "./parse-values";\n`,
  "packages/core/src/parse-values.ts": parser("values"),
  "packages/cli/package.json": manifest("acme-cli"),
  "packages/cli/src/parse-args.ts": parser("args"),
  "packages/web/package.json": manifest("@acme/web"),
  "packages/web/src/parse-query.ts": parser("query").replace("Parses query", "Parses a query string"),
};

const ISSUE = "Repeated keys lose values\nWith `@acme/web` 2.1, parsing `a=1&a=2` keeps only the last value of the repeated key.";

test("the package an issue names lifts its files over a sibling package with the same vocabulary", async (t) => {
  const index = await indexSavedFixtureTree(t, MONOREPO);
  assert.deepEqual(index.graph.packages.map((p) => `${p.name}:${p.dir}`).sort(),
    ["@acme/core:packages/core", "@acme/web:packages/web", "acme-cli:packages/cli", "acme:"]);
  const without = rankLexical(index, ISSUE, { packages: 0 });
  const withPackages = rankLexical(index, ISSUE);
  assert.notEqual(without[0].path, "packages/web/src/parse-query.ts", "the fixture's siblings tie or win without the signal");
  assert.equal(withPackages[0].path, "packages/web/src/parse-query.ts");
  assert.equal(withPackages[0].evidence.package, "@acme/web");
  assert.equal(withPackages.find((f) => f.path === "packages/cli/src/parse-args.ts")?.evidence.package, undefined);
});

test("which mentions name a package: whole scoped or hyphenated names anywhere, one-word names only when marked", () => {
  const packages = [
    { name: "acme", dir: "" }, { name: "@acme/utils", dir: "packages/utils" }, { name: "foo-parser", dir: "packages/parser" },
    { name: "core", dir: "packages/core" },
  ];
  const named = (text: string) => findNamedPackages(text, packages).map((p) => p.name);
  assert.deepEqual(named("crash in @acme/utils when …"), ["@acme/utils"]);
  assert.deepEqual(named("import { x } from '@acme/utils/strings'"), ["@acme/utils"]);
  assert.deepEqual(named("@acme/utils-extra is fine"), []);
  assert.deepEqual(named("foo-parser fails on tabs"), ["foo-parser"]);
  assert.deepEqual(named("the core of the problem"), [], "a one-word name in prose is a word");
  assert.deepEqual(named("after upgrading `core` and core@2.0.1"), ["core"]);
  assert.deepEqual(named("acme crashes"), [], "the root package is the project itself");
  assert.deepEqual(named("`core`, @acme/utils and foo-parser all fail"), [], "naming every package singles none out");
});
