/** A file's text as lines (1-based access through `slice`), split once per call. */
export interface SourceLines {
  readonly count: number;
  /** Lines `start`..`end` (1-based, inclusive, clamped to the file) joined as they were. */
  slice(start: number, end: number): string;
}

/** Splits on `\n` only, so `\r\n` files come back byte for byte (the `\r` stays at each line's end). */
export function toSourceLines(text: string): SourceLines {
  const lines = text.split("\n");
  // A final newline ends the last line rather than starting an empty one.
  const count = text.endsWith("\n") ? lines.length - 1 : lines.length;
  return {
    count,
    slice: (start, end) => lines.slice(Math.max(1, start) - 1, Math.min(count, end)).join("\n"),
  };
}
