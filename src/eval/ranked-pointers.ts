import type { RankedFile, SymbolPointer } from "../rank/types.js";
import type { Pointer } from "./pointer-metrics.js";

/** Every pointer of a ranking in the order shown: each file's symbol, then its second place when it has one. */
export function pointersOfRanking(files: readonly RankedFile[]): Pointer[] {
  return files.flatMap((f) => [f.evidence.symbol, f.evidence.alsoSymbol]
    .filter((s): s is SymbolPointer => s !== undefined)
    .map((s) => ({ path: f.path, name: s.qualifiedName, kind: s.kind, start: s.startLine, end: s.endLine })));
}
