import type { SymbolInfo } from "../../index/types.js";
import type { WeightedTerm } from "../query/build-query.js";
import type { LexicalIndex } from "../lexical/lexical-index.js";
import type { LexicalRankOptions } from "./rank-options.js";
import type { MentionScores } from "../pointers/resolve-mentions.js";
import { termSaturation } from "../lexical/score-bm25f.js";
import { NOISE_WORDS, PROSE_WORDS } from "./prose-words.js";
import { pickPointers, scoreFileSymbols, type PointerQuery } from "../pointers/score-pointers.js";
import type { Evidence, RankedFile, SymbolPointer } from "../types.js";

/** How many matched terms a file's evidence lists. */
const EVIDENCE_TERMS = 5;

/** How many distinctive words a file's evidence lists for readers (the comment shows a handful of them). */
const EVIDENCE_WORDS = 6;

/**
 * A word in more than this share of the files says nothing about where the issue is (`error`, `import` in most
 * repositories), however often the issue repeats it: readers are not shown it.
 */
const COMMON_SHARE = 0.5;

/** Below this many files every word is in "most" files: the share says nothing, so no word is left out for it. */
const MIN_FILES_FOR_SHARE = 4;

/** Input of {@link buildEvidence}: the ranked files and what the scorers found for them. */
export interface EvidenceInput {
  readonly index: LexicalIndex;
  /** What the issue says about places inside files (`buildPointerQuery`). */
  readonly pointerQuery: PointerQuery;
  readonly terms: readonly WeightedTerm[];
  /** Query weight × IDF of each query term that matched somewhere. */
  readonly weightOf: ReadonlyMap<string, number>;
  readonly options: LexicalRankOptions;
  readonly top: readonly number[];
  readonly scores: Float64Array;
  readonly mentions: MentionScores;
  /** Code file → the test beside it whose score lifted it (`test-subjects.ts`). */
  readonly testedBy?: ReadonlyMap<number, number>;
  /** Files inside a package the issue names, and its name (`named-packages.ts`). */
  readonly inPackage?: ReadonlyMap<number, string>;
  /** Implementation → the declaration file whose score lifted it (`declaration-subjects.ts`). */
  readonly declaredBy?: ReadonlyMap<number, number>;
  /** Files a behaviour-only title names by their folders or name, and the words (`title-names.ts`). */
  readonly titleWords?: ReadonlyMap<number, readonly string[]>;
  /** The whole words of the identifiers the issue writes (`compute_total`, `Invoice`): shown to readers first. */
  readonly identifierWords?: ReadonlySet<string>;
}

/**
 * Attaches evidence to each ranked file: its best-contributing query terms, the place inside it most likely to
 * change (and a second one when it scores nearly as well: `score-pointers.ts`), and the frame or path naming it.
 */
export function buildEvidence(input: EvidenceInput): RankedFile[] {
  const { index, terms, weightOf, options, top, scores, mentions, pointerQuery } = input;
  return top.map((file) => {
    const matched = terms
      .map((q) => ({ term: q.term, c: (weightOf.get(q.term) ?? 0) * termSaturation(index, q.term, file, options.bm25) }))
      .filter((x) => x.c > 0)
      .sort((a, b) => b.c - a.c || (a.term < b.term ? -1 : 1));
    const contributions = matched.slice(0, EVIDENCE_TERMS);
    const words = distinctiveWords(index, matched.map((x) => x.term), input.identifierWords);
    const [symbol, alsoSymbol] = filePointers(index, file, pointerQuery, options);
    const mention = mentions.evidence.get(file);
    const test = input.testedBy?.get(file);
    const pkg = input.inPackage?.get(file);
    const declaration = input.declaredBy?.get(file);
    const titleWords = input.titleWords?.get(file);
    const evidence: Evidence = {
      terms: contributions.map((x) => x.term),
      ...(words.length > 0 ? { words } : {}),
      ...(symbol ? { symbol } : {}),
      ...(alsoSymbol ? { alsoSymbol } : {}),
      ...(mention ? { mention } : {}),
      ...(test !== undefined ? { tests: { path: index.files[test].path } } : {}),
      ...(pkg !== undefined ? { package: pkg } : {}),
      ...(declaration !== undefined ? { declarations: { path: index.files[declaration].path } } : {}),
      ...(titleWords ? { titleWords } : {}),
    };
    return { path: index.files[file].path, score: scores[file], evidence };
  });
}

/**
 * Of the query words a file matched (in order of weight), the ones worth a reader's look: the identifiers
 * first, then the most distinctive words in the repository (fewest files holding them: the order of IDF), without
 * words most files hold and without everyday prose (`prose-words.ts`). The same document frequencies BM25 reads;
 * nothing is stored for it.
 */
export function distinctiveWords(index: LexicalIndex, matched: readonly string[], identifiers: ReadonlySet<string> = new Set()): string[] {
  const total = index.files.length;
  const found: { term: string; df: number; code: boolean }[] = [];
  for (const term of matched) {
    const df = index.postings(term)?.files.length ?? 0;
    if (df === 0 || (total >= MIN_FILES_FOR_SHARE && df > total * COMMON_SHARE) || NOISE_WORDS.has(term)) continue;
    const code = identifiers.has(term);
    if (!code && PROSE_WORDS.has(term)) continue;
    found.push({ term, df, code });
  }
  // Stable: equally rare words keep the order they came in.
  found.sort((a, b) => Number(b.code) - Number(a.code) || a.df - b.df);
  return found.slice(0, EVIDENCE_WORDS).map((x) => x.term);
}

/** The file's pointers, best first (at most two). */
export function filePointers(index: LexicalIndex, file: number, query: PointerQuery, options: LexicalRankOptions): SymbolPointer[] {
  const symbols = index.files[file].symbols;
  return pickPointers(symbols, scoreFileSymbols(index, file, query, options.pointers), options.pointers).map((x) => pickSymbol(symbols[x.symbol]));
}

/**
 * Term weights without the title's emphasis: a function full of the title's words is the symptom's place as often
 * as the fix's (the same weighing as the file-level symbol segments).
 */
export function withoutEmphasis(terms: readonly WeightedTerm[], weightOf: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const q of terms) {
    const w = weightOf.get(q.term);
    if (w !== undefined) out.set(q.term, w / (q.emphasis ?? 1));
  }
  return out;
}

function pickSymbol(s: SymbolInfo): SymbolPointer {
  return { name: s.name, qualifiedName: s.qualifiedName, kind: s.kind, startLine: s.startLine, endLine: s.endLine };
}
