/**
 * BM25 engines on one corpus with the same tokens: BugScout's in-memory index, wink-bm25-text-search and SQLite
 * FTS5 (better-sqlite3, bench only). Corpus: every selected file of a django tree; queries: the django issues of
 * the dataset, each as its unique split tokens (all engines get the same token lists; k1 1.2, b 0.75).
 *
 *   node --expose-gc --import tsx bench/eval-engines.ts [--tree <dir>] [--dataset <jsonl>]
 *
 * Prints build time, median/p95 query time (top 50) and heap growth for each engine, and top-10 overlap with ours.
 */
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import winkBm25 from "wink-bm25-text-search";
import { parseDataset } from "../src/eval/dataset.js";
import { decodeText } from "../src/index/decode-text.js";
import { createFsTreeSource } from "../src/index/fs-tree-source.js";
import { walkSelection } from "../src/index/select-files.js";
import { analyzeToBytes, countLines } from "../src/rank/analyze-content.js";
import { buildLexicalIndex } from "../src/rank/lexical-index.js";
import { scoreBm25f } from "../src/rank/score-bm25f.js";
import { tokenize } from "../src/rank/tokenize.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const treeDir = args.get("tree") ?? `${process.env.HOME}/.cache/bench-trees/4fd3044ca0135da903a70dfb66992293f529ecf1`;
const rows = parseDataset(readFileSync(args.get("dataset") ?? "/work/shared/bench/swebench_lite.jsonl", "utf8"))
  .filter((r) => r.repo === "django/django");
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const heap = (): number => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mib = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;
const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[s.length >> 1].toFixed(1)} ms, p95 ${s[Math.floor(s.length * 0.95)].toFixed(1)} ms`;
};

const files: { path: string; text: string; tokens: string[] }[] = [];
for (const ev of walkSelection(createFsTreeSource(treeDir))) {
  if (ev.kind !== "selected") continue;
  const text = decodeText(ev.file.bytes);
  files.push({ path: ev.file.path, text, tokens: tokenize(text) });
}
const queries = rows.map((r) => [...new Set(tokenize(r.body))]);
const totalTokens = files.reduce((s, f) => s + f.tokens.length, 0);
console.log(`corpus: ${files.length} files, ${(files.reduce((s, f) => s + f.text.length, 0) / 2 ** 20).toFixed(1)} MiB, ${totalTokens} tokens; ${queries.length} queries, mean ${Math.round(queries.reduce((s, q) => s + q.length, 0) / queries.length)} unique terms`);

// BugScout: analyses are what the store keeps, so the build starts from their bytes.
const analyses = files.map((f) => analyzeToBytes({ text: f.text, language: "text", symbols: [] }));
let h0 = heap();
let t0 = performance.now();
const index = buildLexicalIndex(files.map((f, i) => ({
  path: f.path, hash: String(i), language: "text", lineCount: countLines(f.text), symbols: [], analysis: analyses[i],
})));
const oursBuild = performance.now() - t0;
const oursHeap = heap() - h0;
const rebuilds = [0, 1, 2].map(() => {
  const t = performance.now();
  buildLexicalIndex(files.map((f, i) => ({
    path: f.path, hash: String(i), language: "text", lineCount: countLines(f.text), symbols: [], analysis: analyses[i],
  })));
  return performance.now() - t;
});
const options = { k1: 1.2, word: 1, part: 1, symbol: 0, dir: 0, name: 0, bContent: 0.75, bSymbol: 0.75, bPath: 0.75 };
const oursTop: string[][] = [];
const oursTimes = queries.map((q) => {
  const t = performance.now();
  const { scores } = scoreBm25f(index, q.map((term) => ({ term, weight: 1 })), options);
  const top = [...scores.keys()].filter((d) => scores[d] > 0).sort((a, b) => scores[b] - scores[a]).slice(0, 50);
  oursTop.push(top.slice(0, 10).map((d) => index.files[d].path));
  return performance.now() - t;
});
console.log(`bugscout: build ${oursBuild.toFixed(0)} ms cold, ${Math.min(...rebuilds).toFixed(0)} ms warm (from stored analyses), heap +${mib(oursHeap)}, query ${stats(oursTimes)}`);

// wink: same tokens through an identity prep task.
h0 = heap();
t0 = performance.now();
const wink = winkBm25();
wink.defineConfig({ fldWeights: { body: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
wink.definePrepTasks([(x: string | string[]) => (typeof x === "string" ? x.split(" ") : x)]);
files.forEach((f) => wink.addDoc({ body: f.tokens }, f.path));
wink.consolidate(4);
const winkBuild = performance.now() - t0;
const winkHeap = heap() - h0;
let winkOverlap = 0;
const winkTimes = queries.map((q, i) => {
  const t = performance.now();
  const top = wink.search(q.join(" "), 50).map(([p]) => p);
  const ms = performance.now() - t;
  winkOverlap += top.slice(0, 10).filter((p) => oursTop[i].includes(p)).length;
  return ms;
});
console.log(`wink: build ${winkBuild.toFixed(0)} ms (from tokens), heap +${mib(winkHeap)}, query ${stats(winkTimes)}, top-10 overlap with ours ${(winkOverlap / queries.length).toFixed(1)}/10`);

// FTS5: tokens joined by spaces into a unicode61 column; bm25() ranks (k1 1.2, b 0.75 built in).
const db = new Database(":memory:");
db.exec("CREATE VIRTUAL TABLE docs USING fts5(path UNINDEXED, body, tokenize = 'unicode61')");
t0 = performance.now();
const insert = db.prepare("INSERT INTO docs (path, body) VALUES (?, ?)");
db.transaction(() => files.forEach((f) => insert.run(f.path, f.tokens.join(" "))))();
db.exec("INSERT INTO docs(docs) VALUES ('optimize')");
const ftsBuild = performance.now() - t0;
const select = db.prepare("SELECT path FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 50").pluck();
let ftsOverlap = 0;
const ftsTimes = queries.map((q, i) => {
  const t = performance.now();
  const top = select.all(q.map((term) => `"${term}"`).join(" OR ")) as string[];
  const ms = performance.now() - t;
  ftsOverlap += top.slice(0, 10).filter((p) => oursTop[i].includes(p)).length;
  return ms;
});
const pages = (db.pragma("page_count", { simple: true }) as number) * (db.pragma("page_size", { simple: true }) as number);
console.log(`fts5: build ${ftsBuild.toFixed(0)} ms (from tokens), database ${mib(pages)}, query ${stats(ftsTimes)}, top-10 overlap with ours ${(ftsOverlap / queries.length).toFixed(1)}/10`);
