/**
 * Tokenizing for code and issue prose. One scanner feeds both the content analysis and the query side,
 * so a term means the same thing in a file and in an issue.
 */

/** Runs of ASCII letters, digits and underscores: the "words" of code and of English prose. */
const WORD = /[A-Za-z0-9_]+/g;
/** Sub-words of one identifier: acronyms (`HTTP` in `HTTPServer`), capitalised or lower runs, digit runs. */
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
/** An identifier worth splitting: has an underscore, a lower→upper step, or a letter–digit step. */
const COMPOUND = /_|[a-z][A-Z]|[A-Z]{2}[a-z]|[A-Za-z][0-9]|[0-9][A-Za-z]/;
const DIGITS = /^[0-9_]+$/;

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
 */
export function scanTokens(text: string, sink: TokenSink): void {
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (word.length < 2 || DIGITS.test(word)) continue;
    const lower = word.toLowerCase();
    const trimmed = trimUnderscores(lower);
    if (trimmed.length >= 2 && !STOPWORDS.has(trimmed)) sink(trimmed, false);
    if (!COMPOUND.test(word)) continue;
    for (const p of word.matchAll(PART)) {
      const part = p[0];
      if (part.length < 2 || DIGITS.test(part)) continue;
      const lp = part.toLowerCase();
      if (lp !== trimmed && !STOPWORDS.has(lp)) sink(lp, true);
    }
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
