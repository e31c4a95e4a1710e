/**
 * Measures the indexer on a real tree: cold index, re-index with no change, and corpus load.
 * Usage: node --import tsx bench/index-tree.ts <tree dir> [store path]
 * The tree is read in place (never copied); the store goes to a temp dir unless given.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { indexTree } from "../src/index/index-tree.js";
import { createSymbolExtractor } from "../src/index/symbols/symbol-extractor.js";
import { analyzeToBytes } from "../src/rank/lexical/analyze-content.js";
import { openIndexStore } from "../src/store/open-index-store.js";

const root = process.argv[2];
if (!root) throw new Error("usage: bench/index-tree.ts <tree dir> [store path]");
const dir = mkdtempSync(join(tmpdir(), "bugscout-bench-"));
const storePath = process.argv[3] ?? join(dir, "index.sqlite");

/** Wall and CPU milliseconds of `work`: on a shared machine CPU time is the steadier number. */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: Math.round(performance.now() - wall), cpuMs: Math.round((used.user + used.system) / 1000) };
}

const load = await timed(() => createSymbolExtractor());
const extractor = load.value;
const store = openIndexStore(storePath);
try {
  const cold = await timed(() => indexTree({ root, store, extractor, analyze: analyzeToBytes }));
  const warm = await timed(() => indexTree({ root, store, extractor, analyze: analyzeToBytes }));
  const corpus = await timed(() => store.loadCorpus());
  const { skipped, ...coldReport } = cold.value;
  process.stdout.write(JSON.stringify({
    loadGrammars: { wallMs: load.wallMs, cpuMs: load.cpuMs },
    cold: { ...coldReport, wallMs: cold.wallMs, cpuMs: cold.cpuMs },
    skipped,
    warm: { files: warm.value.files, analyzed: warm.value.analyzed, wallMs: warm.wallMs, cpuMs: warm.cpuMs },
    loadCorpus: {
      files: corpus.value.length, symbols: corpus.value.reduce((n, file) => n + file.symbols.length, 0),
      wallMs: corpus.wallMs, cpuMs: corpus.cpuMs,
    },
    loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(" "),
  }, null, 2) + "\n");
} finally {
  store.close();
  extractor.dispose();
  if (!process.argv[3]) rmSync(dir, { recursive: true, force: true });
}
