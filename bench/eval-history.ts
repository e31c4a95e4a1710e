/**
 * The "Similar past fixes" table of docs/ranking.md: every tree is indexed once (real pipeline, one store per
 * repository, trees oldest first), and each issue is ranked through the rank-issue use-case without history and
 * with the history signal at each weight. A row's past fixes are the earlier rows of its repository (created_at, or
 * the number at the end of the id), as `bugscout eval --history` does. Also times the history part (scoring the
 * past fixes and fusing) per ranking, per repository.
 *
 *   nice -n 5 npx tsx bench/eval-history.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir ~/benchwork-i11/stores [--weights 0.1,0.2,0.3] [--repo o/n]
 *
 * Prints Markdown: Hit@1/Hit@5/MRR overall per weight, Hit@1 / Hit@5 per repository, and the history cost.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { buildPastFixes } from "../src/eval/past-fixes.js";
import { scoreRanking, summarizeMetrics, type QueryMetrics } from "../src/eval/metrics.js";
import { fuseHistory } from "../src/rank/signals/fuse-history.js";
import { rankLexical } from "../src/rank/signals/rank-lexical.js";
import { scoreHistory } from "../src/rank/signals/score-history.js";
import { rankIssue } from "../src/triage/rank-issue.js";
import { forEachIndexedTree } from "./indexed-trees.js";
import { parseBenchArgs } from "./bench-args.js";

const args = parseBenchArgs();
const one = args.one;
const all = parseDataset(readFileSync(one("dataset", "/work/shared/bench/swebench_lite.jsonl"), "utf8"));
const rows = args.has("repo") ? all.filter((r) => args.all("repo").includes(r.repo)) : all;
const trees = one("trees", `${process.env.HOME}/.cache/bench-trees`);
const storeDir = one("store-dir", `${process.env.HOME}/benchwork-i11/stores`);
mkdirSync(storeDir, { recursive: true });
const weights = [0, ...one("weights", "0.1,0.2,0.3").split(",").map(Number)];
const pastFixes = buildPastFixes(all);

const results = new Map<number, { row: EvalRow; m: QueryMetrics }[]>(weights.map((w) => [w, []]));
const cost = new Map<string, number[]>();
const started = performance.now();
await forEachIndexedTree({ rows, trees, storeDir }, async ({ repo, index, rows: treeRows }) => {
  const paths = new Set(index.files.map((f) => f.path));
  for (const row of treeRows) {
    const docs = pastFixes(row);
    for (const weight of weights) {
      const ranking = await rankIssue({ index, now: () => 0 }, { text: row.body, top: 50, mode: "bm25", ...(weight > 0 ? { history: { docs, weight } } : {}) });
      results.get(weight)!.push({ row, m: scoreRanking(ranking.files.map((f) => f.path), row.goldFiles) });
    }
    // The history part alone: scoring the past fixes and fusing with a 100-deep lexical list.
    const lexical = rankLexical(index, row.body, { limit: 100 });
    const t0 = performance.now();
    fuseHistory(lexical, scoreHistory(docs, row.body), { weight: 0.2, allow: (p) => paths.has(p) });
    cost.set(repo, [...(cost.get(repo) ?? []), performance.now() - t0]);
  }
});

const f3 = (x: number): string => x.toFixed(3);
console.log(`| history weight | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR |\n|---|---:|---:|---:|---:|---:|`);
for (const w of weights) {
  const s = summarizeMetrics(results.get(w)!.map((x) => x.m));
  console.log(`| ${w === 0 ? "0 (off)" : w} | ${f3(s.hit[1])} | ${f3(s.hit[3])} | ${f3(s.hit[5])} | ${f3(s.hit[10])} | ${f3(s.mrr)} |`);
}
const repos = [...new Set(rows.map((r) => r.repo))].sort();
console.log(`\nHit@1 / Hit@5 per repository (issues; past fixes available to the median row):\n`);
console.log(`| repository | ${weights.map((w) => (w === 0 ? "off" : `w=${w}`)).join(" | ")} |`);
console.log(`|---|${weights.map(() => "---:").join("|")}|`);
for (const repo of repos) {
  const repoRows = rows.filter((x) => x.repo === repo);
  const past = repoRows.map((r) => pastFixes(r).length).sort((a, b) => a - b)[Math.floor(repoRows.length / 2)];
  const cells = weights.map((w) => {
    const s = summarizeMetrics(results.get(w)!.filter((x) => x.row.repo === repo).map((x) => x.m));
    return `${s.hit[1].toFixed(2)} / ${s.hit[5].toFixed(2)}`;
  });
  console.log(`| ${repo} (${repoRows.length}; ${past}) | ${cells.join(" | ")} |`);
}
console.log(`\nHistory cost per ranking (score past fixes + fuse), ms: median / max`);
for (const repo of repos) {
  const ms = (cost.get(repo) ?? []).sort((a, b) => a - b);
  if (ms.length > 0) console.log(`- ${repo}: ${ms[Math.floor(ms.length / 2)].toFixed(2)} / ${ms[ms.length - 1].toFixed(2)} (${ms.length} rankings)`);
}
console.log(`\n${rows.length} issues, ${Math.round((performance.now() - started) / 1000)} s`);
