/**
 * Decodes file bytes as UTF-8 for indexing. Invalid sequences become U+FFFD (never an exception: latin-1 files and
 * stray bytes are common in old repositories), a leading byte-order mark is dropped, and CRLF or lone CR line ends
 * become LF so line numbers and tokens are the same on every platform.
 */
export function decodeText(bytes: Uint8Array): string {
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/** Number of lines in decoded text: a final line without a newline counts, an empty text has none. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let at = text.indexOf("\n");
  while (at !== -1) {
    lines++;
    at = text.indexOf("\n", at + 1);
  }
  return text.endsWith("\n") ? lines : lines + 1;
}
