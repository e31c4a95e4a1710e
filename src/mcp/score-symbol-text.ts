import { okapiIdf, okapiTerm } from "../rank/lexical/okapi.js";
import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import { tokenize } from "../rank/query/tokenize.js";
import type { SourceLines } from "./source-lines.js";
import type { CatalogSymbol } from "./symbol-catalog.js";

/** BM25 parameters for scoring a file's symbols by their text: the common defaults, not tuned. */
export const SYMBOL_TEXT_BM25 = { k1: 1.2, b: 0.75 } as const;

/** A symbol with its score against the issue. */
export interface ScoredSymbol {
  readonly symbol: CatalogSymbol;
  readonly score: number;
}

/**
 * Scores the innermost symbols of one file (those containing no other symbol: methods rather than their class,
 * functions, line windows) by BM25 of the issue's words over each symbol's source text, with the repository-wide
 * document frequencies of the lexical index as IDF. Best first; symbols sharing no word with the issue are left out.
 * Function-level BM25 is the literature's baseline for "which function changes" (SweRank, Table 1).
 */
export function scoreSymbolText(
  index: LexicalIndex,
  issueTerms: ReadonlyMap<string, number>,
  symbols: readonly CatalogSymbol[],
  lines: SourceLines,
): ScoredSymbol[] {
  const leaves = symbols.filter((s) => !symbols.some((t) => t !== s && s.startLine <= t.startLine && t.endLine <= s.endLine
    && (t.startLine !== s.startLine || t.endLine !== s.endLine)));
  const docs = leaves.map((s) => {
    const counts = new Map<string, number>();
    let length = 0;
    for (const term of tokenize(lines.slice(s.startLine, s.endLine))) {
      length++;
      if (issueTerms.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    return { symbol: s, counts, length };
  });
  const avg = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const idfOf = termIdf(index);
  const { k1, b } = SYMBOL_TEXT_BM25;
  return docs
    .map(({ symbol, counts, length }) => {
      let score = 0;
      for (const [term, tf] of counts) score += okapiTerm(idfOf(term), tf, length, avg, k1, b);
      return { symbol, score };
    })
    .filter((s) => s.score > 0)
    .sort((x, y) => y.score - x.score || x.symbol.startLine - y.symbol.startLine);
}

/** The issue's distinct words (whole words and identifier parts, as the file ranker reads them) with their counts. */
export function issueTerms(issue: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const t of tokenize(issue)) terms.set(t, (terms.get(t) ?? 0) + 1);
  return terms;
}

/** A term's Okapi IDF over the repository's files (the lexical index's document frequencies), memoised per call. */
export function termIdf(index: LexicalIndex): (term: string) => number {
  const n = index.files.length;
  const idf = new Map<string, number>();
  return (term) => {
    let value = idf.get(term);
    if (value === undefined) {
      value = okapiIdf(n, index.postings(term)?.files.length ?? 0);
      idf.set(term, value);
    }
    return value;
  };
}

/** Scores one line of code: the summed IDF of the distinct issue words on it (0 when it shares none). */
export function lineScorer(issueTerms: ReadonlyMap<string, number>, idfOf: (term: string) => number): (line: string) => number {
  return (line) => {
    const seen = new Set<string>();
    let score = 0;
    for (const term of tokenize(line)) {
      if (!issueTerms.has(term) || seen.has(term)) continue;
      seen.add(term);
      score += idfOf(term);
    }
    return score;
  };
}
