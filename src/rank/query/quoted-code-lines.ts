/**
 * Lines of code an issue quotes word for word. A reporter who suspects a line often pastes it ("this check in
 * `creation.py` skips …", a proposed patch's `-` lines); that line, found in a file, points inside it more precisely
 * than the words it shares with every function around it. Lines are compared after collapsing whitespace (an issue
 * re-indents what it pastes) and only when long enough to say something (`MIN_CHARS`), by a 32-bit hash: the index
 * keeps the hashes with their lines (`contentCodeLines`), the issue's lines are hashed the same way
 * (`issueCodeLineHashes`).
 */

/**
 * A line shorter than this (whitespace collapsed) is too common to point anywhere: `return self`, `else:`, and the
 * signatures every type repeats (`fn drop(&mut self) {`, 20 characters). 25 rather than 20: measured on both
 * development sets (docs/ranking.md, "Lines of code the issue quotes").
 */
const MIN_CHARS = 25;

/** A comment line: its words describe code, they are not the code a reporter copies. */
const COMMENT_START = /^(?:#(?!include|define|if|pragma)|\/\/|\/\*|\*|--|<!--)/;

/** Some identifier-like run: a line of punctuation and numbers is not code worth matching. */
const HAS_WORD = /[A-Za-z_]{3}/;

/**
 * A pasted line's prompt or patch marker, read off before comparing: a Python or IPython prompt (`>>> `, `... `,
 * `In [3]: `), a Markdown quote (`> `), a diff's `+` / `-` (followed by the code's own indentation or a space).
 */
const PASTE_PREFIX = /^(?:>>>\s?|\.\.\.\s|In \[\d+\]:\s?|>\s?|[+-](?=\s|$))/;

/** How many prompt or patch markers are read off one line, at most. */
const MAX_MARKERS = 4;

/** A Python traceback's frame line; the line after it is the frame's source, which the frames signal already reads. */
const TRACEBACK_FRAME = /^\s*File ".*", line \d+/;

/**
 * Lines Python prints around a traceback: a pasted traceback would find them in every docstring that shows one
 * (`Traceback (most recent call last):` in a doctest), which is no place to look.
 */
const TRACEBACK_TEXT = /^(?:Traceback \(most recent call last\):|During handling of the above exception|The above exception was the direct cause)/;

/** The line with its whitespace collapsed and trimmed, or undefined when it is too short or not code to match. */
export function codeLineKey(line: string): string | undefined {
  const key = line.replace(/\s+/g, " ").trim();
  if (key.length < MIN_CHARS || COMMENT_START.test(key) || !HAS_WORD.test(key)) return undefined;
  return key;
}

/** FNV-1a over the key's UTF-16 code units: stable across processes and versions (the index stores it). */
export function hashCodeLine(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The content's matchable lines: their hashes and, aligned, their 1-based line numbers, in line order. The same keys
 * and hashes as `codeLineKey` and `hashCodeLine` (the tests hold them equal), computed in one pass over the
 * characters without building a string per line: the indexer runs this over every line of every file.
 */
export function contentCodeLines(text: string): { readonly hashes: Uint32Array; readonly lines: Uint32Array } {
  const hashes: number[] = [];
  const lines: number[] = [];
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    // Most lines are short or blank: skip them before hashing.
    if (end - start >= MIN_CHARS) {
      const h = lineHash(text, start, end);
      if (h >= 0) {
        hashes.push(h);
        lines.push(line);
      }
    }
    line++;
    start = end + 1;
  }
  return { hashes: Uint32Array.from(hashes), lines: Uint32Array.from(lines) };
}

/** `hashCodeLine(codeLineKey(line))` for `text[start, end)`, or -1 where the key is undefined. */
function lineHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  let length = 0;
  let pendingSpace = false;
  let letters = 0;
  let hasWord = false;
  let first = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      pendingSpace = length > 0;
      letters = 0;
      continue;
    }
    if (first < 0) first = i;
    if (pendingSpace) {
      h = Math.imul(h ^ 32, 0x01000193);
      length++;
      pendingSpace = false;
    }
    h = Math.imul(h ^ c, 0x01000193);
    length++;
    letters = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ? letters + 1 : 0;
    if (letters >= 3) hasWord = true;
  }
  if (length < MIN_CHARS || !hasWord) return -1;
  if (COMMENT_START.test(text.slice(first, first + 9))) return -1;
  return h >>> 0;
}

/** The characters `\s` matches in a regular expression (ECMAScript's WhiteSpace and LineTerminator). */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Hashes of the lines an issue's text could be quoting from the code: each line as written and with a prompt or
 * patch marker read off (`PASTE_PREFIX`, up to `MAX_MARKERS` times: `> >>> x`). A Python traceback's source lines are left out:
 * the frame above each already points at its line, by number.
 */
export function issueCodeLineHashes(text: string): Set<number> {
  const out = new Set<number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    if (i > 0 && TRACEBACK_FRAME.test(lines[i - 1])) return;
    let line = raw.trim();
    // A few markers at most (`> >>> x`): a line of ten thousand `>` must not cost ten thousand rounds.
    for (let round = 0; round <= MAX_MARKERS; round++) {
      const key = codeLineKey(line);
      if (key !== undefined && !TRACEBACK_TEXT.test(key)) out.add(hashCodeLine(key));
      const stripped = line.replace(PASTE_PREFIX, "").trim();
      if (stripped === line) break;
      line = stripped;
    }
  });
  return out;
}
