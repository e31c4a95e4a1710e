/** Lucene's BM25 IDF of a term found in `df` of `n` documents: `ln(1 + (n − df + ½)/(df + ½))`, never negative. */
export function okapiIdf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * One term's Okapi BM25 contribution to a document: `idf·tf·(k1+1) / (tf + k1·(1 − b + b·length/avgLength))`; an
 * `avgLength` of 0 (no documents with words) switches length normalisation off.
 */
export function okapiTerm(idf: number, tf: number, length: number, avgLength: number, k1: number, b: number): number {
  const norm = avgLength > 0 ? 1 - b + (b * length) / avgLength : 1;
  return (idf * tf * (k1 + 1)) / (tf + k1 * norm);
}
