import type { SymbolInfo } from "../../index/types.js";

/** A symbol's span in lines, less one: what "smaller" means when two symbols hold the same line. */
export function span(s: SymbolInfo): number {
  return s.endLine - s.startLine;
}

/**
 * The symbols' indices with every symbol before the symbols nested in it: by first line, and of two starting on the
 * same line the longer first (equal ranges keep their order). Painting ranges in this order leaves each line to its
 * innermost symbol; a symbol's nested definitions come right after it.
 */
export function outerFirst(symbols: readonly SymbolInfo[]): number[] {
  return symbols.map((_, i) => i).sort((a, b) => symbols[a].startLine - symbols[b].startLine || symbols[b].endLine - symbols[a].endLine);
}

/** Whether two line ranges of one file share a line (both ends inclusive). */
export function linesOverlap(a: Pick<SymbolInfo, "startLine" | "endLine">, b: Pick<SymbolInfo, "startLine" | "endLine">): boolean {
  return a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/** The smallest symbol whose lines hold `line`, or -1 (of equal spans, the first). */
export function innermostHolding(symbols: readonly SymbolInfo[], line: number): number {
  let best = -1;
  symbols.forEach((s, i) => {
    if (s.startLine <= line && line <= s.endLine && (best < 0 || span(s) < span(symbols[best]))) best = i;
  });
  return best;
}

/** Kinds that declare data rather than code, when nothing is defined inside them. */
const DATA_KINDS: ReadonlySet<string> = new Set(["struct", "enum", "interface", "trait"]);

/**
 * The symbols that declare data alone: a data kind with no definition nested in it (a C++ struct with member
 * functions or a trait with methods is a container of code). In outer-first order a definition nested in another
 * starts after it and before its end, so only the next definition needs a look.
 */
export function dataAlone(symbols: readonly SymbolInfo[]): Set<number> {
  const out = new Set<number>();
  if (!symbols.some((s) => DATA_KINDS.has(s.kind))) return out;
  const order = outerFirst(symbols).filter((i) => symbols[i].kind !== "window");
  order.forEach((i, k) => {
    const s = symbols[i];
    if (!DATA_KINDS.has(s.kind)) return;
    const next = order[k + 1];
    if (next === undefined || symbols[next].startLine > s.endLine) out.add(i);
  });
  return out;
}
