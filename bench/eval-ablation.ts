/**
 * The ablation table of docs/ranking.md, in one run over the real pipeline: every tree is indexed with
 * `indexTree` into one store per repository (tree-sitter symbols, content analysis, SQLite), its lexical index is
 * built once, and each issue is ranked with every option set of bench/eval-configs.ts.
 *
 *   npx tsx bench/eval-ablation.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir ~/benchwork/stores-ablation [--configs plain,default] [--repo o/n]
 *     [--every N]   (every Nth row only, for quick iteration)
 *     [--per-issue run.jsonl]   (one line per issue: its NDCG under every option set, to see which issues moved)
 *
 * Prints Markdown: one row per option set (Hit@1/3/5/10, MRR, MAP, NDCG), then NDCG per language (the row's
 * `lang`, else its gold files' language), then Hit@1 / Hit@5 per repository.
 */
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { scoreRanking, summarizeMetrics, type QueryMetrics } from "../src/eval/metrics.js";
import { rankLexical } from "../src/rank/signals/rank-lexical.js";
import { ABLATION_CONFIGS } from "./eval-configs.js";
import { forEachIndexedTree } from "./indexed-trees.js";
import { parseBenchArgs } from "./bench-args.js";

const args = parseBenchArgs();
const one = args.one;
let rows = parseDataset(readFileSync(one("dataset", "/work/shared/bench/swebench_lite.jsonl"), "utf8"));
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
const every = Number(one("every", "1"));
if (every > 1) rows = rows.filter((_r, i) => i % every === 0);
const trees = one("trees", `${process.env.HOME}/.cache/bench-trees`);
const storeDir = one("store-dir", `${process.env.HOME}/benchwork/stores-ablation`);
mkdirSync(storeDir, { recursive: true });
const names = one("configs", Object.keys(ABLATION_CONFIGS).join(",")).split(",");
const unknown = names.filter((n) => !(n in ABLATION_CONFIGS));
if (unknown.length > 0) {
  process.stderr.write(`unknown option set(s): ${unknown.join(", ")}\nknown: ${Object.keys(ABLATION_CONFIGS).join(", ")}\n`);
  process.exit(2);
}

const results = new Map<string, { row: EvalRow; m: QueryMetrics }[]>(names.map((n) => [n, []]));
const started = performance.now();
await forEachIndexedTree({ rows, trees, storeDir }, ({ index, rows: treeRows }) => {
  for (const row of treeRows) {
    for (const name of names) {
      const ranked = rankLexical(index, row.body, ABLATION_CONFIGS[name]).map((f) => f.path);
      results.get(name)!.push({ row, m: scoreRanking(ranked, row.goldFiles) });
    }
  }
});

const f3 = (x: number): string => x.toFixed(3);
if (args.has("per-issue")) {
  // Every option set's results are in the same (visit) order.
  const lines = results.get(names[0])!.map(({ row }, i) => JSON.stringify({
    id: row.id, lang: row.lang, ndcg: Object.fromEntries(names.map((n) => [n, Number(f3(results.get(n)![i].m.ndcg))])),
  }));
  writeFileSync(one("per-issue", ""), `${lines.join("\n")}\n`);
}
console.log(`| option set | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |\n|---|---:|---:|---:|---:|---:|---:|---:|`);
for (const name of names) {
  const s = summarizeMetrics(results.get(name)!.map((x) => x.m));
  console.log(`| ${name} | ${[s.hit[1], s.hit[3], s.hit[5], s.hit[10], s.mrr, s.map, s.ndcg].map(f3).join(" | ")} |`);
}
const langs = [...new Set(rows.map((r) => r.lang))].sort();
console.log(`\nNDCG per language (n issues):\n`);
console.log(`| option set | ${langs.map((l) => `${l} (${rows.filter((x) => x.lang === l).length})`).join(" | ")} |`);
console.log(`|---|${langs.map(() => "---:").join("|")}|`);
for (const name of names) {
  const cells = langs.map((lang) => f3(summarizeMetrics(results.get(name)!.filter((x) => x.row.lang === lang).map((x) => x.m)).ndcg));
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
const repos = [...new Set(rows.map((r) => r.repo))].sort();
console.log(`\nHit@1 / Hit@5 per repository (n issues):\n`);
console.log(`| option set | ${repos.map((r) => `${r.split("/")[1]} (${rows.filter((x) => x.repo === r).length})`).join(" | ")} |`);
console.log(`|---|${repos.map(() => "---:").join("|")}|`);
for (const name of names) {
  const cells = repos.map((repo) => {
    const s = summarizeMetrics(results.get(name)!.filter((x) => x.row.repo === repo).map((x) => x.m));
    return `${s.hit[1].toFixed(2)} / ${s.hit[5].toFixed(2)}`;
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
console.log(`\n${rows.length} issues, ${Math.round((performance.now() - started) / 1000)} s`);
