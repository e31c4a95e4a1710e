import { linesOverlap } from "../rank/lexical/symbol-ranges.js";
import type { ScoredSymbol } from "./score-symbol-text.js";
import type { CatalogSymbol } from "./symbol-catalog.js";

/** Extra symbols `locate` may add per ranked file, and in all, once the pointers are packed. */
export const EXTRAS = { perFile: 4, total: 16 } as const;

/**
 * The next most likely places in the ranked files, for budget left after the pointers: each file's best-scored
 * innermost symbols (`scoreSymbolText`, one list per file in rank order), at most `limits.perFile` per file and
 * `limits.total` in all (`EXTRAS` by default), all of the first file's before the second's: the first file is the
 * right one for most issues, so its next symbols are likelier places than the best symbols of lower files. Pointers,
 * and symbols overlapping a shown pointer or an earlier extra, are skipped, so no line is sent twice.
 */
export function pickExtras(
  scoredPerFile: readonly (readonly ScoredSymbol[])[],
  shownPointers: readonly CatalogSymbol[],
  pointerIds: ReadonlySet<string>,
  limits: { readonly perFile: number; readonly total: number } = EXTRAS,
): CatalogSymbol[] {
  const taken: CatalogSymbol[] = [...shownPointers];
  const out: CatalogSymbol[] = [];
  for (const scored of scoredPerFile) {
    let picked = 0;
    for (const { symbol } of scored) {
      if (picked >= limits.perFile || out.length >= limits.total) break;
      if (pointerIds.has(symbol.id) || taken.some((t) => overlaps(t, symbol))) continue;
      picked++;
      taken.push(symbol);
      out.push(symbol);
    }
  }
  return out;
}

/** Whether two symbols share a line of the same file. */
export function overlaps(a: CatalogSymbol, b: CatalogSymbol): boolean {
  return a.path === b.path && linesOverlap(a, b);
}

/**
 * More places for budget still left after `pickExtras`: the cross-file symbol ranking (`rankSymbols`, the same
 * scores as the pointers: the words on a symbol's own lines, frames, names, weighted by its file's score),
 * best first, without a per-file cap and from the next files too. Pointers and anything overlapping a symbol already
 * taken are skipped, so no line is sent twice; a container whose method was taken is skipped with it.
 */
export function pickRanked(ranked: readonly CatalogSymbol[], taken: readonly CatalogSymbol[], pointerIds: ReadonlySet<string>): CatalogSymbol[] {
  const all: CatalogSymbol[] = [...taken];
  const out: CatalogSymbol[] = [];
  for (const symbol of ranked) {
    if (pointerIds.has(symbol.id) || all.some((t) => overlaps(t, symbol))) continue;
    all.push(symbol);
    out.push(symbol);
  }
  return out;
}
