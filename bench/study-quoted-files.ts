/**
 * Study (issue 21/22): how often does an issue quote a string literal of its repository word for word, and is the
 * file holding it a gold file? For each row: the files with a literal phrase (`literalPhrases`) among the issue's
 * runs of words, whether a gold file is among them, and the gold file's rank in the current ranking. Bench only.
 *
 *   npx tsx bench/study-quoted-files.ts --dataset <set.jsonl> --store-dir <dir> [--trees DIR] [--out F]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { decodeAnalysis } from "../src/rank/analyze-content.js";
import { quotedRunHashes } from "../src/rank/literal-phrases.js";
import { rankLexicalParts } from "../src/rank/rank-lexical.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const rows = parseDataset(readFileSync(args.get("dataset")!, "utf8"));
const trees = args.get("trees") ?? `${process.env.HOME}/.cache/bench-trees`;

const out: string[] = [];
const counts = { rows: 0, withQuote: 0, goldQuoted: 0, onlyGold: 0, goldQuotedNotTop1: 0, goldQuotedOutsideTop5: 0, otherQuotedAboveGold: 0 };
await forEachIndexedTree({ rows, trees, storeDir: args.get("store-dir")! }, ({ index, rows: treeRows }) => {
  const filesOf = new Map<number, number[]>();
  index.files.forEach((f, i) => {
    const a = f.analysis instanceof Uint8Array ? decodeAnalysis(f.analysis) : f.analysis;
    for (const h of new Set(a.phraseHashes)) {
      const list = filesOf.get(h);
      if (list) list.push(i);
      else filesOf.set(h, [i]);
    }
  });
  for (const row of treeRows) {
    counts.rows++;
    const quoted = quotedRunHashes(row.body);
    const hit = new Set<number>();
    for (const h of quoted) for (const f of filesOf.get(h) ?? []) hit.add(f);
    if (hit.size === 0) continue;
    counts.withQuote++;
    const paths = [...hit].map((f) => index.files[f].path);
    const gold = paths.filter((p) => row.goldFiles.includes(p));
    const ranking = rankLexicalParts(index, row.body, { limit: 50 }).files.map((f) => f.path);
    const goldRank = Math.min(...row.goldFiles.map((g) => { const r = ranking.indexOf(g); return r < 0 ? 99 : r; }));
    if (gold.length > 0) {
      counts.goldQuoted++;
      if (gold.length === paths.length) counts.onlyGold++;
      if (goldRank > 0) counts.goldQuotedNotTop1++;
      if (goldRank >= 5) counts.goldQuotedOutsideTop5++;
    }
    if (paths.some((p) => !row.goldFiles.includes(p) && ranking.indexOf(p) >= 0 && ranking.indexOf(p) < goldRank)) counts.otherQuotedAboveGold++;
    out.push(JSON.stringify({ id: row.id, lang: row.lang, quotedFiles: paths.slice(0, 8), n: paths.length, gold, goldRank }));
  }
});
console.log(JSON.stringify(counts));
if (args.get("out")) writeFileSync(args.get("out")!, out.join("\n") + "\n");
