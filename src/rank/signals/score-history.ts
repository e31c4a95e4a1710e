import { tokenize } from "../query/tokenize.js";

/**
 * A fixed issue prepared for the similar-past-fixes signal: its term counts (computed once, reusable across
 * requests) and the files its fix changed.
 */
export interface HistoryDoc {
  readonly issueNumber: number;
  readonly files: readonly string[];
  readonly terms: ReadonlyMap<string, number>;
}

/** Options of {@link scoreHistory}. */
export interface HistoryOptions {
  /**
   * How many of the most similar past fixes lend score. BugLocator sums over every similar report; keeping the
   * closest few stops dozens of faintly similar issues from outvoting the one that really matches.
   */
  readonly neighbours: number;
  /** Past fixes less similar than this (cosine, 0..1) lend nothing. */
  readonly minSimilarity: number;
}

/** Defaults measured on the development sets (docs/ranking.md, "Similar past fixes"). */
export const DEFAULT_HISTORY_OPTIONS: HistoryOptions = { neighbours: 10, minSimilarity: 0.1 };

/** One file's history score, with the most similar past issue whose fix changed it (the evidence shown). */
export interface HistoryScore {
  readonly path: string;
  readonly score: number;
  readonly issueNumber: number;
  readonly similarity: number;
}

/** Term counts of an issue text (whole words and identifier parts, stopwords dropped). Pure. */
export function prepareHistoryDoc(fix: { readonly issueNumber: number; readonly text: string; readonly files: readonly string[] }): HistoryDoc {
  return { issueNumber: fix.issueNumber, files: fix.files, terms: countTerms(fix.text) };
}

/**
 * BugLocator's similar-report score: the query's TF-IDF cosine similarity to each past fixed issue, and for each
 * file, the sum over the most similar fixes that changed it of `similarity / files changed by that fix`. IDF comes
 * from the past issues themselves. Best first; empty when there is no history or nothing is similar. Pure.
 */
export function scoreHistory(docs: readonly HistoryDoc[], queryText: string, options: HistoryOptions = DEFAULT_HISTORY_OPTIONS): HistoryScore[] {
  if (docs.length === 0 || options.neighbours <= 0) return [];
  const query = countTerms(queryText);
  if (query.size === 0) return [];
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log(1 + docs.length / (df.get(term) ?? 0.5));
  const weigh = (tf: number, term: string) => (1 + Math.log(tf)) * idf(term);
  let queryNorm = 0;
  const queryWeights = new Map<string, number>();
  for (const [term, tf] of query) {
    const w = weigh(tf, term);
    queryWeights.set(term, w);
    queryNorm += w * w;
  }
  const similar: { doc: HistoryDoc; similarity: number }[] = [];
  for (const doc of docs) {
    let dot = 0;
    let norm = 0;
    for (const [term, tf] of doc.terms) {
      const w = weigh(tf, term);
      norm += w * w;
      const q = queryWeights.get(term);
      if (q !== undefined) dot += q * w;
    }
    const similarity = dot > 0 && norm > 0 && queryNorm > 0 ? dot / Math.sqrt(norm * queryNorm) : 0;
    if (similarity >= options.minSimilarity && doc.files.length > 0) similar.push({ doc, similarity });
  }
  similar.sort((a, b) => b.similarity - a.similarity || b.doc.issueNumber - a.doc.issueNumber);
  const byPath = new Map<string, { score: number; issueNumber: number; similarity: number }>();
  for (const { doc, similarity } of similar.slice(0, options.neighbours)) {
    for (const path of doc.files) {
      const entry = byPath.get(path);
      const share = similarity / doc.files.length;
      // The evidence is the most similar fix: `similar` is sorted, so the first one seen.
      if (entry) entry.score += share;
      else byPath.set(path, { score: share, issueNumber: doc.issueNumber, similarity });
    }
  }
  return [...byPath].map(([path, s]) => ({ path, ...s })).sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
}

function countTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
