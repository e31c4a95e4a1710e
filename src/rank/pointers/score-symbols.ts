import { decodeAnalysis } from "../lexical/analysis-codec.js";
import type { ContentAnalysis } from "../lexical/analyze-content.js";
import type { IndexedFile, LexicalIndex } from "../lexical/lexical-index.js";
import { windowsStandForFile } from "../lexical/whole-file-windows.js";

/** The best-matching symbol of a file and its score. */
export interface SymbolMatch {
  /** Index into the file's `symbols`. */
  readonly symbol: number;
  readonly score: number;
}

/**
 * Scores each candidate file's symbols (BRTracer-style segments): a symbol's score is the summed weight of the
 * distinct query terms on the lines it owns (its own lines, not its nested symbols'), and a file keeps its best
 * symbol. This favours a file with one function about the issue over a long file that mentions every term once
 * somewhere. `weightOf` maps a term to its query weight × IDF. Files without symbols get no entry.
 */
export function scoreSymbols(
  index: LexicalIndex,
  candidates: readonly number[],
  weightOf: ReadonlyMap<string, number>,
): Map<number, SymbolMatch> {
  const out = new Map<number, SymbolMatch>();
  if (weightOf.size === 0) return out;
  for (const file of candidates) {
    const words = sumSymbolWeights(index.files[file], weightOf);
    if (!words) continue;
    const { symbols, language } = index.files[file];
    // In a parsed file, windows cover the code outside every definition: a place for the pointer, not a segment that
    // says how well the file matches (that stays with its definitions, as before such windows existed). A file
    // without a grammar is scored by its windows.
    const definitionsOnly = !windowsStandForFile(language, symbols);
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < words.sums.length; i++) {
      if (definitionsOnly && symbols[i].kind === "window") continue;
      const s = words.sums[i];
      const span = symbols[i].endLine - symbols[i].startLine;
      if (s > bestScore || (s === bestScore && s > 0 && span < symbols[best].endLine - symbols[best].startLine)) {
        best = i;
        bestScore = s;
      }
    }
    if (best >= 0) out.set(file, { symbol: best, score: bestScore });
  }
  return out;
}

/** A file's symbols against the query: the decoded analysis, each local term's weight, and each symbol's sum. */
export interface SymbolWeights {
  readonly analysis: ContentAnalysis;
  /** Weight of each of the analysis's local terms (0 for terms not in the query). */
  readonly local: Float64Array;
  /** Per symbol, the summed weight of the distinct query terms on the lines it owns (and its name). */
  readonly sums: Float64Array;
}

/**
 * Sums, for each symbol of `file`, the weights of the distinct query terms on the lines it owns. Undefined for a
 * file without symbols, or whose analysis does not describe them (it was made with other symbols). Pure.
 */
export function sumSymbolWeights(file: IndexedFile, weightOf: ReadonlyMap<string, number>): SymbolWeights | undefined {
  const { symbols, analysis } = file;
  if (symbols.length === 0) return undefined;
  const a: ContentAnalysis = analysis instanceof Uint8Array ? decodeAnalysis(analysis) : analysis;
  if (a.symbolTerms.length !== symbols.length) return undefined;
  const local = new Float64Array(a.terms.length);
  for (let t = 0; t < a.terms.length; t++) local[t] = weightOf.get(a.terms[t]) ?? 0;
  const sums = new Float64Array(symbols.length);
  for (let i = 0; i < symbols.length; i++) {
    const set = a.symbolTerms[i];
    let sum = 0;
    for (let k = 0; k < set.length; k++) sum += local[set[k]];
    sums[i] = sum;
  }
  return { analysis: a, local, sums };
}
