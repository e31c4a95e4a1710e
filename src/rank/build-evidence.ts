import type { SymbolInfo } from "../index/types.js";
import type { WeightedTerm } from "./build-query.js";
import type { LexicalIndex } from "./lexical-index.js";
import type { LexicalRankOptions } from "./rank-options.js";
import type { MentionScores } from "./resolve-mentions.js";
import { termSaturation } from "./score-bm25f.js";
import type { DefinitionScores } from "./score-definitions.js";
import { scoreSymbols, type SymbolMatch } from "./score-symbols.js";
import type { Evidence, RankedFile } from "./types.js";

/** How many matched terms a file's evidence lists. */
const EVIDENCE_TERMS = 5;

/** Input of {@link buildEvidence}: the ranked files and what the scorers found for them. */
export interface EvidenceInput {
  readonly index: LexicalIndex;
  readonly terms: readonly WeightedTerm[];
  /** Query weight × IDF of each query term that matched somewhere. */
  readonly weightOf: ReadonlyMap<string, number>;
  readonly options: LexicalRankOptions;
  readonly top: readonly number[];
  readonly scores: Float64Array;
  readonly mentions: MentionScores;
  readonly definitions: DefinitionScores;
  /** Best symbols already found while scoring; others are computed here. */
  readonly symbols: ReadonlyMap<number, SymbolMatch>;
  /** Code file → the test beside it whose score lifted it (`test-subjects.ts`). */
  readonly testedBy?: ReadonlyMap<number, number>;
}

/**
 * Attaches evidence to each ranked file: its best-contributing query terms, its best-matching symbol (a definition
 * the issue names, else the symbol whose own lines share the most query weight) and the frame or path naming it.
 */
export function buildEvidence(input: EvidenceInput): RankedFile[] {
  const { index, terms, weightOf, options, top, scores, mentions, definitions } = input;
  const missing = top.filter((file) => !input.symbols.has(file) && !definitions.names.has(file));
  const symbols = new Map([...input.symbols, ...scoreSymbols(index, missing, weightOf)]);
  return top.map((file) => {
    const contributions = terms
      .map((q) => ({ term: q.term, c: (weightOf.get(q.term) ?? 0) * termSaturation(index, q.term, file, options.bm25) }))
      .filter((x) => x.c > 0)
      .sort((a, b) => b.c - a.c || (a.term < b.term ? -1 : 1))
      .slice(0, EVIDENCE_TERMS);
    const symbol = bestSymbol(index.files[file].symbols, definitions.names.get(file) ?? [], symbols.get(file));
    const mention = mentions.evidence.get(file);
    const test = input.testedBy?.get(file);
    const evidence: Evidence = {
      terms: contributions.map((x) => x.term),
      ...(symbol ? { symbol: pickSymbol(symbol) } : {}),
      ...(mention ? { mention } : {}),
      ...(test !== undefined ? { tests: { path: index.files[test].path } } : {}),
    };
    return { path: index.files[file].path, score: scores[file], evidence };
  });
}

function bestSymbol(
  symbols: readonly SymbolInfo[],
  definedNames: readonly string[],
  match: SymbolMatch | undefined,
): SymbolInfo | undefined {
  if (definedNames.length > 0) {
    const wanted = new Set(definedNames);
    // Prefer the innermost definition: `URLField.clean` over the class when both are named.
    const hits = symbols.filter((s) => s.kind !== "window" && wanted.has(s.name));
    if (hits.length > 0) return hits.sort((a, b) => span(a) - span(b))[0];
  }
  return match ? symbols[match.symbol] : undefined;
}

function span(s: SymbolInfo): number {
  return s.endLine - s.startLine;
}

function pickSymbol(s: SymbolInfo): NonNullable<Evidence["symbol"]> {
  return { name: s.name, qualifiedName: s.qualifiedName, kind: s.kind, startLine: s.startLine, endLine: s.endLine };
}
