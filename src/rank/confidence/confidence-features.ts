import { buildQueryTerms } from "../query/build-query.js";
import { stripTemplateText } from "../lexical/issue-template.js";
import type { LexicalIndex } from "../lexical/lexical-index.js";
import { okapiIdf } from "../lexical/okapi.js";
import { findSlot } from "../lexical/score-bm25f.js";
import { parseIssue } from "../query/parse-issue.js";
import { DEFAULT_LEXICAL_OPTIONS } from "../signals/rank-options.js";
import { scoreDefinitions } from "../signals/score-definitions.js";
import { scanTokens } from "../query/tokenize.js";
import type { RankedFile } from "../types.js";

/**
 * What a ranking says about how sure it can be of its first file: the inputs of the confidence model
 * (`confidence-model.ts`). Each is read from the ranking, the issue's query terms and the index; none changes the
 * ranking. Shares are 0 to 1; logarithms are natural. Two more were fitted and left out (docs/ranking.md,
 * "Confidence"): a stack frame naming the first file (its weight came out below 0 on half A: the lead a frame gives
 * already shows in `gap2`) and the tree's size (no development tree is small, so a small one would be extrapolated).
 */
export interface ConfidenceFeatures {
  /** 1 when the issue writes the first file's path. */
  readonly path: number;
  /** 1 when the first file defines a name the issue uses as an identifier (a class, function, frame symbol). */
  readonly definition: number;
  /** Share of the query's weight (weight × IDF, over terms the tree has) that occurs in the first file. */
  readonly coverage: number;
  /** Share of the query's weight whose terms no file of the tree has: high when the issue talks about something else. */
  readonly unknown: number;
  /** Share of the issue's code-shaped names (whole identifiers: `sendFile`, `URLField.clean`'s parts) no file has. */
  readonly unknownNames: number;
  /** `ln(1 + n)` of the issue's distinct code-shaped names. */
  readonly names: number;
  /** How rare the first file's matched terms are: their weight-averaged IDF over `ln(1 + files)` (0 to about 1). */
  readonly rarity: number;
  /** `ln(1 + n)` of the query's distinctive terms the first file has (IDF at least half of the tree's largest). */
  readonly distinctive: number;
  /** `ln(score₁ / score₂)`, at most {@link MAX_LOG_GAP}; 0 when there is no second file (no lead to measure). */
  readonly gap2: number;
  /** `ln(score₁ / score₅)`, at most {@link MAX_LOG_GAP}; 0 when there are fewer than five files. */
  readonly gap5: number;
}

/** The features' names in a fixed order (the model's coefficient order, and the columns of a fit). */
export const CONFIDENCE_FEATURES = [
  "path", "definition", "coverage", "unknown", "unknownNames", "names", "rarity", "distinctive", "gap2", "gap5",
] as const satisfies readonly (keyof ConfidenceFeatures)[];

/** A score lead beyond e³ (twenty times) says nothing more: caps `gap2` and `gap5`. */
export const MAX_LOG_GAP = 3;

/** How many ranked files the features read (the lead over the fifth): a ranking is made at least this deep. */
export const CONFIDENCE_DEPTH = 5;

/**
 * The confidence features of a ranking of `index` for `issueText` (title on the first line), read from its first
 * files (`files`, best first, at least {@link CONFIDENCE_DEPTH} deep when the tree has them). The query is rebuilt
 * as the lexical ranker builds it (default options), so dense and hybrid rankings are described by the same terms.
 * Undefined when nothing was ranked. Pure.
 */
export function buildConfidenceFeatures(index: LexicalIndex, issueText: string, files: readonly RankedFile[]): ConfidenceFeatures | undefined {
  const top = files[0];
  if (!top) return undefined;
  const n = index.files.length;
  const o = DEFAULT_LEXICAL_OPTIONS;
  const issue = parseIssue(stripTemplateText(issueText, index.templates));
  const terms = buildQueryTerms(issue, o.query, true, index.templates, (term) => index.postings(term) !== undefined);
  const topId = index.files.findIndex((f) => f.path === top.path);
  const maxIdf = okapiIdf(n, 1);

  let total = 0;
  let unknown = 0;
  let knownWeight = 0;
  let covered = 0;
  let matchedWeight = 0;
  let distinctive = 0;
  for (const q of terms) {
    total += q.weight;
    const p = index.postings(q.term);
    if (p === undefined || p.files.length === 0) {
      unknown += q.weight;
      continue;
    }
    const idf = okapiIdf(n, p.files.length);
    knownWeight += q.weight * idf;
    if (topId < 0 || findSlot(p.files, topId) < 0) continue;
    covered += q.weight * idf;
    matchedWeight += q.weight;
    if (idf >= maxIdf / 2) distinctive++;
  }
  const names = identifierWords(issue.identifiers);
  const unknownNames = names.filter((w) => index.postings(w) === undefined).length;
  const definitions = topId >= 0 ? scoreDefinitions(index, issue, o.definitions) : undefined;
  return {
    path: top.evidence.mention?.kind === "path" ? 1 : 0,
    definition: definitions?.has(topId) ? 1 : 0,
    coverage: knownWeight > 0 ? covered / knownWeight : 0,
    unknown: total > 0 ? unknown / total : 0,
    unknownNames: names.length > 0 ? unknownNames / names.length : 0,
    names: Math.log(1 + names.length),
    rarity: matchedWeight > 0 && maxIdf > 0 ? covered / matchedWeight / maxIdf : 0,
    distinctive: Math.log(1 + distinctive),
    gap2: logGap(top.score, files[1]?.score),
    gap5: logGap(top.score, files[CONFIDENCE_DEPTH - 1]?.score),
  };
}

/** The distinct whole words (lowercased, as the index keeps them) of the issue's identifiers and their dotted parts. */
function identifierWords(identifiers: readonly string[]): string[] {
  const words = new Set<string>();
  for (const id of identifiers) {
    scanTokens(id, (term, part) => {
      if (!part) words.add(term);
    });
  }
  return [...words];
}

/**
 * `ln(first / other)` capped at {@link MAX_LOG_GAP}. A missing other file gives 0: a lone candidate has no lead to
 * measure, and in a small tree one incidental word makes one (no development tree has fewer than five candidates, so
 * the fit cannot say what it is worth). A zero or negative other file is the cap.
 */
function logGap(first: number, other: number | undefined): number {
  if (!(first > 0) || other === undefined) return 0;
  if (!(other > 0)) return MAX_LOG_GAP;
  return Math.min(MAX_LOG_GAP, Math.max(0, Math.log(first / other)));
}
