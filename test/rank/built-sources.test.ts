import { test } from "node:test";
import assert from "node:assert/strict";
import { matchBuiltSource } from "../../src/rank/pointers/built-sources.js";
import { buildPathLookup } from "../../src/rank/lexical/path-lookup.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { buildShopIndex, type FixtureFile } from "./fixture-shop.js";

const PATHS = ["src/client.ts", "packages/core/src/util/x.tsx", "src/legacy.js", "lib/real.js", "index.js"];
const lookup = buildPathLookup(PATHS);
const sources = (framePath: string) => matchBuiltSource(lookup, [], framePath).files.map((i) => PATHS[i]);

test("a built file's frame maps to the same path under the package's src/, TypeScript first", () => {
  assert.deepEqual(sources("/app/node_modules/pkg/dist/client.js"), ["src/client.ts"]);
  assert.deepEqual(sources("dist/esm/client.js"), ["src/client.ts"], "a module-format folder inside dist/ is skipped");
  assert.deepEqual(sources("node_modules/@acme/core/build/cjs/util/x.js"), ["packages/core/src/util/x.tsx"]);
  assert.deepEqual(sources("out/legacy.min.js"), ["src/legacy.js"], "babel's lib/ from src/*.js, a minified name");
});

test("only built code is mapped, and only to a source the repository holds", () => {
  assert.deepEqual(sources("src/client.js"), [], "no build folder");
  assert.deepEqual(sources("dist/missing.js"), []);
  assert.deepEqual(sources("dist/client.ts"), [], "not built JavaScript");
});

const TS_FILES: readonly FixtureFile[] = [
  { path: "src/client.ts", language: "typescript", text: "export function request(url: string) {\n  return fetchJson(url);\n}\n" },
  { path: "src/retry.ts", language: "typescript", text: "export function retry(request: () => void) {\n  request();\n  request();\n}\n" },
  { path: "src/index.ts", language: "typescript", text: "export { request } from './client';\nexport { retry } from './retry';\n" },
  { path: "index.js", language: "javascript", text: "module.exports = require('./dist/index.js');\n" },
];

test("a trace through dist/*.js (with and without function names) is credited to src/*.ts as a stack frame", () => {
  const index = buildShopIndex(TS_FILES);
  const issue = [
    "Crash when the request is retried",
    "TypeError: Cannot read properties of undefined (reading 'json')",
    "    at request (/home/me/app/node_modules/acme-client/dist/client.js:12:5)",
    "    at /home/me/app/node_modules/acme-client/dist/retry.js:3:7",
  ].join("\n");
  const ranked = rankLexical(index, issue);
  assert.deepEqual(ranked.slice(0, 2).map((f) => f.path), ["src/client.ts", "src/retry.ts"]);
  assert.deepEqual(ranked[0].evidence.mention, { kind: "frame", text: "at request (/home/me/app/node_modules/acme-client/dist/client.js:12:5)", line: undefined, symbol: "request" });
  assert.equal(ranked[1].evidence.mention?.kind, "frame", "a frame without a function name counts too");
});
