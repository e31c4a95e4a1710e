/**
 * Load, build and rank latency of the lexical ranker on one repository tree through the real pipeline (bench only):
 * indexes the tree into a store (incremental if the store exists), then times `loadCorpus` + `buildLexicalIndex`
 * (first = cold JIT, then warm) and `rankLexical` over every dataset issue of that repository (default options).
 *
 *   npx tsx bench/eval-latency.ts [--repo django/django] [--tree <dir>] [--store <file>]
 */
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { buildLexicalIndex } from "../src/rank/lexical-index.js";
import { rankLexical } from "../src/rank/rank-lexical.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { createIndexer } from "../src/triage/create-indexer.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const repo = args.get("repo") ?? "django/django";
const rows = parseDataset(readFileSync("/work/shared/bench/swebench_lite.jsonl", "utf8")).filter((r) => r.repo === repo);
const tree = args.get("tree") ?? `${process.env.HOME}/.cache/bench-trees/${rows[0].baseCommit}`;
const store = openIndexStore(args.get("store") ?? `/tmp/bugscout-latency-${repo.replace("/", "__")}.sqlite`);
const indexer = await createIndexer();
await indexer.refresh(store, tree);
indexer.dispose();

const times = (label: string, xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return `${label} median ${s[s.length >> 1].toFixed(1)} ms, p95 ${s[Math.floor((s.length - 1) * 0.95)].toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms`;
};
const builds: number[] = [];
const loads: number[] = [];
let index = buildLexicalIndex([]);
for (let i = 0; i < 6; i++) {
  const t0 = performance.now();
  const corpus = store.loadCorpus();
  const t1 = performance.now();
  index = buildLexicalIndex(corpus);
  loads.push(t1 - t0);
  builds.push(performance.now() - t1);
}
console.log(`${repo} @ ${tree.split("/").pop()!.slice(0, 8)}: ${index.files.length} files, ${index.interner.size} terms, ${index.postFile.length} postings`);
console.log(`load: first ${loads[0].toFixed(0)} ms, then ${times("", loads.slice(1))}`);
console.log(`build: first ${builds[0].toFixed(0)} ms, then ${times("", builds.slice(1))}`);
const rankMs: number[] = [];
for (let rep = 0; rep < 3; rep++) {
  for (const r of rows) {
    const t = performance.now();
    rankLexical(index, r.body);
    rankMs.push(performance.now() - t);
  }
}
console.log(times(`rank (${rows.length} issues × 3):`, rankMs));
console.log(`heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, array buffers ${(process.memoryUsage().arrayBuffers / 2 ** 20).toFixed(0)} MiB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
store.close();
