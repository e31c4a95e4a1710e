/**
 * Whether the code an answer shows meets a row's `gold_lines` (lines left out of a code item, `omitted`, do not
 * count): the right-answer test of bench/mcp-accuracy.ts. Bench only.
 */
import type { EvalRow } from "../src/eval/dataset.js";
import { shownRanges } from "../src/mcp/code-views.js";
import type { CodeView } from "../src/mcp/locate-code.js";

/** Line ranges per path. */
export type Shown = Map<string, (readonly [number, number])[]>;

/** The lines each code item shows, per path: its range less the lines it left out (`omitted`), which do not count. */
export function shownCode(code: readonly CodeView[]): Shown {
  const shown: Shown = new Map();
  for (const c of code) shown.set(c.path, [...(shown.get(c.path) ?? []), ...shownRanges(c)]);
  return shown;
}

/** Whether a shown range of a gold file overlaps one of that file's changed ranges. */
export function meetsGold(row: EvalRow, shown: Shown): boolean {
  for (const [path, ranges] of row.goldLines) {
    for (const [s, e] of shown.get(path) ?? []) if (ranges.some(([gs, ge]) => s <= ge && gs <= e)) return true;
  }
  return false;
}
