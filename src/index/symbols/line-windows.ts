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

/** Lines of a file, 1-based and inclusive: a definition's or an import statement's. */
export interface LineRange {
  readonly startLine: number;
  readonly endLine: number;
}

/** Runs of code outside every definition with fewer non-blank lines than this get no window: a blank gap or a lone line. */
export const MIN_GAP_LINES = 3;

/**
 * Windows over the runs of a parsed file's lines that no definition and no import statement covers, each run with
 * at least `MIN_GAP_LINES` non-blank lines: module-level statements, a `module.exports = (req, res) => {…}` handler,
 * items inside a macro invocation (Rust's `cfg_rt! { … }`), a function the grammar missed behind an attribute macro.
 * Without them the pointer cannot send the reader there at all. Imports are left out: a fix often adds one, but the
 * reader is sent to the code that needs it, not to the import list. Windows are cut from each run as
 * `buildLineWindows` cuts a file.
 */
export function gapWindows(text: string, taken: readonly LineRange[], options: WindowOptions = {}): SymbolInfo[] {
  // Line start offsets from one native scan: a parsed file is not split into line strings just to find its gaps.
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  const lineCount = starts.length;
  const blank = (line: number): boolean => {
    const end = line < lineCount ? starts[line] : text.length;
    for (let i = starts[line - 1]; i < end; i++) if (text.charCodeAt(i) > 32) return false;
    return true;
  };
  const covered = new Uint8Array(lineCount + 2);
  for (const s of taken) covered.fill(1, Math.max(1, s.startLine), Math.min(lineCount, s.endLine) + 1);
  const windows: SymbolInfo[] = [];
  let start = 0;
  for (let n = 1; n <= lineCount + 1; n++) {
    const free = n <= lineCount && covered[n] === 0;
    if (free && start === 0) start = n;
    if (free || start === 0) continue;
    // Blank lines at a run's edges are not code: the window starts and ends on code.
    let from = start;
    let to = n - 1;
    while (from <= to && blank(from)) from++;
    while (to >= from && blank(to)) to--;
    let code = 0;
    for (let k = from; k <= to && code < MIN_GAP_LINES; k++) if (!blank(k)) code++;
    if (code >= MIN_GAP_LINES) {
      for (const w of buildLineWindows(to - from + 1, options)) {
        const a = w.startLine + from - 1;
        const b = w.endLine + from - 1;
        const name = `lines ${a}-${b}`;
        windows.push({ name, qualifiedName: name, kind: "window", startLine: a, endLine: b });
      }
    }
    start = 0;
  }
  return windows;
}
