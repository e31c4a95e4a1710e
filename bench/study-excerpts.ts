/**
 * Study for issue 23: `locate` with a pointer too large to show sent as an excerpt (its first line and the lines around
 * those that share the words, `src/mcp/excerpt-lines.ts`) instead of only its id in `left_out`, at several
 * shares of the budget for the excerpt (0: none, the tool before). Real `packLocate` replays on the same prepared
 * rankings; prints hits per budget and share for all issues, each half of the repositories (sorted names, alternate)
 * and each language, with issues up / down against no excerpts, and the issues moved at 4,000 tokens. Also checks that
 * no answer is over its budget. Bench only.
 *
 *   nice -n 5 npx tsx bench/study-excerpts.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S
 */
import { readFileSync } from "node:fs";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { packLocate } from "../src/mcp/locate-code.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { parseBenchArgs } from "./bench-args.js";
import { codeMeetsGold, forEachPreparedLocate } from "./locate-replay.js";

const BUDGETS = [1000, 2000, 4000, 8000] as const;
/** Shares of the budget an excerpt may take (`excerptShare`; 0: none, the tool before excerpts). */
const SHARES = [0, 1 / 8, 1 / 4, 1 / 3] as const;

const args = parseBenchArgs();
let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
const counter = await loadCl100k();
const repos = [...new Set(rows.map((r) => r.repo))].sort();
const half = (repo: string) => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");
/** hits[share][budget] per row. */
const results: { row: EvalRow; hits: boolean[][] }[] = [];
let over = 0;
await forEachPreparedLocate({ rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", ""), counter }, (context, row, prepared) => {
  const hits = SHARES.map((excerptShare) => BUDGETS.map((b) => {
    const answer = packLocate(context, prepared, b, { excerptShare }).answer;
    if (answer.tokens > b) over++;
    return codeMeetsGold(row, answer.code);
  }));
  results.push({ row, hits });
});

console.log(`\nanswers over budget: ${over}`);
const names = SHARES.map((s) => (s === 0 ? "no excerpts" : `excerpt ≤ ${s.toFixed(3)} of budget`));
for (const group of ["all", "A", "B", ...new Set(rows.map((r) => r.lang))]) {
  const rs = results.filter((r) => group === "all" || half(r.row.repo) === group || r.row.lang === group);
  console.log(`\n${group} (${rs.length})`);
  names.forEach((name, v) => {
    const cells = BUDGETS.map((_, b) => `${((100 * rs.filter((r) => r.hits[v][b]).length) / rs.length).toFixed(1)}`);
    const moved = BUDGETS.map((_, b) => `+${rs.filter((r) => r.hits[v][b] && !r.hits[0][b]).length}/-${rs.filter((r) => !r.hits[v][b] && r.hits[0][b]).length}`);
    console.log(`  ${name.padEnd(28)} ${cells.join(" / ")}   ${v === 0 ? "" : moved.join(" ")}`);
  });
}
const AT = BUDGETS.indexOf(4000);
names.slice(1).forEach((name, i) => {
  const up = results.filter((r) => r.hits[i + 1][AT] && !r.hits[0][AT]).map((r) => r.row.id);
  const down = results.filter((r) => !r.hits[i + 1][AT] && r.hits[0][AT]).map((r) => r.row.id);
  console.log(`\n${name} at 4,000: up ${up.join(" ") || "-"}; down ${down.join(" ") || "-"}`);
});
