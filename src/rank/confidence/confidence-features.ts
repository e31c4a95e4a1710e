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
 * ranking. Shares are 0 to 1; logarithms are natural. Every feature reads the lexical evidence of the final first file
 * and its place in the lexical ranking, never the final ranking's scores: a hybrid or dense ranking (reciprocal-rank
 * fused, or cosine similarities) is then rated on the same scale as a BM25 one. The tree's size was fitted and left
 * out (docs/ranking.md, "Confidence": no development tree is small, so a small one would be extrapolated).
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
  /**
   * The first file's lead in the lexical ranking: `ln(bm25₁ / bm25₂)` of its lexical score over the best other file's,
   * at most {@link MAX_LOG_GAP}; 0 when it is not the lexical first or there is no other file (no lead to measure).
   */
  readonly gap2: number;
  /** `ln(bm25₁ / bm25₅)`: its lexical score over the lexical ranking's fifth's; 0 when it is not in the lexical top four. */
  readonly gap5: number;
  /** 1 when a stack frame of the issue names the first file (its path, a path suffix, a source map or a declared build). */
  readonly frame: number;
}

/** The features' names in a fixed order (the model's coefficient order, and the columns of a fit). */
export const CONFIDENCE_FEATURES = [
  "path", "definition", "coverage", "unknown", "unknownNames", "names", "rarity", "distinctive", "gap2", "gap5", "frame",
] as const satisfies readonly (keyof ConfidenceFeatures)[];

/** A score lead beyond e³ (twenty times) says nothing more: caps `gap2` and `gap5`. */
export const MAX_LOG_GAP = 3;

/** How many ranked files the features read (the lead over the fifth): a ranking is made at least this deep. */
export const CONFIDENCE_DEPTH = 5;

/**
 * The confidence features of a ranking of `index` for `issueText` (title on the first line): the final ranking's
 * first file (`files[0]`) rated by the lexical ranking of the same issue (`lexical`, best first, at least
 * {@link CONFIDENCE_DEPTH} deep when the tree has them; for a BM25 ranking, the ranking itself). The query is rebuilt
 * as the lexical ranker builds it (default options), so dense and hybrid rankings are described by the same terms.
 * Undefined when nothing was ranked. Pure.
 */
export function buildConfidenceFeatures(
  index: LexicalIndex,
  issueText: string,
  files: readonly RankedFile[],
  lexical: readonly RankedFile[] = files,
): ConfidenceFeatures | undefined {
  const top = ratedFile(files, lexical);
  if (!top) return undefined;
  const lexicalTop = lexical.find((f) => f.path === top.path);
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
  const mention = top.evidence.mention ?? lexicalTop?.evidence.mention;
  return {
    path: mention?.kind === "path" ? 1 : 0,
    definition: definitions?.has(topId) ? 1 : 0,
    coverage: knownWeight > 0 ? covered / knownWeight : 0,
    unknown: total > 0 ? unknown / total : 0,
    unknownNames: names.length > 0 ? unknownNames / names.length : 0,
    names: Math.log(1 + names.length),
    rarity: matchedWeight > 0 && maxIdf > 0 ? covered / matchedWeight / maxIdf : 0,
    distinctive: Math.log(1 + distinctive),
    ...lexicalLead(top.path, lexical),
    frame: mention?.kind === "frame" ? 1 : 0,
  };
}

/**
 * The file whose evidence rates the ranking: its first file; but where the rankers agree on the first two files and
 * differ only in their order (a dense ranker lifting the lexical second over the lexical first, both listed), the
 * lexical first, so the pair is rated as the lexical ranking rates it. The fit has no dense rankings to say more.
 */
function ratedFile(files: readonly RankedFile[], lexical: readonly RankedFile[]): RankedFile | undefined {
  const [first, second] = files;
  const swapped = first !== undefined && second !== undefined && lexical[0]?.path === second.path && lexical[1]?.path === first.path;
  return swapped ? second : first;
}

/**
 * `gap2` and `gap5` of the file at `path` in the lexical ranking: its lead over the best other file and over the
 * fifth. A file the lexical ranking puts below another has no lead (0), one it does not list at all neither.
 */
function lexicalLead(path: string, lexical: readonly RankedFile[]): Pick<ConfidenceFeatures, "gap2" | "gap5"> {
  const at = lexical.findIndex((f) => f.path === path);
  if (at < 0) return { gap2: 0, gap5: 0 };
  const score = lexical[at]!.score;
  const best = at === 0 ? lexical[1]?.score : lexical[0]!.score;
  const fifth = at < CONFIDENCE_DEPTH - 1 ? lexical[CONFIDENCE_DEPTH - 1]?.score : undefined;
  return { gap2: logGap(score, best), gap5: logGap(score, fifth) };
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
