/** One issue as calibration reads it: the ranking's confidence and whether its first file is right (Hit@1). */
export interface Rated {
  readonly confidence: number;
  readonly right: boolean;
}

/** Issues whose confidence falls in `[low, high)` (the last bin includes 1). */
export interface CalibrationBin {
  readonly low: number;
  readonly high: number;
  readonly count: number;
  /** Mean confidence of the bin's issues (NaN when empty). */
  readonly meanConfidence: number;
  /** Share of the bin's issues whose first file is right (NaN when empty). */
  readonly hit1: number;
}

/**
 * The calibration table: `bins` equal-width confidence bins from 0 to 1, each with its count, mean confidence and
 * share right at Hit@1. A calibrated confidence has the two shares close in every bin. Pure.
 */
export function buildCalibrationBins(rated: readonly Rated[], bins = 10): CalibrationBin[] {
  const acc = Array.from({ length: bins }, () => ({ count: 0, sum: 0, right: 0 }));
  for (const r of rated) {
    const b = acc[Math.min(bins - 1, Math.max(0, Math.floor(r.confidence * bins)))];
    b.count++;
    b.sum += r.confidence;
    if (r.right) b.right++;
  }
  return acc.map((b, i) => ({
    low: i / bins, high: (i + 1) / bins, count: b.count,
    meanConfidence: b.count > 0 ? b.sum / b.count : NaN,
    hit1: b.count > 0 ? b.right / b.count : NaN,
  }));
}

/** The Brier score: the mean of (confidence − right)², 0 best; NaN for no issues. Pure. */
export function brierScore(rated: readonly Rated[]): number {
  if (rated.length === 0) return NaN;
  return rated.reduce((sum, r) => sum + (r.confidence - (r.right ? 1 : 0)) ** 2, 0) / rated.length;
}

/**
 * The area under the ROC curve of a score between `positives` and `negatives`: the chance that a random positive
 * scores above a random negative, ties counting half (Mann–Whitney). NaN when either side is empty. Pure.
 */
export function auroc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return NaN;
  const all = [...positives.map((v) => ({ v, pos: true })), ...negatives.map((v) => ({ v, pos: false }))].sort((a, b) => a.v - b.v);
  // Ranks from 1, ties sharing their mean rank.
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1].v === all[i].v) j++;
    const mean = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (all[k].pos) rankSum += mean;
    i = j + 1;
  }
  const p = positives.length;
  return (rankSum - (p * (p + 1)) / 2) / (p * negatives.length);
}

/** The share of `values` strictly below `floor` (NaN for none). */
export function shareBelow(values: readonly number[], floor: number): number {
  return values.length === 0 ? NaN : values.filter((v) => v < floor).length / values.length;
}
