import type { SymbolInfo } from "../index/types.js";
import { decodeAnalysis } from "./analysis-codec.js";
import type { ContentAnalysis } from "./analyze-content.js";
import type { WeightedTerm } from "./build-query.js";
import type { LexicalIndex } from "./lexical-index.js";
import type { LexicalRankOptions } from "./rank-options.js";
import type { MentionScores } from "./resolve-mentions.js";
import { termSaturation } from "./score-bm25f.js";
import type { DefinitionScores } from "./score-definitions.js";
import type { Evidence, RankedFile } from "./types.js";

/** How many matched terms a file's evidence lists. */
const EVIDENCE_TERMS = 5;

/** Input of {@link buildEvidence}: the ranked files and what the scorers found for them. */
export interface EvidenceInput {
  readonly index: LexicalIndex;
  readonly terms: readonly WeightedTerm[];
  readonly idfs: ReadonlyMap<string, number>;
  readonly options: LexicalRankOptions;
  readonly top: readonly number[];
  readonly scores: Float64Array;
  readonly mentions: MentionScores;
  readonly definitions: DefinitionScores;
}

/**
 * Attaches evidence to each ranked file: its best-contributing query terms, its best-matching symbol (a definition
 * the issue names, else the symbol whose own lines share the most query weight) and the frame or path naming it.
 */
export function buildEvidence(input: EvidenceInput): RankedFile[] {
  const { index, terms, idfs, options, top, scores, mentions, definitions } = input;
  const weightOf = new Map<string, number>();
  for (const q of terms) {
    const idf = idfs.get(q.term);
    if (idf !== undefined) weightOf.set(q.term, q.weight * idf);
  }
  return top.map((file) => {
    const contributions = terms
      .map((q) => ({ term: q.term, c: (weightOf.get(q.term) ?? 0) * termSaturation(index, q.term, file, options.bm25) }))
      .filter((x) => x.c > 0)
      .sort((a, b) => b.c - a.c || (a.term < b.term ? -1 : 1))
      .slice(0, EVIDENCE_TERMS);
    const symbol = bestSymbol(index, file, definitions.names.get(file) ?? [], weightOf);
    const mention = mentions.evidence.get(file);
    const evidence: Evidence = {
      terms: contributions.map((x) => x.term),
      ...(symbol ? { symbol: pickSymbol(symbol) } : {}),
      ...(mention ? { mention } : {}),
    };
    return { path: index.files[file].path, score: scores[file], evidence };
  });
}

function bestSymbol(
  index: LexicalIndex,
  file: number,
  definedNames: readonly string[],
  weightOf: ReadonlyMap<string, number>,
): SymbolInfo | undefined {
  const { symbols } = index.files[file];
  const real = symbols.filter((s) => s.kind !== "window");
  if (definedNames.length > 0) {
    const wanted = new Set(definedNames.map((n) => n.toLowerCase()));
    // Prefer the innermost definition: `URLField.clean` over the class when both are named.
    const hits = real.filter((s) => wanted.has(s.name.toLowerCase()));
    if (hits.length > 0) return hits.sort((a, b) => span(a) - span(b))[0];
  }
  if (symbols.length === 0 || weightOf.size === 0) return undefined;
  const a: ContentAnalysis = index.files[file].analysis instanceof Uint8Array
    ? decodeAnalysis(index.files[file].analysis as Uint8Array)
    : (index.files[file].analysis as ContentAnalysis);
  if (a.symbolTerms.length !== symbols.length) return undefined;
  const local = a.terms.map((t) => weightOf.get(t) ?? 0);
  let best = -1;
  let bestScore = 0;
  a.symbolTerms.forEach((set, i) => {
    let s = 0;
    for (let k = 0; k < set.length; k++) s += local[set[k]];
    if (s > bestScore || (s === bestScore && best >= 0 && s > 0 && span(symbols[i]) < span(symbols[best]))) {
      best = i;
      bestScore = s;
    }
  });
  return best >= 0 ? symbols[best] : undefined;
}

function span(s: SymbolInfo): number {
  return s.endLine - s.startLine;
}

function pickSymbol(s: SymbolInfo): NonNullable<Evidence["symbol"]> {
  return { name: s.name, qualifiedName: s.qualifiedName, kind: s.kind, startLine: s.startLine, endLine: s.endLine };
}
