import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { buildPathLookup } from "../../src/rank/lexical/path-lookup.js";
import { parseFrames } from "../../src/rank/query/parse-frames.js";
import {
  decodeSourceMap, originalPosition, resolveMapSource, sourceMapCandidates, type SourceMap,
} from "../../src/rank/pointers/source-maps.js";

// Issue 53 item 6: a frame of a built bundle (a GitHub Action's dist/index.js) is placed by the bundle's source map.
// The fixture was built by esbuild from test/fixtures/action-bundle/src (bundle/: readable, bundle-min/: minified),
// with a dependency (tiny-core) bundled in.

const FIXTURE = join(import.meta.dirname, "../fixtures/action-bundle");
const read = (path: string) => readFileSync(join(FIXTURE, path));
const TREE = ["src/main.ts", "src/parse.ts", "action.yml", "package.json"];
const lookup = buildPathLookup(TREE);

/** The 1-based line and column of the first occurrence of `needle` in a fixture file. */
function positionOf(path: string, needle: string): { line: number; column: number } {
  const lines = read(path).toString("utf8").split("\n");
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, `${needle} in ${path}`);
  return { line: line + 1, column: lines[line].indexOf(needle) + 1 };
}

function mapOf(folder: string): SourceMap {
  const map = decodeSourceMap({ path: "dist/index.js.map", tail: "dist/index.js" }, read(`${folder}/index.js.map`));
  assert.ok(map, folder);
  return map;
}

const placed = (map: SourceMap, line: number, column?: number) => {
  const at = originalPosition(map, line, column);
  return at && { files: resolveMapSource(lookup, map, at.source).map((f) => TREE[f]), line: at.line };
};

test("a readable bundle's line maps to the source file and line it was built from", () => {
  const map = mapOf("bundle");
  const thrown = positionOf("bundle/index.js", 'throw new Error("empty input")');
  const source = positionOf("src/parse.ts", 'throw new Error("empty input")');
  assert.deepEqual(placed(map, thrown.line, thrown.column), { files: ["src/parse.ts"], line: source.line });
  assert.deepEqual(placed(map, thrown.line), { files: ["src/parse.ts"], line: source.line }, "without a column: the line's first mapping");
  const call = positionOf("bundle/index.js", "const pairs = parsePairs(");
  assert.deepEqual(placed(map, call.line, call.column), { files: ["src/main.ts"], line: positionOf("src/main.ts", "const pairs = parsePairs(").line });
});

test("in a minified bundle (all on one line) the column tells the sources apart", () => {
  const map = mapOf("bundle-min");
  const thrown = positionOf("bundle-min/index.js", 'new Error("empty input")');
  const call = positionOf("bundle-min/index.js", 'getInput)("labels")');
  assert.equal(thrown.line, call.line, "one line of code");
  assert.deepEqual(placed(map, thrown.line, thrown.column)?.files, ["src/parse.ts"]);
  assert.equal(placed(map, thrown.line, thrown.column)?.line, positionOf("src/parse.ts", 'throw new Error("empty input")').line);
  assert.deepEqual(placed(map, call.line, call.column)?.files, ["src/main.ts"]);
});

test("a frame in a bundled dependency names no file of the tree", () => {
  const map = mapOf("bundle");
  const dependency = positionOf("bundle/index.js", 'process.env["INPUT_"');
  const at = originalPosition(map, dependency.line, dependency.column);
  assert.ok(at);
  assert.match(map.sources[at.source], /node_modules\/tiny-core/);
  assert.deepEqual(resolveMapSource(lookup, map, at.source), []);
});

test("webpack's and ncc's source names resolve from the map's folder, then the tree's top; its runtime is none", () => {
  const map: SourceMap = {
    path: "dist/index.js.map", tail: "dist/index.js", mappings: "",
    sources: ["webpack://pairs-action/./src/parse.ts", "webpack://pairs-action/./node_modules/tiny-core/index.js", "webpack://pairs-action/webpack/runtime/compat", "../src/main.ts", "/home/dev/pairs/src/main.ts"],
  };
  assert.deepEqual([0, 1, 2, 3, 4].map((s) => resolveMapSource(lookup, map, s).map((f) => TREE[f])), [["src/parse.ts"], [], [], ["src/main.ts"], ["src/main.ts"]]);
});

test("maps are looked for beside the built files a trace runs through, not for files the tree holds", () => {
  const frames = parseFrames([
    "Error: empty input",
    "    at parsePairs (/home/runner/work/_actions/acme/pairs-action/v1/dist/index.js:60:11)",
    "    at /home/runner/work/_actions/acme/pairs-action/v1/dist/index.js:70:19",
    "    at Object.<anonymous> (/srv/app/node_modules/@acme/core/build/cjs/run.js:3:1)",
    "    at run (src/main.ts:7:19)",
    "    at evil (/srv/app/dist/../../../home/me/.ssh/id.js:1:1)",
  ].join("\n"));
  assert.equal(frames[0].column, 11);
  assert.deepEqual(sourceMapCandidates(lookup, [{ out: "packages/core/build/cjs", roots: ["packages/core/src"] }], frames), [
    { path: "dist/index.js.map", tail: "dist/index.js" },
    { path: "packages/core/build/cjs/run.js.map", tail: "core/build/cjs/run.js" },
  ]);
});

test("what is not a version 3 map is none", () => {
  const candidate = { path: "dist/index.js.map", tail: "dist/index.js" };
  for (const text of ["{", "[]", '{"version": 2, "sources": [], "mappings": ""}', '{"version": 3, "sources": "x", "mappings": ""}']) {
    assert.equal(decodeSourceMap(candidate, Buffer.from(text)), undefined, text);
  }
  assert.ok(decodeSourceMap(candidate, Buffer.from(")]}'\n{\"version\": 3, \"sources\": [], \"mappings\": \"\"}")), "the anti-script prefix is allowed");
});
