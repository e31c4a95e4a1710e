// Scoring of issue-type predictions as the issue-report-classification competitions score them: per repository,
// classes balanced, macro F1 over the repository's own classes (a prediction of any other class is a miss). Bench only.

/** A deterministic shuffle (mulberry32), so every run balances the same rows. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The same number of rows of each class present (the smallest class's count), chosen by a seeded shuffle. */
export function balanced<T>(rows: readonly T[], classOf: (row: T) => string, seed = 1): T[] {
  const by = new Map<string, T[]>();
  for (const r of shuffled(rows, seed)) {
    const c = classOf(r);
    by.set(c, [...(by.get(c) ?? []), r]);
  }
  const n = Math.min(...[...by.values()].map((v) => v.length));
  return [...by.values()].flatMap((v) => v.slice(0, n));
}

/** Macro F1 over `classes`: predictions outside them count as misses of their row's class. */
export function macroF1(gold: readonly string[], predicted: readonly string[], classes: readonly string[]): number {
  let sum = 0;
  for (const c of classes) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      if (predicted[i] === c && g === c) tp++;
      else if (predicted[i] === c) fp++;
      else if (g === c) fn++;
    });
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return classes.length === 0 ? 0 : sum / classes.length;
}

/** The best precision reachable at recall ≥ `minRecall` by a threshold on `score`, with that threshold. */
export function precisionAtRecall(scores: readonly number[], positive: readonly boolean[], minRecall: number): { precision: number; recall: number; threshold: number } {
  const order = scores.map((s, i) => i).sort((a, b) => scores[b] - scores[a]);
  const total = positive.filter(Boolean).length;
  let tp = 0;
  let best = { precision: 0, recall: 0, threshold: 1 };
  order.forEach((i, k) => {
    if (positive[i]) tp++;
    const recall = total === 0 ? 0 : tp / total;
    const precision = tp / (k + 1);
    const next = order[k + 1];
    if (next !== undefined && scores[next] === scores[i]) return;
    if (recall >= minRecall && precision > best.precision) best = { precision, recall, threshold: scores[i] };
  });
  return best;
}
