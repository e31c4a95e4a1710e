/**
 * Measures the indexer on a real tree: cold index, re-index with no change, and corpus load.
 * Usage: node --import tsx bench/index-tree.ts <tree dir> [store path]
 * The tree is read in place (never copied); the store goes to a temp dir unless given.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexTree } from "../src/index/index-tree.js";
import { createSymbolExtractor } from "../src/index/symbols/symbol-extractor.js";
import { analyzeToBytes } from "../src/rank/analyze-content.js";
import { openIndexStore } from "../src/store/open-index-store.js";

const root = process.argv[2];
if (!root) throw new Error("usage: bench/index-tree.ts <tree dir> [store path]");
const dir = mkdtempSync(join(tmpdir(), "bugscout-bench-"));
const storePath = process.argv[3] ?? join(dir, "index.sqlite");

const t0 = performance.now();
const extractor = await createSymbolExtractor();
const loadMs = performance.now() - t0;
const store = openIndexStore(storePath);
try {
  const cold = await indexTree({ root, store, extractor, analyze: analyzeToBytes });
  const warm = await indexTree({ root, store, extractor, analyze: analyzeToBytes });
  const t1 = performance.now();
  const corpus = store.loadCorpus();
  const corpusMs = performance.now() - t1;
  const symbols = corpus.reduce((n, file) => n + file.symbols.length, 0);
  process.stdout.write(JSON.stringify({
    grammarsLoadMs: Math.round(loadMs),
    cold: { ...cold, skipped: undefined },
    skipped: cold.skipped,
    warm: { files: warm.files, analyzed: warm.analyzed, ms: warm.ms, generation: warm.generation },
    loadCorpus: { files: corpus.length, symbols, ms: Math.round(corpusMs) },
  }, null, 2) + "\n");
} finally {
  store.close();
  extractor.dispose();
  if (!process.argv[3]) rmSync(dir, { recursive: true, force: true });
}
