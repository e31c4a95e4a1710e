import { buildQueryTerms, type WeightedTerm } from "../query/build-query.js";
import { buildEvidence, withoutEmphasis } from "./build-evidence.js";
import { stripTemplateText } from "../lexical/issue-template.js";
import type { FileRole } from "../lexical/file-role.js";
import type { LexicalIndex } from "../lexical/lexical-index.js";
import { parseIssue, type ParsedIssue } from "../query/parse-issue.js";
import { resolveLexicalOptions, type LexicalRankOptions, type LexicalRankOptionsInput } from "./rank-options.js";
import { buildPointerQuery, type PointerQuery } from "../pointers/score-pointers.js";
import { resolveMentions } from "../pointers/resolve-mentions.js";
import { scoreBm25f } from "../lexical/score-bm25f.js";
import { scoreDefinitions } from "./score-definitions.js";
import { scoreSymbols } from "../pointers/score-symbols.js";
import { scanTokens } from "../query/tokenize.js";
import type { RankedFile } from "../types.js";
import { BUILD_WORDS } from "./build-words.js";
import { lendScores } from "./lend-scores.js";
import { dampPlatformCopies } from "./platform-copies.js";
import { findNamedPackages, liftNamedPackages } from "./named-packages.js";
import { demoteDeclarationModules } from "./declaration-modules.js";
import { liftTitleNames } from "./title-names.js";

/**
 * Ranks the index's files for an issue's text (title on the first line) with BM25F plus evidence signals: stack
 * frames, explicit paths, module names and definitions of the issue's identifiers. Returns at most
 * `options.limit` files with a positive score, best first, each with its evidence. Pure.
 */
export function rankLexical(index: LexicalIndex, issueText: string, options: LexicalRankOptionsInput = {}): RankedFile[] {
  return rankLexicalParts(index, issueText, options).files;
}

/** A lexical ranking with what its pointers were chosen from (for the cross-file symbol ranking). */
export interface LexicalRanking {
  readonly files: RankedFile[];
  /** The ranked files' numbers in the index, aligned with `files`. */
  readonly fileIds: readonly number[];
  readonly pointerQuery: PointerQuery;
  readonly options: LexicalRankOptions;
}

/** {@link rankLexical}, keeping the file numbers, the pointer query and the resolved options. Pure. */
export function rankLexicalParts(index: LexicalIndex, issueText: string, options: LexicalRankOptionsInput = {}): LexicalRanking {
  const o = resolveLexicalOptions(options);
  const issue = parseIssue(o.templates ? stripTemplateText(issueText, index.templates) : issueText);
  const split = o.bm25.part > 0;
  const talk = o.templates ? index.templates : [];
  const terms = o.parseQuery ? buildQueryTerms(issue, o.query, split, talk, (term) => index.postings(term) !== undefined) : rawTerms(issue.text, split);
  const scores = combineScores(index, issue, terms, o);
  const top = topFiles(scores, o, index);
  const pointerQuery = buildPointerQuery(issue, scores.segmentWeightOf, scores.mentions.frameHits);
  const files = buildEvidence({
    index, pointerQuery, terms, weightOf: scores.weightOf, options: o, top, scores: scores.final,
    mentions: scores.mentions, testedBy: scores.testedBy,
    inPackage: scores.inPackage, declaredBy: scores.declaredBy, titleWords: scores.titleWords,
    identifierWords: wholeWords(issue.identifiers.filter((id) => !EMPHASIS.test(id))),
  });
  return { files, fileIds: top, pointerQuery, options: o };
}

/**
 * A word in Markdown emphasis (`_works_`, `_please`, `properly_`) is shaped like an identifier but is prose: it
 * does not make an everyday word a reader is shown (`prose-words.ts`).
 */
const EMPHASIS = /^_[A-Za-z]+_?$|^[A-Za-z]+_$/;

/** The distinct whole words (lowercased, as the index keeps them) of `texts`. */
function wholeWords(texts: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    scanTokens(text, (term, part) => {
      if (!part) words.add(term);
    });
  }
  return words;
}

/** The raw text's terms, one weight unit per occurrence (classic Okapi BM25 query). */
function rawTerms(text: string, split: boolean): WeightedTerm[] {
  const counts = new Map<string, number>();
  scanTokens(text, (term, part) => {
    if (!part || split) counts.set(term, (counts.get(term) ?? 0) + 1);
  });
  return [...counts].map(([term, weight]) => ({ term, weight }));
}

