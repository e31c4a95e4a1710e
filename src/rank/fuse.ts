import { linesOverlap } from "./lexical/symbol-ranges.js";
import type { Evidence, RankedFile } from "./types.js";

/** One ranked list entering fusion, with its weight. */
export interface FusionList {
  readonly files: readonly RankedFile[];
  /** Relative trust in this list. Default 1. Zero or negative (or NaN) removes the list. */
  readonly weight?: number;
}

/** How lists are combined. */
export interface FuseOptions {
  /** RRF's damping constant. Default 60, the value of Cormack, Clarke & Büttcher (SIGIR 2009). */
  readonly k?: number;
  /**
   * Extra score for a file whose evidence has a `mention` (a stack-trace frame or a path named in the issue):
   * near-certain evidence should not be outvoted by a list that missed it. Default: one first place, `1 / (k + 1)`.
   */
  readonly mentionBonus?: number;
  /** Files kept, best first. Default: all. */
  readonly limit?: number;
}

/**
 * Fuses ranked lists of files into one by reciprocal rank fusion, `Σ weight / (k + rank)`: ranks only, so scores on
 * different scales (BM25 vs cosine) need no calibration. Best first, ties broken by path. Empty lists are ignored; fusing only
 * empty lists gives an empty list. Evidence is merged (`mergeEvidence`): every reason either list gives is kept, terms
 * and mention from the first list that has them, the place from the list that contributed most for that file (or the
 * one a stack frame pins), the other list's place as the second, and the similarity from any list that carries one.
 */
export function fuseRankings(lists: readonly FusionList[], options: FuseOptions = {}): RankedFile[] {
  const k = options.k ?? 60;
  const bonus = options.mentionBonus ?? 1 / (k + 1);
  const merged = new Map<string, { score: number; best: number; evidence: Evidence }>();
  for (const list of lists) {
    const weight = list.weight ?? 1;
    if (!(weight > 0) || list.files.length === 0) continue;
    list.files.forEach((file, rank) => {
      const part = weight / (k + rank + 1);
      const entry = merged.get(file.path);
      if (!entry) {
        merged.set(file.path, { score: part, best: part, evidence: file.evidence });
        return;
      }
      entry.score += part;
      entry.evidence = mergeEvidence(entry.evidence, file.evidence, part > entry.best);
      entry.best = Math.max(entry.best, part);
    });
  }
  const fused: RankedFile[] = [...merged].map(([path, e]) => ({
    path,
    score: e.score + (e.evidence.mention ? bonus : 0),
    evidence: e.evidence,
  }));
  fused.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return options.limit === undefined ? fused : fused.slice(0, options.limit);
}

/**
 * One file's evidence from two lists. Fusion re-orders files; it does not make the reasons a list gave untrue, so every
 * field either list carries is kept (the first list's where both have one: the lexical list's tests, package, title
 * words and declarations have no dense counterpart). The pointer comes from the list that contributed
 * more for the file, unless the other names the file by a stack frame: a frame pins the place to its function and
 * line, which a dense unit's similarity cannot see. The other list's place, when it does not overlap, becomes the
 * second place: each list's best place is a place that scores close (docs/ranking.md, "Pointers").
 */
function mergeEvidence(first: Evidence, next: Evidence, nextContributesMore: boolean): Evidence {
  const framed = (e: Evidence) => e.mention?.kind === "frame" && e.symbol !== undefined;
  const [lead, other] = framed(first) ? [first, next] : framed(next) ? [next, first] : nextContributesMore ? [next, first] : [first, next];
  const symbol = lead.symbol ?? other.symbol;
  const alsoSymbol = lead.symbol
    ? (lead.alsoSymbol ?? (other.symbol && !linesOverlap(other.symbol, lead.symbol) ? other.symbol : undefined))
    : other.alsoSymbol;
  const { symbol: _s, alsoSymbol: _a, ...rest } = { ...next, ...first };
  const mention = first.mention ?? next.mention;
  const similarity = first.similarity ?? next.similarity;
  return {
    ...rest,
    terms: first.terms.length > 0 ? first.terms : next.terms,
    ...(symbol ? { symbol } : {}),
    ...(alsoSymbol ? { alsoSymbol } : {}),
    ...(mention ? { mention } : {}),
    ...(similarity !== undefined ? { similarity } : {}),
  };
}
