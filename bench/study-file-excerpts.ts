/**
 * Study for issue 23: `locate` with an excerpt of the first ranked file over the lines no other item shows (the
 * windows around the lines that share the words, `fileExcerpt` in src/mcp/excerpt-lines.ts) before the
 * per-file extras, at several shares of the budget. Real `packLocate` replays on the same prepared rankings; prints
 * hits per budget and variant for all issues, each half of the repositories (sorted names, alternate) and each
 * language, with issues up / down against no file excerpt. Also checks that no answer is
 * over its budget and that no line is sent twice. Bench only.
 *
 *   nice -n 5 npx tsx bench/study-file-excerpts.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S [--variant NAME]…
 */
import type { PackLocateOptions } from "../src/mcp/locate-code.js";
import { runVariantStudy } from "./locate-replay.js";

/** Shares of the budget the first file's excerpt may take (`fileExcerptShare`; 0: none, the tool before). */
const VARIANTS: Record<string, PackLocateOptions> = {
  "no file excerpt": { fileExcerptShare: 0 },
  "first file ≤ 1/8": { fileExcerptShare: 1 / 8 },
  "first file ≤ 1/4": { fileExcerptShare: 1 / 4 },
  "first file ≤ 1/2": { fileExcerptShare: 1 / 2 },
};

await runVariantStudy(VARIANTS);
