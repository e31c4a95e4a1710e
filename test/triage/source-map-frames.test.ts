import assert from "node:assert/strict";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { readTreeFile } from "../../src/index/read-tree-file.js";
import { rankIssue } from "../../src/triage/rank-issue.js";
import { indexFixtureTree } from "../rank/indexed-fixture-tree.js";
import { makeTempDir } from "../index/temp-tree.js";

// Issue 53 item 6, through the use-case every entry point calls: a GitHub Action's trace through its committed
// bundle (dist/index.js, which the index leaves out) is credited to the TypeScript source and line by dist/index.js.map.

const FIXTURE = join(import.meta.dirname, "../fixtures/action-bundle");
const fixture = (path: string) => readFileSync(join(FIXTURE, path), "utf8");
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

const bundle = fixture("bundle/index.js");
const ISSUE = [
  "The action fails on an empty labels input",
  "Error: empty input",
  `    at parsePairs (/home/runner/work/_actions/acme/pairs-action/v1/dist/index.js:${lineOf(bundle, 'throw new Error("empty input")')}:11)`,
  `    at run (/home/runner/work/_actions/acme/pairs-action/v1/dist/index.js:${lineOf(bundle, "const pairs = parsePairs(")}:19)`,
].join("\n");

async function actionRepo(t: Parameters<typeof indexFixtureTree>[0]) {
  return indexFixtureTree(t, {
    "package.json": JSON.stringify({ name: "pairs-action", version: "1.0.0", main: "dist/index.js" }),
    "action.yml": "name: Pairs\nruns:\n  using: node20\n  main: dist/index.js\n",
    "src/main.ts": fixture("src/main.ts"),
    "src/parse.ts": fixture("src/parse.ts"),
    "src/report.ts": "/** Formats the labels for the job summary. */\nexport function report(labels: string[]): string {\n  return labels.join(', ');\n}\n",
    "dist/index.js": bundle,
    "dist/index.js.map": fixture("bundle/index.js.map"),
  });
}

test("the source map places the frames: the thrown line's file first, its function and source line as the pointer", async (t) => {
  const { index, root } = await actionRepo(t);
  assert.ok(!index.files.some((f) => f.path.startsWith("dist/")), "the bundle is build output: not indexed");
  const ranking = await rankIssue({ index, now: () => 0, readFile: (path, max) => readTreeFile(root, path, max) }, { text: ISSUE, top: 3, mode: "bm25" });
  const [first, second] = ranking.files;
  assert.equal(first.path, "src/parse.ts");
  assert.deepEqual(first.evidence.mention, { kind: "frame", text: ISSUE.split("\n")[2].trim(), line: lineOf(fixture("src/parse.ts"), 'throw new Error("empty input")'), symbol: "parsePairs" });
  assert.equal(first.evidence.symbol?.name, "parsePairs");
  assert.equal(second.path, "src/main.ts");
  assert.equal(second.evidence.mention?.line, lineOf(fixture("src/main.ts"), "const pairs = parsePairs("));

  // Without the map the bundle's frames name no source (dist/index.js → src/index.ts is not in the tree).
  const unmapped = await rankIssue({ index, now: () => 0 }, { text: ISSUE, top: 3, mode: "bm25" });
  assert.ok(unmapped.files.every((f) => f.evidence.mention?.kind !== "frame"));
});

test("a tree file read for a ranking stays inside the checkout: no climbing, no links out, no oversized reads", async (t) => {
  const root = makeTempDir(t);
  const outside = makeTempDir(t);
  writeFileSync(join(outside, "secret.map"), "{}");
  writeFileSync(join(root, "ok.map"), "{}");
  symlinkSync(join(outside, "secret.map"), join(root, "link.map"));
  assert.deepEqual(await readTreeFile(root, "ok.map", 100), Buffer.from("{}"));
  for (const path of ["../secret.map", "link.map", "/etc/passwd", "missing.map"]) assert.equal(await readTreeFile(root, path, 100), undefined, path);
  assert.equal(await readTreeFile(root, "ok.map", 1), undefined, "over the size cap");
});
