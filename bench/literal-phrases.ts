/**
 * Phrases of string literals (`"cannot parse %s: unexpected end"` → `cannot parse`, `unexpected end`), hashed, so that
 * a ranking can tell which place in a file holds a message the issue quotes verbatim: program output, an error
 * message, a log line. The code that printed it is where a reader starts. Pure. Bench only: measured as a pointer
 * signal and not kept (docs/ranking.md, "Where pointers still fail"); bench/study-literals.ts reads it.
 */

/** A phrase needs this many words, and this many characters with single spaces, to count: shorter ones recur by chance. */
export const MIN_PHRASE_WORDS = 3;
const MIN_PHRASE_CHARS = 12;
/** Longer phrases are hashed on their first this-many words (an issue quoting a long message quotes its start). */
export const MAX_PHRASE_WORDS = 16;

/** One phrase of a literal: the hash of its words (see {@link hashWords}) and its 1-based line. */
export interface LiteralPhrase {
  readonly hash: number;
  readonly line: number;
}

/** A quoted literal on one line: `"…"`, `'…'` or `` `…` ``, escapes kept inside. */
const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\\n]|\\.)*)`/g;
/**
 * Where a literal's text is filled in at run time, so the printed message differs there: printf and format
 * directives, `{}` / `{name}` / `${expr}` templates, `$var`, `#{expr}`, and escapes.
 */
const PLACEHOLDER = /%[-#+ 0-9.*]*(?:h|hh|l|ll|z|j|t|L)?[a-zA-Z%]|[#$]?\{[^}\n]*\}|\$\w+|\\(?:[ntr0abfv"'\\]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4})/g;
const WORD = /[\p{L}\p{N}_]+/gu;

/**
 * The phrases of `text`'s string literals, in order: each literal cut at its placeholders, each piece of at least
 * {@link MIN_PHRASE_WORDS} words hashed. A line-based scan (no parser): it also reads docstrings and, rarely, text
 * between two apostrophes of a comment, which only matter when an issue quotes them word for word.
 */
export function literalPhrases(text: string): LiteralPhrase[] {
  const out: LiteralPhrase[] = [];
  let line = 1;
  for (let start = 0; start <= text.length; line++) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const row = text.slice(start, end);
    if (row.includes('"') || row.includes("'") || row.includes("`")) {
      for (const m of row.matchAll(LITERAL)) {
        const body = m[1] ?? m[2] ?? m[3] ?? "";
        for (const piece of body.split(PLACEHOLDER)) {
          const words = piece.toLowerCase().match(WORD);
          if (!words || words.length < MIN_PHRASE_WORDS) continue;
          const kept = words.slice(0, MAX_PHRASE_WORDS);
          if (kept.join(" ").length < MIN_PHRASE_CHARS) continue;
          out.push({ hash: hashWords(kept, 0, kept.length), line });
        }
      }
    }
    start = end + 1;
  }
  return out;
}

/**
 * Hashes of every run of {@link MIN_PHRASE_WORDS} to {@link MAX_PHRASE_WORDS} consecutive words of `text` (lower
 * case): a literal's phrase is quoted when its hash is among them. Linear in the words × the longest phrase.
 */
export function quotedRunHashes(text: string): Set<number> {
  const words = text.toLowerCase().match(WORD) ?? [];
  const out = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    let h = FNV_OFFSET;
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) {
      h = mixWord(h, words[i + n - 1], n > 1);
      if (n >= MIN_PHRASE_WORDS) out.add(h);
    }
  }
  return out;
}

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a (32-bit) of `words[from..to)` joined by single spaces. */
export function hashWords(words: readonly string[], from: number, to: number): number {
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = mixWord(h, words[i], i > from);
  return h;
}

function mixWord(h: number, word: string, space: boolean): number {
  if (space) h = Math.imul(h ^ 32, 0x01000193) >>> 0;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