interface Combined {
  readonly final: Float64Array;
  readonly weightOf: ReadonlyMap<string, number>;
  /** `weightOf` without the title's emphasis: how symbols inside a file are scored (segments and pointers). */
  readonly segmentWeightOf: ReadonlyMap<string, number>;
  readonly mentions: ReturnType<typeof resolveMentions>;
  /** Code file → the test beside it whose score lifted it. */
  readonly testedBy: ReadonlyMap<number, number>;
  /** Files lifted because the issue names their package: file → package name. */
  readonly inPackage: ReadonlyMap<number, string>;
  /** Implementation → the declaration file whose score lifted it. */
  readonly declaredBy: ReadonlyMap<number, number>;
  /** Files whose folders or name hold a behaviour-only title's words, and the words. */
  readonly titleWords: ReadonlyMap<number, readonly string[]>;
}

function combineScores(index: LexicalIndex, issue: ParsedIssue, terms: readonly WeightedTerm[], o: LexicalRankOptions): Combined {
  const n = index.files.length;
  const { scores: lex, idfs } = scoreBm25f(index, terms, o.bm25);
  let maxLex = 0;
  for (let d = 0; d < n; d++) if (lex[d] > maxLex) maxLex = lex[d];
  const final = new Float64Array(n);
  if (maxLex > 0) for (let d = 0; d < n; d++) final[d] = lex[d] / maxLex;

  const s = o.signals;
  const definitions = scoreDefinitions(index, issue, o.definitions);
  if (s.definition > 0) {
    // Divide by at least what one uniquely defined name scores, so that when only common names match, their weak
    // evidence is not blown up to the full signal weight.
    let maxDef = o.definitions.floor * Math.log(1 + n);
    for (const v of definitions.values()) maxDef = Math.max(maxDef, v);
    if (maxDef > 0) for (const [d, v] of definitions) final[d] += (s.definition * v) / maxDef;
  }

  const weightOf = new Map<string, number>();
  for (const q of terms) {
    const idf = idfs.get(q.term);
    if (idf !== undefined) weightOf.set(q.term, q.weight * idf);
  }
  // Symbol segments weigh the words without the title's emphasis (a function full of the title's words is the
  // symptom's place as often as the fix's), and only in code: a docs page or an issue template is one line window
  // after another, its best window the reporter's words echoed.
  const segmentFiles = s.symbol > 0 ? bestByScore(final, o.symbolDepth).filter((d) => !PROSE_ROLES.has(index.files[d].role)) : [];
  const segmentWeightOf = withoutEmphasis(terms, weightOf);
  const symbols = scoreSymbols(index, segmentFiles, segmentWeightOf);
  let maxSymbol = 0;
  for (const m of symbols.values()) maxSymbol = Math.max(maxSymbol, m.score);
  if (maxSymbol > 0) for (const [d, m] of symbols) final[d] += (s.symbol * m.score) / maxSymbol;

  const demote = roleFactors(issue, o);
  // Each test beside its code file lends it a share of its score, taken before the demotion: a test's own score says
  // how much the issue reads like it, and an issue that reads like a file's tests is about that file.
  const testedBy = o.testSubjects > 0 ? lendScores(index.testSubjects, final, o.testSubjects) : new Map<number, number>();
  // A declaration lends the same way, from its score before the data demotion: its signatures and doc comments hold
  // the issue's names, the file it describes holds the behaviour.
  const declaredBy = o.declarationSubjects > 0
    ? lendScores(index.declarationSubjects, final, o.declarationSubjects) : new Map<number, number>();
  for (let d = 0; d < n; d++) if (final[d] !== 0) final[d] *= demote[index.files[d].role];

  if (o.declarationModules !== 1) demoteDeclarationModules(index, final, bestByScore(final, o.symbolDepth), o.declarationModules);
  const packages = index.graph.packages;
  const namedPackages = o.packages > 0 && packages.length > 1 ? findNamedPackages(issue.text, packages) : [];
  const inPackage = namedPackages.length > 0
    ? liftNamedPackages(index.files.map((f) => f.path), final, namedPackages, packages, o.packages)
    : new Map<number, string>();
  // A behaviour-only report names the feature, not the code: the folder or file named like its title's nouns.
  const titleWords = liftTitleNames(index, issue, final, () => bestByScore(final, o.symbolDepth), weightOf, o.titleNames);

  // A path the reporter wrote is never demoted: naming a test or a doc makes the issue about it. Frames and module
  // names are demoted like content: a traceback through a test usually points at the code under test.
  const mentions = resolveMentions(index, issue, o.sourceMaps);
  const addAll = (m: ReadonlyMap<number, number>, w: number, demoted: boolean): void => {
    if (w > 0) for (const [d, v] of m) final[d] += w * v * (demoted ? demote[index.files[d].role] : 1);
  };
  addAll(mentions.frame, s.frame, true);
  addAll(mentions.path, s.path, false);
  addAll(mentions.module, s.module, true);
  // A file only `main` or a dispatch frame names started the work that crashed in a file further in: its words (the
  // binary's name in the title, every package it wires up) must not outrank the crash site.
  if (o.entryFrames !== 1 && mentions.crashSite.length > 0) for (const d of mentions.entryOnly) final[d] *= o.entryFrames;
  dampPlatformCopies(index, final, issue.text, o.platformCopies);
  return { final, weightOf, segmentWeightOf, mentions, testedBy, inPackage, declaredBy, titleWords };
}

