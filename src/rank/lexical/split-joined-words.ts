/**
 * Splitting of joined lower-case names (`tracinghandler.go`, `dateparse.py`, `serverinterceptors/`): names that run
 * their words together carry no case or underscore to split on, so the tokenizer keeps them whole and an issue's
 * "tracing" never meets them. Following Samurai (Enslen et al., MSR 2009), a name is split where each side is a
 * word the repository itself uses more often than the joined name: the code's own vocabulary decides, not a dictionary.
 */

/** How often a term occurs in the repository (documents containing it); 0 for an unknown term. */
export type TermFrequency = (term: string) => number;

/** Shortest side of a split: shorter pieces (`go`, `io`, `db`) match too much by accident. */
const MIN_PIECE = 3;
/** Longest name tried: longer runs of letters are rarely joined words (hashes, encoded data). */
const MAX_WORD = 40;
const LETTERS = /^[a-z]+$/;

/**
 * The words of a joined lower-case name, or undefined when it is not one: `tracinghandler` → `tracing`, `handler`
 * when both occur in more documents than `tracinghandler` itself (Samurai's rule, on document frequencies). Each
 * side is split again the same way, so `modelformsets` can become three or four words. Of several split points the
 * one whose rarer side is most frequent wins.
 */
export function splitJoinedWord(word: string, frequency: TermFrequency): string[] | undefined {
  if (word.length < 2 * MIN_PIECE || word.length > MAX_WORD || !LETTERS.test(word)) return undefined;
  const pieces = splitOnce(word, frequency, frequency(word));
  return pieces.length > 1 ? pieces : undefined;
}

function splitOnce(word: string, frequency: TermFrequency, wholeFrequency: number): string[] {
  // Both sides must be used more than the whole, and more than by chance: a piece seen in one file is no evidence.
  const floor = Math.max(1, wholeFrequency);
  let best = -1;
  let bestScore = 0;
  for (let at = MIN_PIECE; at <= word.length - MIN_PIECE; at++) {
    const left = frequency(word.slice(0, at));
    if (left <= floor) continue;
    const right = frequency(word.slice(at));
    if (right <= floor) continue;
    const score = Math.min(left, right);
    if (score > bestScore) {
      best = at;
      bestScore = score;
    }
  }
  if (best < 0) return [word];
  const left = word.slice(0, best);
  const right = word.slice(best);
  return [...splitPiece(left, frequency), ...splitPiece(right, frequency)];
}

function splitPiece(piece: string, frequency: TermFrequency): string[] {
  return piece.length < 2 * MIN_PIECE ? [piece] : splitOnce(piece, frequency, frequency(piece));
}
