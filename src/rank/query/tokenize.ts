/**
 * Tokenizing for code and issue prose. One scanner feeds both the content analysis and the query side,
 * so a term means the same thing in a file and in an issue.
 */

/**
 * Function words of English prose. Kept small on purpose: code keywords such as `return` or `self` stay, since
 * BM25's IDF already makes them cheap, while prose glue would otherwise dominate long issue texts.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it " +
    "its me my no not of on or our she so than that the their them then there these they this those to too us was we " +
    "were what when where which while who why will with would you your also just some such very am any").split(" "),
);

/** Called once per token: `part` is true for a sub-word of a compound identifier, false for a whole word. */
export type TokenSink = (term: string, part: boolean) => void;

/**
 * Scans `text` and emits lowercased terms: every whole word (2+ characters, not all digits, not a stopword) and,
 * for compound identifiers (`getUserName`, `run_validators`, `HTTPServer2`), each of its sub-words too.
 * The whole identifier is kept alongside its parts, so `urlfield` and `url` + `field` both match.
 *
 * A word is a run of ASCII letters, digits and underscores. It is compound when it has an underscore, a lower→upper
 * step, an upper-upper-lower run or a letter–digit step; its sub-words are acronyms (`HTTP` in `HTTPServer`),
 * capitalised or lower runs and digit runs (`test/rank/tokenize.test.ts` checks this against the regular
 * expressions that say it in one line each). Scanned by character codes: the regular-expression form cost 1.4 s of a
 * cold django index, a quarter of the analysis.
 */
export function scanTokens(text: string, sink: TokenSink): void {
  scanTokensIn(text, 0, text.length, sink);
}

/**
 * {@link scanTokens} over `text[from, to)`, without copying it out first: what a content's analysis calls line by
 * line (a word never spans a line, so the terms are those of each line scanned on its own).
 */
export function scanTokensIn(text: string, from: number, to: number, sink: TokenSink): void {
  const n = to;
  let i = from;
  while (i < n) {
    if (classOf(text.charCodeAt(i)) === OTHER) {
      i++;
      continue;
    }
    const start = i;
    let compound = false;
    let allDigits = true;
    let prev = OTHER;
    let prevPrev = OTHER;
    for (; i < n; i++) {
      const c = classOf(text.charCodeAt(i));
      if (c === OTHER) break;
      if (c !== DIGIT && c !== UNDERSCORE) allDigits = false;
      if (!compound) {
        compound = c === UNDERSCORE || (prev === LOWER && c === UPPER) || (prevPrev === UPPER && prev === UPPER && c === LOWER) ||
          ((prev === UPPER || prev === LOWER) && c === DIGIT) || (prev === DIGIT && (c === UPPER || c === LOWER));
      }
      prevPrev = prev;
      prev = c;
    }
    const end = i;
    if (end - start < 2 || allDigits) continue;
    const lower = text.slice(start, end).toLowerCase();
    const trimmed = trimUnderscores(lower);
    if (trimmed.length >= 2 && !STOPWORDS.has(trimmed)) sink(trimmed, false);
    if (compound) emitParts(text, start, end, lower, trimmed, sink);
  }
}

const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const UNDERSCORE = 4;

function classOf(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return code === 95 ? UNDERSCORE : OTHER;
}

/**
 * The sub-words of the word `text[start, end)` (`lower` is it lowercased): at each place the first that matches of
 * an upper run not followed by a lower letter (`HTTP` before `Server`: the run gives its last capital to the next
 * word), an optional capital and a lower run, a digit run; any other character (an underscore) is passed over.
 */
function emitParts(text: string, start: number, end: number, lower: string, trimmed: string, sink: TokenSink): void {
  let i = start;
  while (i < end) {
    const c = classOf(text.charCodeAt(i));
    let j = i + 1;
    if (c === UPPER) {
      while (j < end && classOf(text.charCodeAt(j)) === UPPER) j++;
      if (j < end && classOf(text.charCodeAt(j)) === LOWER) {
        if (j - i >= 2) j--;
        else while (j < end && classOf(text.charCodeAt(j)) === LOWER) j++;
      }
    } else if (c === LOWER || c === DIGIT) {
      while (j < end && classOf(text.charCodeAt(j)) === c) j++;
    } else {
      i = j;
      continue;
    }
    // Digit runs are never terms (all digits); a part equal to the whole word was emitted already.
    if (j - i >= 2 && c !== DIGIT) {
      const part = lower.slice(i - start, j - start);
      if (part !== trimmed && !STOPWORDS.has(part)) sink(part, true);
    }
    i = j;
  }
}

/** Whole words and sub-words of `text` in order, as {@link scanTokens} emits them; `split: false` keeps whole words only. */
export function tokenize(text: string, options: { readonly split?: boolean } = {}): string[] {
  const split = options.split ?? true;
  const out: string[] = [];
  scanTokens(text, (term, part) => {
    if (split || !part) out.push(term);
  });
  return out;
}

/** `__init__` → `init`, `_private` → `private`: dunder and private markers carry no meaning of their own. */
function trimUnderscores(word: string): string {
  if (word.charCodeAt(0) !== 95 && word.charCodeAt(word.length - 1) !== 95) return word;
  let s = 0;
  let e = word.length;
  while (s < e && word.charCodeAt(s) === 95) s++;
  while (e > s && word.charCodeAt(e - 1) === 95) e--;
  return word.slice(s, e);
}
