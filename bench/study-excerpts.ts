/**
 * Study for issue 23: `locate` with a pointer too large to show sent as an excerpt (its first line and the lines around
 * those that share the words, `src/mcp/excerpt-lines.ts`) instead of only its id in `left_out`, at several
 * shares of the budget for the excerpt (0: none, the tool before; every other part of the packing as shipped, so
 * since the twenty-third session with the first file's excerpt). Real `packLocate` replays on the same prepared
 * rankings; prints hits per budget and share for all issues, each half of the repositories (sorted names, alternate)
 * and each language, with issues up / down against no excerpts, and the issues moved at 4,000 tokens. Also checks that
 * no answer is over its budget or sends a line twice. Bench only.
 *
 *   nice -n 5 npx tsx bench/study-excerpts.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S
 */
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { parseBenchArgs } from "./bench-args.js";
import { printVariantTable, replayPackings } from "./locate-replay.js";

const BUDGETS = [1000, 2000, 4000, 8000] as const;
/** Shares of the budget an excerpt may take (`excerptShare`; 0: none, the tool before excerpts). */
const SHARES = [0, 1 / 8, 1 / 4, 1 / 3] as const;

const args = parseBenchArgs();
let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
const counter = await loadCl100k();
const { results, over, twice } = await replayPackings(
  { rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", ""), counter },
  SHARES.map((excerptShare) => ({ excerptShare })),
  BUDGETS,
);

console.log(`\nanswers over budget: ${over}; answers sending a line twice, per share: ${twice.join(" / ")}`);
printVariantTable(results, SHARES.map((s) => (s === 0 ? "no excerpts" : `excerpt ≤ ${s.toFixed(3)} of budget`)), BUDGETS);
