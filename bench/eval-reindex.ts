/** Times incremental re-indexing across a repository's trees in commit order (bench only). */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseDataset } from "../src/eval/dataset.js";
import { readTreeTime } from "../src/eval/read-tree-time.js";
import { buildLexicalIndex } from "../src/rank/lexical-index.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { createIndexer } from "../src/triage/create-indexer.js";
const repo = process.argv[2] ?? "django/django";
const count = Number(process.argv[3] ?? 8);
const trees = `${process.env.HOME}/.cache/bench-trees`;
const commits = [...new Set(parseDataset(readFileSync("/work/shared/bench/swebench_lite.jsonl", "utf8")).filter((r) => r.repo === repo).map((r) => r.baseCommit))]
  .sort((a, b) => readTreeTime(join(trees, a)) - readTreeTime(join(trees, b))).slice(0, count);
const file = `/tmp/reindex-${process.pid}.sqlite`;
const store = openIndexStore(file);
const indexer = await createIndexer();
for (const c of commits) {
  const t0 = performance.now();
  const r = await indexer.refresh(store, join(trees, c));
  const t1 = performance.now();
  const corpus = store.loadCorpus();
  const t2 = performance.now();
  buildLexicalIndex(corpus);
  const t3 = performance.now();
  console.log(`${c.slice(0, 8)} files ${r.files} analysed ${r.analyzed} refresh ${(t1 - t0).toFixed(0)} ms, load ${(t2 - t1).toFixed(0)} ms, build ${(t3 - t2).toFixed(0)} ms`);
}
store.close();
indexer.dispose();
rmSync(file, { force: true }); rmSync(`${file}-wal`, { force: true }); rmSync(`${file}-shm`, { force: true });
