/** A line that opens a fenced code block: ```` ``` ```` or `~~~` after blanks, then anything (a language). */
const OPENER = /^[ \t]*(```|~~~)/;
/** A line that closes one: the same fence alone, between blanks. */
const CLOSER = /^[ \t]*(```|~~~)[ \t]*$/;

/**
 * Replaces each fenced code block of `text` (its opening line through its closing fence) with what `replace` returns
 * for the block's body. A block opens on a line starting with ```` ``` ```` or `~~~` and a line end, and closes on the
 * next line holding the same fence alone; an opening line with no closing line after it is left as prose. The same
 * blocks as `/^[ \t]*(```|~~~)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm`, found in one pass over the lines: that pattern
 * rescans to the end of the text from every unclosed opening line, so 13,000 of them took seconds. Pure.
 */
export function replaceFencedBlocks(text: string, replace: (body: string) => string): string {
  const starts: number[] = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  const lineEnd = (i: number) => (i + 1 < starts.length ? starts[i + 1] - 1 : text.length);
  const line = (i: number) => text.slice(starts[i], lineEnd(i));
  // The first closing line of each fence at or after each line, read from the end.
  const nextCloser = { "```": new Int32Array(starts.length + 1).fill(-1), "~~~": new Int32Array(starts.length + 1).fill(-1) };
  for (let i = starts.length - 1; i >= 0; i--) {
    nextCloser["```"][i] = nextCloser["```"][i + 1];
    nextCloser["~~~"][i] = nextCloser["~~~"][i + 1];
    const fence = CLOSER.exec(line(i))?.[1] as "```" | "~~~" | undefined;
    if (fence) nextCloser[fence][i] = i;
  }
  let out = "";
  let copied = 0;
  for (let i = 0; i + 1 < starts.length; i++) {
    const fence = OPENER.exec(line(i))?.[1] as "```" | "~~~" | undefined;
    if (!fence) continue;
    const closer = nextCloser[fence][i + 1];
    if (closer === -1) continue;
    out += text.slice(copied, starts[i]) + replace(text.slice(starts[i + 1], starts[closer]));
    copied = lineEnd(closer);
    i = closer;
  }
  return out + text.slice(copied);
}
