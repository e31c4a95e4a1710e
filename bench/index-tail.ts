/**
 * The serial tail of a cold `bugscout index` (issue 25): the ranking index built only to be saved, phase by phase,
 * with the process's memory after each. Runs on a store an index run left (`bugscout index <tree> --store F`): its
 * contents are numbered first, as the run numbers them while its workers parse, then the tree is read back (with
 * analyses on demand, as `saveLexicalIndex` does, or all of them with `--eager`), built, laid out and written over the
 * store's saved index (`F.lexical`: a bench store only).
 *
 *   node --expose-gc --import tsx bench/index-tail.ts <store.sqlite> [--eager]
 */
import { buildLexicalIndex } from "../src/rank/lexical/lexical-index.js";
import { layOutLexicalIndex } from "../src/rank/lexical/lexical-snapshot.js";
import { prepareContents } from "../src/rank/lexical/prepared-contents.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { createSnapshotRepo } from "../src/store/snapshot-repo.js";

const [path, flag] = process.argv.slice(2);
if (!path) throw new Error("usage: bench/index-tail.ts <store.sqlite> [--eager]");
const store = openIndexStore(path);
const megabytes = (n: number): string => `${(n / 1e6).toFixed(0)} MB`;
let mark = performance.now();
function lap(label: string): void {
  const now = performance.now();
  const m = process.memoryUsage();
  console.log(`${label.padEnd(28)} ${(now - mark).toFixed(0).padStart(6)} ms  rss ${megabytes(m.rss)}  heap ${megabytes(m.heapUsed)}  buffers ${megabytes(m.arrayBuffers)}`);
  mark = now;
}

try {
  const prepared = prepareContents();
  const rows = store.db.prepare("SELECT hash, analysis FROM blobs").all() as { hash: string; analysis: Uint8Array }[];
  prepared.add(rows);
  rows.length = 0;
  (globalThis as { gc?: () => void }).gc?.();
  lap("contents numbered (the walk)");
  const repo = createSnapshotRepo(store);
  const built = repo.loadCorpusAt("content_version", { analysesOnDemand: flag !== "--eager" });
  lap(`tree read (${built.corpus.length} files)`);
  const index = buildLexicalIndex(built.corpus, prepared);
  lap("built");
  const packed = layOutLexicalIndex(index);
  lap("laid out");
  repo.write("bench-tail", packed);
  lap("written");
  console.log(`postings ${index.postFile.length}, terms ${index.interner.size}, defined names ${index.definitions.size}`);
} finally {
  store.close();
}
