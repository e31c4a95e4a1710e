/** The cut-offs at which Hit@k is reported. */
export const HIT_KS = [1, 3, 5, 10] as const;

/** Retrieval quality of one ranking against its gold files (binary relevance). */
export interface QueryMetrics {
  /** `hit[k]` is 1 when at least one gold file is in the top k, else 0. */
  readonly hit: Readonly<Record<(typeof HIT_KS)[number], number>>;
  /** 1 / rank of the first gold file, 0 when none is ranked. */
  readonly reciprocalRank: number;
  /** Mean over gold files of precision at each gold file's rank (unranked gold files count 0). */
  readonly averagePrecision: number;
  /** DCG of the whole ranking over the ideal DCG for this many gold files (log2 discount). */
  readonly ndcg: number;
}

/**
 * Scores one ranking. Duplicate paths in the ranking count once (at their first position); an empty gold set
 * gives all zeros, since nothing can be found.
 */
export function scoreRanking(ranking: readonly string[], gold: readonly string[]): QueryMetrics {
  const goldSet = new Set(gold);
  const seen = new Set<string>();
  let first = 0;
  let found = 0;
  let precisionSum = 0;
  let dcg = 0;
  let rank = 0;
  for (const path of ranking) {
    if (seen.has(path)) continue;
    seen.add(path);
    rank++;
    if (!goldSet.has(path)) continue;
    found++;
    if (first === 0) first = rank;
    precisionSum += found / rank;
    dcg += 1 / Math.log2(rank + 1);
  }
  let idcg = 0;
  for (let i = 1; i <= goldSet.size; i++) idcg += 1 / Math.log2(i + 1);
  const hit = Object.fromEntries(HIT_KS.map((k) => [k, first > 0 && first <= k ? 1 : 0])) as QueryMetrics["hit"];
  return {
    hit,
    reciprocalRank: first > 0 ? 1 / first : 0,
    averagePrecision: goldSet.size > 0 ? precisionSum / goldSet.size : 0,
    ndcg: idcg > 0 ? dcg / idcg : 0,
  };
}

/** Means of {@link QueryMetrics} over a set of queries. MAP and MRR are the means of AP and RR. */
export interface MetricSummary {
  readonly count: number;
  readonly hit: Readonly<Record<(typeof HIT_KS)[number], number>>;
  readonly mrr: number;
  readonly map: number;
  readonly ndcg: number;
}

/** Averages per-query metrics; an empty list gives count 0 and zero means. */
export function summarizeMetrics(all: readonly QueryMetrics[]): MetricSummary {
  const n = all.length;
  const mean = (f: (m: QueryMetrics) => number): number => (n === 0 ? 0 : all.reduce((s, m) => s + f(m), 0) / n);
  const hit = Object.fromEntries(HIT_KS.map((k) => [k, mean((m) => m.hit[k])])) as MetricSummary["hit"];
  return { count: n, hit, mrr: mean((m) => m.reciprocalRank), map: mean((m) => m.averagePrecision), ndcg: mean((m) => m.ndcg) };
}
