/**
 * What choosing the pointers costs a ranking (docs/benchmarks.md, "Pointer choice"): on an indexed store, each
 * issue is ranked (top 10 files), then the pointer choice of those files (`buildPointerQuery` and `filePointers`:
 * the part of `rankLexical` that chooses pointers; the frames were resolved to files by the ranking) is timed alone, best of 5 runs per issue; the median and
 * p95 over the issues are printed beside the whole ranking's.
 *
 *   npx tsx bench/pointer-cost.ts --store ~/benchwork/stores-swe/django__django.sqlite \
 *     --dataset /work/shared/bench/swebench_lite.jsonl --repo django/django
 */
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { filePointers } from "../src/rank/signals/build-evidence.js";
import { buildLexicalIndex } from "../src/rank/lexical/lexical-index.js";
import { parseIssue } from "../src/rank/query/parse-issue.js";
import { rankLexicalParts } from "../src/rank/signals/rank-lexical.js";
import { buildPointerQuery } from "../src/rank/pointers/score-pointers.js";
import { openIndexStore } from "../src/store/open-index-store.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const store = openIndexStore(args.get("store")!);
const index = buildLexicalIndex(store.loadCorpus());
store.close();
const rows = parseDataset(readFileSync(args.get("dataset")!, "utf8")).filter((r) => !args.has("repo") || r.repo === args.get("repo"));

const pointerMs: number[] = [];
const rankMs: number[] = [];
const best = (f: () => void): number => {
  let min = Infinity;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    f();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
};
for (const row of rows) {
  let parts = rankLexicalParts(index, row.body, { limit: 10 });
  rankMs.push(best(() => (parts = rankLexicalParts(index, row.body, { limit: 10 }))));
  const issue = parseIssue(row.body);
  // The term weights the ranking computed anyway: what the pointer choice adds is the query and the files' symbols.
  const weightOf = parts.pointerQuery.weightOf;
  pointerMs.push(best(() => {
    const query = buildPointerQuery(issue, weightOf, parts.pointerQuery.frames);
    for (const file of parts.fileIds) filePointers(index, file, query, parts.options);
  }));
}
const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(`${rows.length} issues on ${index.files.length} files`);
console.log(`pointer choice (top 10 files): median ${q(pointerMs, 0.5).toFixed(2)} ms, p95 ${q(pointerMs, 0.95).toFixed(2)} ms`);
console.log(`whole lexical ranking:         median ${q(rankMs, 0.5).toFixed(1)} ms, p95 ${q(rankMs, 0.95).toFixed(1)} ms`);
