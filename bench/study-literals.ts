/**
 * Study (issue 21): does a string literal of a gold file that the issue quotes verbatim (program output, an error
 * message) sit in the symbol the fix changed? For each gold file ranked in the first five: the file's string
 * literals, cut at format placeholders, whose words (≥ 3, ≥ 12 characters) occur in the text in order; the
 * innermost symbol holding such a literal; whether it meets the fix's lines; whether the current first pointer does.
 * Bench only.
 *
 *   npx tsx bench/study-literals.ts --dataset <set.jsonl> --store-dir <dir> [--trees DIR] [--out F]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDataset } from "../src/eval/dataset.js";
import { pointerMeets } from "../src/eval/pointer-metrics.js";
import { rankLexicalParts } from "../src/rank/rank-lexical.js";
import { literalPhrases, quotedRunHashes } from "./literal-phrases.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const rows = parseDataset(readFileSync(args.get("dataset")!, "utf8"));
const trees = args.get("trees") ?? `${process.env.HOME}/.cache/bench-trees`;

const out: string[] = [];
let others = 0, othersWithHit = 0;
let files = 0, withHit = 0, holderRight = 0, pointerRight = 0, holderRightPointerWrong = 0, pointerRightHolderWrong = 0;
await forEachIndexedTree({ rows, trees, storeDir: args.get("store-dir")! }, ({ index, rows: treeRows }) => {
  for (const row of treeRows) {
    const quoted = quotedRunHashes(row.body);
    const r = rankLexicalParts(index, row.body, { limit: 5 });
    r.fileIds.forEach((file, rank) => {
      const f = index.files[file];
      const gold = row.goldLines.get(f.path);
      let source: string;
      try {
        source = readFileSync(join(trees, row.baseCommit, f.path), "utf8");
      } catch {
        return;
      }
      const hits = literalPhrases(source).filter((p) => quoted.has(p.hash));
      if (!row.goldFiles.includes(f.path)) {
        others++;
        if (hits.length > 0) othersWithHit++;
      }
      if (!gold || gold.length === 0) return;
      files++;
      const first = r.files[rank].evidence.symbol;
      const pRight = first ? pointerMeets({ path: f.path, start: first.startLine, end: first.endLine }, row.goldLines) : false;
      if (pRight) pointerRight++;
      if (hits.length === 0) return;
      withHit++;
      // The innermost symbol holding each hit.
      const holders = hits.map((h) => {
        let best = -1;
        f.symbols.forEach((s, i) => {
          if (s.kind !== "window" && s.startLine <= h.line && h.line <= s.endLine && (best < 0 || s.endLine - s.startLine < f.symbols[best].endLine - f.symbols[best].startLine)) best = i;
        });
        return best;
      });
      const h = holders.find((x) => x >= 0);
      const hRight = h !== undefined && h >= 0 ? pointerMeets({ path: f.path, start: f.symbols[h].startLine, end: f.symbols[h].endLine }, row.goldLines) : false;
      if (hRight) holderRight++;
      if (hRight && !pRight) holderRightPointerWrong++;
      if (!hRight && pRight) pointerRightHolderWrong++;
      out.push(JSON.stringify({ id: row.id, path: f.path, rank, hits: hits.slice(0, 5).map((h) => h.line), holder: h !== undefined && h >= 0 ? f.symbols[h].qualifiedName : null, hRight, pointer: first?.qualifiedName, pRight, distinctHolders: new Set(holders).size }));
    });
  }
});
console.log(JSON.stringify({ others, othersWithHit, goldFilesTop5: files, pointerRight, withHit, holderRight, holderRightPointerWrong, pointerRightHolderWrong }));
if (args.get("out")) writeFileSync(args.get("out")!, out.join("\n") + "\n");
