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
  /**
   * Pasted blocks foreign to the repository: a fenced block of at least {@link FOREIGN_BLOCK_WORDS} distinct words of
   * which fewer than this share are words the repository has (a JSON dump, a log, the reporter's own program) weighs
   * its words by `share / foreignBlocks`, for the words that appear nowhere else in the issue. Its unknown words score
   * nothing anyway; its few common known ones (`data`, `value`, `name`) would otherwise outweigh the prose. Needs the
   * repository's vocabulary (`known`); 0 = off.
   */
  readonly foreignBlocks: number;
}

/** A fenced block shorter than this (distinct whole words) is never foreign: a snippet, not a paste. */
export const FOREIGN_BLOCK_WORDS = 20;

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
  // 0.5: SWE-bench Lite one ranking up (pylint-7080), none down; multi-language none moved (2 of its 141 long blocks
  // fall under 0.5). 0.8 was better on half A of both sets and cost half B of the multi-language set (docs/ranking.md).
  foreignBlocks: 0.5,
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
 * the category of the report ("Crash: …", "bug"), not what it is about. `known` says whether the repository has a
 * word (for {@link QueryWeights.foreignBlocks}). Terms are returned heaviest first.
 */
export function buildQueryTerms(
  issue: ParsedIssue, weights: QueryWeights, split = true, issueTalk: readonly ReadonlySet<string>[] = [],
  known?: (term: string) => boolean,
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
  if (weights.foreignBlocks > 0 && known) {
    for (const [term, factor] of foreignOnlyTerms(issue, weights.foreignBlocks, known)) raw.set(term, (raw.get(term) ?? 0) * factor);
  }
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

/**
 * Terms that occur only inside foreign blocks (see {@link QueryWeights.foreignBlocks}) → the factor their weight
 * keeps: the largest of their blocks' `min(1, share / threshold)`. Words of the title, the prose, other code, error
 * lines and frame names are never scaled: an error line pasted inside a log is still the reporter's best evidence.
 */
function foreignOnlyTerms(issue: ParsedIssue, threshold: number, known: (term: string) => boolean): Map<string, number> {
  const factors = new Map<string, number>();
  const blockFactors = issue.code.map((block) => {
    const share = knownShare(block, known);
    return share === undefined ? 1 : Math.min(1, share / threshold);
  });
  // Most issues have no foreign block: nothing to scale, and no need to read the rest of the issue again.
  if (blockFactors.every((factor) => factor >= 1)) return factors;
  const outside = new Set<string>();
  const collect = (text: string): void => scanTokens(text, (term) => outside.add(term));
  collect(issue.title);
  collect(issue.prose);
  for (const e of issue.errors) collect(`${e.type} ${e.message}`);
  for (const f of issue.frames) if (f.symbol) collect(f.symbol);
  issue.code.forEach((block, i) => {
    const factor = blockFactors[i];
    if (factor >= 1) collect(block);
    else scanTokens(block, (term) => factors.set(term, Math.max(factors.get(term) ?? 0, factor)));
  });
  for (const term of outside) factors.delete(term);
  return factors;
}

/**
 * The share of a block's distinct whole words that the repository has, or undefined for a block of fewer than
 * {@link FOREIGN_BLOCK_WORDS} distinct words (a snippet, never foreign).
 */
function knownShare(block: string, known: (term: string) => boolean): number | undefined {
  const words = new Set<string>();
  scanTokens(block, (term, part) => {
    if (!part) words.add(term);
  });
  if (words.size < FOREIGN_BLOCK_WORDS) return undefined;
  let knownWords = 0;
  for (const w of words) if (known(w)) knownWords++;
  return knownWords / words.size;
}
