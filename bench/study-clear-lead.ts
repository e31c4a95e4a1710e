/**
 * Study for issue 23: `locate` giving the first ranked file more of the budget when the ranking leads with it clearly
 * (the second file's score below `ratio` of the first's: the first file whole up to `firstWholeShare` of the budget,
 * its excerpt up to `fileExcerptShare`; `CLEAR_LEAD`), against the same shares whatever the lead (half and an
 * eighth, the tool before). Real `packLocate` replays on the same prepared rankings; prints hits per budget and
 * variant for all issues, each half of the repositories (sorted names, alternate) and each language, with issues
 * up / down against the first variant named. Also checks that no answer is over its budget and that no line is sent
 * twice. Bench only.
 *
 *   nice -n 5 npx tsx bench/study-clear-lead.ts --dataset /work/shared/bench/multilang_dev.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S [--variant NAME]…
 */
import type { PackLocateOptions } from "../src/mcp/locate-code.js";
import { runVariantStudy } from "./locate-replay.js";

const lead = (ratio: number, firstWholeShare: number, fileExcerptShare: number): PackLocateOptions =>
  ({ clearLead: { ratio, firstWholeShare, fileExcerptShare } });

/** The settings replayed (two rounds in the twenty-sixth session; the tool keeps ratio 0.8, whole 0.8, excerpt 1/4). */
const VARIANTS: Record<string, PackLocateOptions> = {
  "same shares whatever the lead": { clearLead: false },
  "ratio .6, whole .9, excerpt 1/3": lead(0.6, 0.9, 1 / 3),
  "ratio .7, whole .8, excerpt 1/4": lead(0.7, 0.8, 1 / 4),
  "ratio .7, whole .8, excerpt 1/8": lead(0.7, 0.8, 1 / 8),
  "ratio .7, whole .5, excerpt 1/3": lead(0.7, 0.5, 1 / 3),
  "ratio .8, whole .8, excerpt 1/4": lead(0.8, 0.8, 1 / 4),
  "ratio .8, whole .8, excerpt 1/3": lead(0.8, 0.8, 1 / 3),
  "ratio .8, whole .65, excerpt 1/4": lead(0.8, 0.65, 1 / 4),
  "ratio .8, whole 1, excerpt 1/4": lead(0.8, 1, 1 / 4),
  "ratio .85, whole .8, excerpt 1/4": lead(0.85, 0.8, 1 / 4),
};

await runVariantStudy(VARIANTS);
