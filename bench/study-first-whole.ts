/**
 * Study for issue 23: `locate` with the first ranked file shown whole when it fills at most a share of the budget
 * (`firstWholeShare`), against it held to the other files' limit (800 tokens and half the budget, `WHOLE_FILE`). Real
 * `packLocate` replays on the same prepared rankings; prints hits per budget and variant for all issues, each half of
 * the repositories (sorted names, alternate) and each language, with issues up / down against the first variant
 * named. Also checks that no answer is over its budget and that no line is sent twice. Bench only.
 *
 *   nice -n 5 npx tsx bench/study-first-whole.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S [--variant NAME]…
 */
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import type { PackLocateOptions } from "../src/mcp/locate-code.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { parseBenchArgs } from "./bench-args.js";
import { printVariantTable, replayPackings } from "./locate-replay.js";

const BUDGETS = [1000, 2000, 4000, 8000] as const;
/** The share of the budget the first file may fill to come whole (0: the other files' limit, the tool before). */
const VARIANTS: Record<string, PackLocateOptions> = {
  "first file as the others": { firstWholeShare: 0 },
  "first file ≤ 1/3": { firstWholeShare: 1 / 3 },
  "first file ≤ 1/2": { firstWholeShare: 1 / 2 },
  "first file ≤ 2/3": { firstWholeShare: 2 / 3 },
};

const args = parseBenchArgs();
let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
// The first variant named is the one the others are compared with (by default, the first file as the others).
const names = args.has("variant") ? args.all("variant") : Object.keys(VARIANTS);
const unknown = names.filter((name) => !(name in VARIANTS));
if (unknown.length > 0) throw new Error(`unknown --variant ${unknown.join(", ")}; known: ${Object.keys(VARIANTS).join(", ")}`);
const counter = await loadCl100k();
const { results, over, twice } = await replayPackings(
  { rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", ""), counter },
  names.map((name) => VARIANTS[name]),
  BUDGETS,
);

console.log(`\nanswers over budget: ${over}; answers sending a line twice, per variant: ${twice.join(" / ")}`);
printVariantTable(results, names, BUDGETS);
