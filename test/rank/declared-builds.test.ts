import assert from "node:assert/strict";
import { test } from "node:test";
import { findDeclaredBuilds } from "../../src/rank/lexical/declared-builds.js";
import { buildPathLookup } from "../../src/rank/lexical/path-lookup.js";
import { matchBuiltSource } from "../../src/rank/pointers/built-sources.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import type { TreeSpec } from "../index/temp-tree.js";
import { indexSavedFixtureTree } from "./indexed-fixture-tree.js";

// Issue 53 item 6: a frame of built JavaScript is credited to its source by the build the repository declares
// (tsconfig outDir/rootDir, a package.json script), before the src/ convention.

test("declared builds resolve against the tree; in-place builds and builds above the tree are none", () => {
  const builds = findDeclaredBuilds([
    { path: "packages/core/tsconfig.build.json", links: { imports: [], types: [], builds: [{ outDir: "./build/cjs", rootDir: "source" }] } },
    { path: "packages/util/package.json", links: { imports: [], types: [], builds: [{ outDir: "lib", rootDir: "lib-src" }, { outDir: ".", rootDir: "x" }] } },
    { path: "tsconfig.json", links: { imports: [], types: [], builds: [{ outDir: "../elsewhere" }, { outDir: "." }] } },
    { path: "notes/builds.json", links: { imports: [], types: [], builds: [{ outDir: "dist" }] } },
  ]);
  assert.deepEqual(builds, [
    { out: "packages/core/build/cjs", roots: ["packages/core/source", "packages/core"] },
    { out: "packages/util/lib", roots: ["packages/util/lib-src", "packages/util"] },
  ]);
});

test("a frame goes to the build whose output folder it passes through on the most folders", () => {
  const paths = ["packages/core/source/parse.ts", "packages/util/source/parse.ts", "src/parse.ts"];
  const lookup = buildPathLookup(paths);
  const builds = [
    { out: "packages/core/out", roots: ["packages/core/source", "packages/core"] },
    { out: "packages/util/out", roots: ["packages/util/source", "packages/util"] },
  ];
  const sources = (frame: string) => matchBuiltSource(lookup, builds, frame).files.map((f) => paths[f]);
  assert.deepEqual(sources("/srv/node_modules/@acme/core/out/parse.js"), ["packages/core/source/parse.ts"]);
  assert.deepEqual(sources("/srv/node_modules/acme-util/out/parse.js"), ["packages/core/source/parse.ts", "packages/util/source/parse.ts"],
    "a frame that names neither package is split between them");
  assert.deepEqual(sources("/srv/node_modules/x/dist/parse.js"), ["src/parse.ts"], "no declared build: the src/ convention");
  assert.deepEqual(sources("/srv/node_modules/x/out/parse.ts"), [], "not built JavaScript");
});

const tokenizer = `/** Splits a query string into tokens. */
export function tokenize(input: string): string[] {
  return input.split(/\\s+/).filter((word) => word.length > 0);
}
`;
const formatter = `/** Formats a report line. */
export function formatLine(label: string, value: number): string {
  return label + ": " + value.toFixed(2);
}
`;
const strings = `/** Pads a label to a width. */
function padLabel(label, width) {
  return label.padEnd(width, " ");
}
module.exports = { padLabel };
`;

/** A monorepo whose builds are not the convention: core compiles source/ to build/cjs/, util's babel writes lib/ from lib-src/. */
function monorepo(withDeclarations: boolean): TreeSpec {
  return {
    "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
    "packages/core/package.json": JSON.stringify({ name: "@acme/core", version: "1.0.0", main: "build/cjs/index.js" }),
    ...(withDeclarations ? { "packages/core/tsconfig.json": `{ "compilerOptions": { "outDir": "build/cjs", "rootDir": "source" } }` } : {}),
    "packages/core/source/tokenize.ts": tokenizer,
    "packages/core/source/report/format.ts": formatter,
    "packages/util/package.json": JSON.stringify({
      name: "@acme/util", version: "1.0.0", main: "lib/index.js",
      scripts: withDeclarations ? { build: "babel lib-src -d lib --copy-files" } : { test: "node --test" },
    }),
    "packages/util/lib-src/strings.js": strings,
  };
}

const ISSUE = [
  "Crash on an empty input",
  "TypeError: Cannot read properties of undefined (reading 'split')",
  "    at tokenize (/srv/app/node_modules/@acme/core/build/cjs/tokenize.js:3:16)",
  "    at /srv/app/node_modules/@acme/util/lib/strings.js:3:16",
].join("\n");

test("through the real index and its saved snapshot, a declared build's frames credit their sources", async (t) => {
  const index = await indexSavedFixtureTree(t, monorepo(true));
  const ranked = rankLexical(index, ISSUE);
  assert.deepEqual(ranked.slice(0, 2).map((f) => f.path), ["packages/core/source/tokenize.ts", "packages/util/lib-src/strings.js"]);
  assert.equal(ranked[0].evidence.mention?.kind, "frame");
  assert.equal(ranked[1].evidence.mention?.kind, "frame", "a frame without a function name counts too");

  // The same tree without the declarations: neither build folder follows the src/ convention, so no frame is credited.
  const undeclared = rankLexical(await indexSavedFixtureTree(t, monorepo(false)), ISSUE);
  assert.ok(undeclared.every((f) => f.evidence.mention?.kind !== "frame"), JSON.stringify(undeclared.map((f) => f.evidence.mention)));
});
