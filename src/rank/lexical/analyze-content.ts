import type { Language, SymbolInfo } from "../../index/types.js";
import { scanTokens, scanTokensIn } from "../query/tokenize.js";
import { windowsStandForFile } from "./whole-file-windows.js";
import { encodeAnalysis, type ContentAnalysis } from "./analysis-codec.js";
import { contentCodeLines } from "../query/quoted-code-lines.js";
import { outerFirst } from "./symbol-ranges.js";

/** What the indexer hands over for one distinct file content. */
export interface AnalyzeInput {
  readonly text: string;
  readonly language: Language;
  readonly symbols: readonly SymbolInfo[];
  /**
   * Accepted for the indexer's convenience and ignored: an analysis is keyed by content hash, so it must not depend
   * on where the content lives. Path tokens are computed from the path when the index is built.
   */
  readonly path?: string;
}

/**
 * Counts the terms of a file content per field and per owning symbol. Pure and deterministic: the same content
 * and symbols always give the same analysis, whatever the path.
 */
export function analyzeContent(input: AnalyzeInput): ContentAnalysis {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  const word: number[] = [];
  const part: number[] = [];
  const sym: number[] = [];
  const idOf = (term: string): number => {
    let id = ids.get(term);
    if (id === undefined) {
      id = terms.length;
      ids.set(term, id);
      terms.push(term);
      word.push(0);
      part.push(0);
      sym.push(0);
    }
    return id;
  };

  const symbols = input.symbols;
  const owner = lineOwners(symbols, countLines(input.text));
  // Each symbol's term ids, sorted and made unique at the end. `lastOwner[id]` (owner + 1) skips the repeats within
  // one run of a symbol's lines, which are most of them; a Set per symbol cost a fifth of the analysis.
  const owned: number[][] = symbols.map(() => []);
  const lastOwner: number[] = [];
  let line = 1;
  let currentOwner = owner[1] ?? -1;
  const addOwned = (i: number, id: number): void => {
    if (lastOwner[id] === i + 1) return;
    lastOwner[id] = i + 1;
    owned[i].push(id);
  };
  const onToken = (term: string, isPart: boolean): void => {
    const id = idOf(term);
    if (isPart) part[id]++;
    else word[id]++;
    if (currentOwner >= 0) addOwned(currentOwner, id);
  };
  let start = 0;
  const text = input.text;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    currentOwner = owner[line] ?? -1;
    if (end > start) scanTokensIn(text, start, end, onToken);
    start = end + 1;
    line++;
  }

  // A window's name (`lines 12-40`) names nothing the file defines. The windows of a file without a grammar have
  // always counted theirs, and the file ranking (symbol field lengths and their average) was tuned with them: they
  // still do. The windows of a parsed file (code outside every definition) count none.
  const windowNames = windowsStandForFile(input.language, symbols);
  symbols.forEach((s, i) => {
    if (s.kind === "window" && !windowNames) return;
    scanTokens(s.name, (term) => {
      const id = idOf(term);
      sym[id]++;
      addOwned(i, id);
    });
  });

  const codeLines = contentCodeLines(text);
  return {
    terms,
    wordTf: Uint32Array.from(word),
    partTf: Uint32Array.from(part),
    symbolTf: Uint32Array.from(sym),
    symbolTerms: owned.map(sortedUnique),
    codeLineHashes: codeLines.hashes,
    codeLineNumbers: codeLines.lines,
  };
}

/** The ids in ascending order, each once. */
function sortedUnique(ids: readonly number[]): Uint32Array {
  const sorted = Uint32Array.from(ids).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i];
  return n === sorted.length ? sorted : sorted.slice(0, n);
}

/** Number of lines as editors count them (a trailing newline does not open a new line). */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

/** For each 1-based line, the index of the innermost symbol covering it, or -1. */
function lineOwners(symbols: readonly SymbolInfo[], lines: number): Int32Array {
  const owner = new Int32Array(lines + 2).fill(-1);
  // Outer symbols first, so that nested ones paint over them.
  for (const i of outerFirst(symbols)) {
    const from = Math.max(1, symbols[i].startLine);
    const to = Math.min(lines, symbols[i].endLine);
    if (to >= from) owner.fill(i, from, to + 1);
  }
  return owner;
}

export { encodeAnalysis, decodeAnalysis, decodeAnalysisTerms, ANALYSIS_FORMAT_VERSION } from "./analysis-codec.js";
export type { ContentAnalysis } from "./analysis-codec.js";

/** The indexer's injected `analyze(input) => Uint8Array`: {@link analyzeContent} then {@link encodeAnalysis}. */
export function analyzeToBytes(input: AnalyzeInput): Uint8Array {
  return encodeAnalysis(analyzeContent(input));
}
