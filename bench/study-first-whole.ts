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
import type { PackLocateOptions } from "../src/mcp/locate-code.js";
import { runVariantStudy } from "./locate-replay.js";

/** The share of the budget the first file may fill to come whole (0: the other files' limit, the tool before). */
const VARIANTS: Record<string, PackLocateOptions> = {
  "first file as the others": { firstWholeShare: 0 },
  "first file ≤ 1/3": { firstWholeShare: 1 / 3 },
  "first file ≤ 1/2": { firstWholeShare: 1 / 2 },
  "first file ≤ 2/3": { firstWholeShare: 2 / 3 },
};

await runVariantStudy(VARIANTS);
