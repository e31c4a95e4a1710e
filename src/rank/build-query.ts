import type { ParsedIssue } from "./parse-issue.js";
import { scanTokens } from "./tokenize.js";

/** How much each kind of issue text counts per occurrence of a term. */
export interface QueryWeights {
  /** Words of the issue's prose (the baseline weight). */
  readonly prose: number;
  /** Extra weight for words of the title line, which usually names the problem. */
  readonly title: number;
  /** Words inside code blocks and inline code spans. */
  readonly code: number;
  /** Extra weight for code-shaped identifiers (dotted names, calls, camelCase, snake_case), whole and split. */
  readonly identifier: number;
  /** Extra weight for words of error lines (`ValueError: Invalid IPv6 URL`). */
  readonly error: number;
  /** Function names in stack-trace frames. */
  readonly frameSymbol: number;
  /**
   * Emphasis of the title after saturation: a term of the title weighs `× (1 + titleBoost)`. The title names the
   * problem in a few words while the body adds reproduction noise; unlike `title`, this does not change how the
   * words of a title-only issue weigh against each other. 3 on the development sets (docs/ranking.md): multi-language
   * NDCG 0.752 → 0.768 (Hit@1 0.622 → 0.665), SWE-bench Lite Hit@1 0.590 → 0.603, NDCG 0.746 → 0.761.
   */
  readonly titleBoost: number;
  /**
   * Saturation of repeated terms: a term's weight is `raw·(k3+1)/(k3+raw)`, so a word repeated forty times in a
   * pasted log does not drown the rest. `Infinity` keeps raw weights.
   */
  readonly k3: number;
}

/** Defaults chosen on the development set (see docs/ranking.md). */
export const DEFAULT_QUERY_WEIGHTS: QueryWeights = {
  prose: 1,
  title: 1,
  code: 1,
  identifier: 1,
  error: 1,
  frameSymbol: 1,
  titleBoost: 3,
  k3: 4,
};

/** A weighted bag of query terms. */
export interface WeightedTerm {
  readonly term: string;
  readonly weight: number;
  /** The factor the title's emphasis multiplied `weight` by (`1 + titleBoost` for a title word); absent = 1. */
  readonly emphasis?: number;
}

/**
 * Turns a parsed issue into weighted terms. `split: false` keeps whole words only (the plain word-splitter
 * baseline). Words of the repository's issue templates (`issueTalk`) get no title emphasis: in a title they are
 * the category of the report ("Crash: …", "bug"), not what it is about. Terms are returned heaviest first.
 */
export function buildQueryTerms(
  issue: ParsedIssue, weights: QueryWeights, split = true, issueTalk: readonly ReadonlySet<string>[] = [],
): WeightedTerm[] {
  const raw = new Map<string, number>();
  const add = (text: string, w: number): void => {
    if (w <= 0) return;
    scanTokens(text, (term, part) => {
      if (part && !split) return;
      raw.set(term, (raw.get(term) ?? 0) + w);
    });
  };
  add(issue.prose, weights.prose);
  add(issue.title, weights.title);
  for (const c of issue.code) add(c, weights.code);
  for (const id of issue.identifiers) add(id, weights.identifier);
  for (const e of issue.errors) add(`${e.type} ${e.message}`, weights.error);
  for (const f of issue.frames) if (f.symbol) add(f.symbol, weights.frameSymbol);
  const k3 = weights.k3;
  const inTitle = new Set<string>();
  if (weights.titleBoost > 0) {
    scanTokens(issue.title, (term, part) => {
      if ((!part || split) && !issueTalk.some((t) => t.has(term))) inTitle.add(term);
    });
  }
  const out: WeightedTerm[] = [];
  const emphasis = 1 + weights.titleBoost;
  for (const [term, r] of raw) {
    const saturated = Number.isFinite(k3) ? (r * (k3 + 1)) / (k3 + r) : r;
    out.push(inTitle.has(term) ? { term, weight: saturated * emphasis, emphasis } : { term, weight: saturated });
  }
  return out.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
}
