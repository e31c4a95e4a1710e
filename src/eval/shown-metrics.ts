import { median } from "./pointer-metrics.js";
import { shownFiles } from "../triage/shown-files.js";

/** How many files the comment would list for one row, and whether a gold file is among them or in the first `topK`. */
export interface ShownMetrics {
  readonly shown: number;
  /** 1 when a gold file is among the files shown. */
  readonly goldShown: number;
  /** 1 when a gold file is among the first `topK` files (what the comment listed before the relative cut). */
  readonly goldTop: number;
}

/** The cut the figures are computed at: the settings' defaults. */
export interface ShownCut {
  readonly minRelative: number;
  readonly topK: number;
}

/**
 * What the comment's relative cut (`ranking.min_relative_score`) does to one ranking: files shown, and whether the
 * gold file survives it. The file metrics stay computed on the whole ranking. Pure.
 */
export function scoreShown(ranking: readonly string[], scores: readonly number[], gold: readonly string[], cut: ShownCut): ShownMetrics {
  const goldSet = new Set(gold);
  const files = ranking.map((path, i) => ({ path, score: scores[i] ?? Number.NaN }));
  const shown = shownFiles(files, cut.minRelative, cut.topK);
  return {
    shown: shown.length,
    goldShown: shown.some((f) => goldSet.has(f.path)) ? 1 : 0,
    goldTop: ranking.slice(0, cut.topK).some((p) => goldSet.has(p)) ? 1 : 0,
  };
}

/** {@link ShownMetrics} over a set of rows: median and mean files shown, share of rows whose gold file is shown. */
export interface ShownSummary {
  readonly count: number;
  readonly medianShown: number;
  readonly meanShown: number;
  readonly goldShown: number;
  readonly goldTop: number;
}

/** Summarizes rows; an empty list gives count 0 and zeros. */
export function summarizeShown(all: readonly ShownMetrics[]): ShownSummary {
  const n = all.length;
  const mean = (f: (m: ShownMetrics) => number): number => (n === 0 ? 0 : all.reduce((s, m) => s + f(m), 0) / n);
  return { count: n, medianShown: median(all.map((m) => m.shown)), meanShown: mean((m) => m.shown), goldShown: mean((m) => m.goldShown), goldTop: mean((m) => m.goldTop) };
}
