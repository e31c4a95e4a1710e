import type { LexicalIndex } from "../lexical/lexical-index.js";
import { rankLexicalParts } from "./rank-lexical.js";
import type { LexicalRankOptionsInput } from "./rank-options.js";
import { scoreFileSymbols, type PointerReasons } from "../pointers/score-pointers.js";
import type { SymbolPointer } from "../types.js";

/** One symbol of the cross-file ranking (`bugscout rank --symbols`). */
export interface RankedSymbol extends SymbolPointer {
  readonly path: string;
  /** Higher is better; comparable only within one ranking. */
  readonly score: number;
  /** The rank of the symbol's file in the file ranking, 1-based. */
  readonly fileRank: number;
  readonly evidence: PointerReasons;
}

/** Options of {@link rankSymbols}: the lexical options, how many symbols, and from how many of the best files. */
export type SymbolRankOptions = Omit<LexicalRankOptionsInput, "limit"> & {
  /** How many symbols to return. Default 10. */
  readonly limit?: number;
  /** How many of the best files the symbols are drawn from. Default 20. */
  readonly files?: number;
};

/**
 * Ranks symbols across files for an issue: the files are ranked as `rankLexical` ranks them, and each symbol scores
 * its file's score (relative to the best file's) times its own score relative to its file's best symbol — the same
 * symbol scores that choose each file's pointers, so the list and the comment agree. Pure.
 */
export function rankSymbols(index: LexicalIndex, issueText: string, options: SymbolRankOptions = {}): RankedSymbol[] {
  const { limit = 10, files: depth = 20, ...lexical } = options;
  const ranking = rankLexicalParts(index, issueText, { ...lexical, limit: depth });
  const top = ranking.files[0]?.score ?? 0;
  if (top <= 0) return [];
  const out: RankedSymbol[] = [];
  ranking.fileIds.forEach((file, rank) => {
    const scored = scoreFileSymbols(index, file, ranking.pointerQuery, ranking.options.pointers);
    const best = scored[0]?.score ?? 0;
    if (best <= 0) return;
    const fileShare = ranking.files[rank].score / top;
    const { path, symbols } = index.files[file];
    for (const x of scored) {
      const s = symbols[x.symbol];
      out.push({
        path, name: s.name, qualifiedName: s.qualifiedName, kind: s.kind, startLine: s.startLine, endLine: s.endLine,
        score: fileShare * (x.score / best), fileRank: rank + 1, evidence: x.reasons,
      });
    }
  });
  return out.sort((a, b) => b.score - a.score || a.fileRank - b.fileRank || a.startLine - b.startLine).slice(0, limit);
}
