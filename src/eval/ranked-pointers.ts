import type { RankedSymbol } from "../rank/signals/rank-symbols.js";
import type { RankedFile, SymbolPointer } from "../rank/types.js";
import type { Pointer } from "./pointer-metrics.js";

/** A symbol (or line window) of the file at `path`, as the pointer metrics and the run file read it. */
export function toPointer(path: string, s: SymbolPointer): Pointer {
  return { path, name: s.qualifiedName, kind: s.kind, start: s.startLine, end: s.endLine };
}

/** Every pointer of a ranking in the order shown: each file's symbol, then its second place when it has one. */
export function pointersOfRanking(files: readonly RankedFile[]): Pointer[] {
  return files.flatMap((f) => [f.evidence.symbol, f.evidence.alsoSymbol]
    .filter((s): s is SymbolPointer => s !== undefined)
    .map((s) => toPointer(f.path, s)));
}

/** A cross-file symbol ranking (`rank --symbols`) as pointers, best first. */
export function pointersOfSymbols(symbols: readonly RankedSymbol[]): Pointer[] {
  return symbols.map((s) => toPointer(s.path, s));
}
