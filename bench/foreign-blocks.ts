/**
 * How often the foreign-block rule (`query.foreignBlocks`) can act on a dataset: per row, the known share of each
 * fenced block of at least 20 distinct words against that tree's vocabulary. Prints how many rows have such blocks
 * and how many blocks fall under each threshold. Bench only.
 *
 *   npx tsx bench/foreign-blocks.ts --dataset <set.jsonl> --store-dir <dir> [--trees ~/.cache/bench-trees]
 */
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { knownShare } from "../src/rank/build-query.js";
import { parseIssue } from "../src/rank/parse-issue.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const rows = parseDataset(readFileSync(args.get("dataset")!, "utf8"));
const shares: { id: string; share: number }[] = [];
let rowsWithBlocks = 0;
await forEachIndexedTree({ rows, trees: args.get("trees") ?? `${process.env.HOME}/.cache/bench-trees`, storeDir: args.get("store-dir")! }, ({ index, rows: treeRows }) => {
  for (const row of treeRows) {
    const found = parseIssue(row.body).code.map((b) => knownShare(b, (t) => index.postings(t) !== undefined)).filter((s): s is number => s !== undefined);
    if (found.length > 0) rowsWithBlocks++;
    for (const share of found) shares.push({ id: row.id, share });
  }
});
console.log(`${rows.length} rows, ${rowsWithBlocks} with a block of ≥ 20 distinct words, ${shares.length} such blocks`);
for (const t of [0.3, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const under = shares.filter((s) => s.share < t);
  console.log(`known share < ${t}: ${under.length} blocks in ${new Set(under.map((s) => s.id)).size} rows`);
}
