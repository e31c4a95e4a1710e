import type { SymbolInfo } from "../types.js";

/** Lines per window by default: about one screen, and small enough for a dense embedding. */
export const DEFAULT_WINDOW_LINES = 60;
/** Lines shared by consecutive windows by default, so a definition cut at a boundary appears whole in one. */
export const DEFAULT_WINDOW_OVERLAP = 10;

/** Size and overlap of the line windows used where no grammar gives symbols. */
export interface WindowOptions {
  /** Lines per window. Default `DEFAULT_WINDOW_LINES`. */
  readonly lines?: number;
  /** Lines shared by consecutive windows. Default `DEFAULT_WINDOW_OVERLAP`. */
  readonly overlap?: number;
}

/** Covers `lineCount` lines with overlapping windows of kind `window`, named like `lines 1-60`. */
export function buildLineWindows(lineCount: number, options: WindowOptions = {}): SymbolInfo[] {
  const size = Math.max(1, options.lines ?? DEFAULT_WINDOW_LINES);
  const step = Math.max(1, size - Math.max(0, options.overlap ?? DEFAULT_WINDOW_OVERLAP));
  const windows: SymbolInfo[] = [];
  for (let start = 1; start <= lineCount; start += step) {
    const end = Math.min(start + size - 1, lineCount);
    const name = `lines ${start}-${end}`;
    windows.push({ name, qualifiedName: name, kind: "window", startLine: start, endLine: end });
    if (end === lineCount) break;
  }
  return windows;
}
