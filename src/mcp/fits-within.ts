import type { TokenCounter } from "./token-counter.js";

/** Lines per piece `fitsWithin` counts at a time. */
const PIECE_LINES = 64;

/**
 * Tokens the count of a text may differ from the sum of its pieces' counts by, per cut between pieces: a cut at a
 * line end can split one of cl100k's pre-tokenizer pieces (a run of blank lines, `):\n\n`) in two, and merges never
 * cross a piece, so each cut moves the count by a token or two.
 */
const CUT_SLACK = 3;

/**
 * Whether `text` costs at most `limit` cl100k tokens, counted piece by piece (`PIECE_LINES` lines) and stopped as
 * soon as the pieces so far are over the limit by more than the cuts could account for: a django module of 25,000
 * tokens held to 2,000 is settled after its first tenth. A text the pieces leave in doubt is counted whole, so the
 * answer is the whole count's.
 */
export function fitsWithin(counter: TokenCounter, text: string, limit: number): boolean {
  const lines = text.split("\n");
  let sum = 0;
  let cuts = 0;
  for (let from = 0; from < lines.length; from += PIECE_LINES) {
    const last = from + PIECE_LINES >= lines.length;
    sum += counter.count(lines.slice(from, from + PIECE_LINES).join("\n") + (last ? "" : "\n"));
    if (!last) cuts++;
    if (sum - cuts * CUT_SLACK > limit) return false;
  }
  if (sum + cuts * CUT_SLACK <= limit) return true;
  return counter.count(text) <= limit;
}