/**
 * Title words that lift a role's demotion. Tests have none: "test X fails" nearly always means the code under test
 * is wrong, and a test file that matters is usually named in a traceback or path, which is never demoted.
 */
const ROLE_WORDS: Readonly<Record<Exclude<FileRole, "code">, RegExp | undefined>> = {
  test: undefined,
  doc: /\b(docs?|documentation|docstrings?|typos?|readme|changelog)\b/i,
  example: /\b(examples?|samples?|demos?|tutorials?|benchmarks?|notebooks?|jupyter)\b/i,
  data: /\b(config(uration)?|settings|json|ya?ml|toml|css|html|templates?)\b/i,
  build: BUILD_WORDS,
  generated: undefined,
  meta: /\b(issue (forms?|templates?)|workflows?|ci|github actions?|codeowners|funding|dependabot|pre-commit)\b/i,
};

const PROSE_ROLES: ReadonlySet<FileRole> = new Set<FileRole>(["doc", "meta", "data"]);

/** Demotion factor per role; a role the title talks about is not demoted. */
function roleFactors(issue: ParsedIssue, o: LexicalRankOptions): Record<FileRole, number> {
  const f = { code: 1 } as Record<FileRole, number>;
  for (const role of Object.keys(ROLE_WORDS) as Exclude<FileRole, "code">[]) {
    f[role] = ROLE_WORDS[role]?.test(issue.title) ? 1 : o.demote[role];
  }
  return f;
}

/** The `k` files with the highest positive scores (all of them in file order when there are no more than `k`). */
function bestByScore(scores: Float64Array, k: number): number[] {
  const positive: number[] = [];
  for (let d = 0; d < scores.length; d++) if (scores[d] > 0) positive.push(d);
  if (positive.length <= k) return positive;
  const cut = kthLargest(scores, positive, k);
  const above = positive.filter((d) => scores[d] > cut);
  for (const d of positive) {
    if (above.length === k) break;
    if (scores[d] === cut) above.push(d);
  }
  return above.sort((a, b) => scores[b] - scores[a]);
}

function topFiles(scores: Combined, o: LexicalRankOptions, index: LexicalIndex): number[] {
  const { final } = scores;
  const limit = Math.max(0, o.limit);
  let candidates: number[] = [];
  for (let d = 0; d < final.length; d++) {
    if (final[d] > 0 && (!o.include || o.include(index.files[d].path))) candidates.push(d);
  }
  // Only the files at or above the limit's score can make the list: sort those, not thousands.
  if (candidates.length > limit && limit > 0) {
    const cut = kthLargest(final, candidates, limit);
    candidates = candidates.filter((d) => final[d] >= cut);
  }
  candidates.sort((a, b) => final[b] - final[a] || (index.files[a].path < index.files[b].path ? -1 : 1));
  return candidates.slice(0, limit);
}

/** The `k`-th largest of `scores` over `files` (1 ≤ k ≤ files.length), by a numeric typed-array sort. */
function kthLargest(scores: Float64Array, files: readonly number[], k: number): number {
  const values = Float64Array.from(files, (d) => scores[d]).sort();
  return values[values.length - k];
}
