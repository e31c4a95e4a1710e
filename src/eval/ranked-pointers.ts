import type { RankedFile } from "../rank/types.js";
import type { Pointer } from "./pointer-metrics.js";

/** Every pointer of a ranking in the order shown: each file's symbol, then its second place when it has one. */
export function pointersOfRanking(files: readonly RankedFile[]): Pointer[] {
  return files.flatMap((f) => {
    const { symbol } = f.evidence;
    return symbol ? [{ path: f.path, name: symbol.qualifiedName, kind: symbol.kind, start: symbol.startLine, end: symbol.endLine }] : [];
  });
}
