/**
 * Dumps, for each gold file ranked in the first five, every symbol's pointer features (words score, distinct terms,
 * name-term weight, frame and named hits, kind, span, nesting) and whether it meets the fix's lines: one JSON line
 * per gold file, for studying the pointer choice offline. Bench only.
 *
 *   npx tsx bench/dump-pointer-features.ts --dataset <set.jsonl> --store-dir <dir> --out features.jsonl
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { pointerMeets } from "../src/eval/pointer-metrics.js";
import { decodeAnalysis } from "../src/rank/analyze-content.js";
import { rankLexicalParts } from "../src/rank/rank-lexical.js";
import { scanTokens } from "../src/rank/tokenize.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const rows = parseDataset(readFileSync(args.get("dataset")!, "utf8"));
const out: string[] = [];
await forEachIndexedTree({ rows, trees: args.get("trees") ?? `${process.env.HOME}/.cache/bench-trees`, storeDir: args.get("store-dir")! }, ({ index, rows: treeRows }) => {
  // The tree's test definitions with their words: which of them read like the issue, and which names they use.
  const tests: { file: number; terms: Set<string> }[] = [];
  for (const [file, f] of index.files.entries()) {
    if (f.role !== "test") continue;
    const a = f.analysis instanceof Uint8Array ? decodeAnalysis(f.analysis) : f.analysis;
    f.symbols.forEach((s, i) => {
      if (s.kind !== "window") tests.push({ file, terms: new Set([...(a.symbolTerms[i] ?? [])].map((t) => a.terms[t])) });
    });
  }
  const df = new Map<string, number>();
  const testDf = (name: string): number => {
    let n = df.get(name);
    if (n === undefined) df.set(name, (n = tests.reduce((k, t) => k + (t.terms.has(name) ? 1 : 0), 0)));
    return n;
  };
  for (const row of treeRows) {
    const r = rankLexicalParts(index, row.body, { limit: 5 });
    // Every test definition's weight of the words, once; then the 20 it weighs most in, over all tests and
    // within the five test files the file ranking puts first, best first, each as a share of its list's best.
    const weighted = tests.map((t) => {
      let words = 0;
      for (const term of t.terms) words += r.pointerQuery.weightOf.get(term) ?? 0;
      return { t, words };
    }).filter((x) => x.words > 0).sort((a, b) => b.words - a.words);
    const scored = weighted.slice(0, 20);
    const bestTest = scored[0]?.words ?? 0;
    const testFiles = new Set(rankLexicalParts(index, row.body, { limit: 100 }).fileIds.filter((d) => index.files[d].role === "test").slice(0, 5));
    const near = weighted.filter((x) => testFiles.has(x.t.file)).slice(0, 20);
    const bestNear = near[0]?.words ?? 0;
    r.fileIds.forEach((file, rank) => {
      const f = index.files[file];
      const gold = row.goldLines.get(f.path);
      if (!gold || gold.length === 0) return;
      const a = f.analysis instanceof Uint8Array ? decodeAnalysis(f.analysis) : f.analysis;
      const w = r.pointerQuery.weightOf;
      const frames = r.pointerQuery.frames.get(file) ?? [];
      const termIds = new Map<string, number>();
      // Which symbols of this file each symbol calls (its own lines hold the other's name as a word).
      const termIndex = new Map<string, number>();
      a.terms.forEach((t, i) => termIndex.set(t, i));
      const callsOf = (i: number): number[] => {
        const own = new Set(a.symbolTerms[i] ?? []);
        return f.symbols.flatMap((o, j) => {
          const t = termIndex.get(o.name.toLowerCase());
          return j !== i && o.kind !== "window" && t !== undefined && own.has(t) ? [j] : [];
        });
      };
      const symbols = f.symbols.map((s, i) => {
        const set = a.symbolTerms[i] ?? new Uint32Array();
        let words = 0;
        const matched: number[] = [];
        for (const t of set) {
          const tw = w.get(a.terms[t]) ?? 0;
          words += tw;
          if (tw > 0) {
            if (!termIds.has(a.terms[t])) termIds.set(a.terms[t], termIds.size);
            matched.push(termIds.get(a.terms[t])!);
          }
        }
        let nameW = 0;
        scanTokens(s.name, (term) => (nameW += w.get(term) ?? 0));
        const depth = f.symbols.filter((o) => o !== s && o.startLine <= s.startLine && o.endLine >= s.endLine).length;
        return {
          name: s.qualifiedName, kind: s.kind, start: s.startLine, end: s.endLine, depth, words, n: set.length, nameW, matched,
          named: r.pointerQuery.named.has(s.name) || r.pointerQuery.named.has(s.qualifiedName),
          error: /(Error|Exception)$/.test(s.name) && ["class", "struct", "enum"].includes(s.kind), frameName: frames.filter((x) => x.symbol === s.name).map((x) => x.depth),
          frameLine: frames.filter((x) => x.line !== undefined && s.startLine <= x.line && x.line <= s.endLine).map((x) => x.depth),
          calls: callsOf(i),
          // The top test definitions whose words hold this symbol's name: [rank among them, share of the best].
          tests: s.kind === "window" ? [] : scored.flatMap((x, k) => (x.t.terms.has(lastName(s.name)) ? [[k, x.words / bestTest]] : [])),
          nearTests: s.kind === "window" ? [] : near.flatMap((x, k) => (x.t.terms.has(lastName(s.name)) ? [[k, x.words / bestNear]] : [])),
          testDf: s.kind === "window" ? 0 : testDf(lastName(s.name)),
          meets: pointerMeets({ path: f.path, start: s.startLine, end: s.endLine }, row.goldLines),
        };
      });
      const title = new Set<string>();
      scanTokens(row.body.split("\n")[0], (term) => title.add(term));
      const terms = [...termIds.keys()].map((t) => ({ t, w: w.get(t) ?? 0, title: title.has(t) }));
      out.push(JSON.stringify({ testCount: tests.length, terms, id: row.id, repo: row.repo, lang: row.lang, path: f.path, rank: rank + 1, lines: f.lineCount, gold, chosen: r.files[rank].evidence.symbol?.qualifiedName ?? null, chosenStart: r.files[rank].evidence.symbol?.startLine ?? null, symbols }));
    });
  }
});
writeFileSync(args.get("out")!, `${out.join("\n")}\n`);

/** A definition's own name as a term: the last segment, lower-cased. */
function lastName(name: string): string {
  return (name.split(/\.|::/).pop() ?? name).toLowerCase();
}
