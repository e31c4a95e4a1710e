/** Lines `start`..`end` (1-based, inclusive) of a file. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Fewest docstring lines worth leaving out: below this the marker that replaces them saves too little. Not tuned on
 * the benchmark rows.
 */
export const MIN_OMITTED_LINES = 4;

const DEFINITION = /^\s*(?:async\s+)?(?:def|class)\s/;
const DOCSTRING_OPEN = /^\s*[rRuUbB]{0,2}("""|''')/;

/**
 * The tails of long Python docstrings inside `lines` (a symbol's source, its first line numbered `firstLine`): for
 * every `def` or `class` whose body starts with a triple-quoted string, the lines after its summary up to the
 * closing quotes, when they are at least `MIN_OMITTED_LINES`. Read from the text alone (no parser), so the caller can
 * show a long function's code without the prose an agent seldom edits; a docstring this cannot read cleanly (a
 * header it cannot follow, no closing quotes) is kept.
 */
export function longDocstringTails(lines: readonly string[], firstLine: number): LineRange[] {
  const tails: LineRange[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!DEFINITION.test(lines[i])) continue;
    const header = headerEnd(lines, i);
    if (header < 0) continue;
    let j = header + 1;
    while (j < lines.length && (lines[j].trim() === "" || lines[j].trimStart().startsWith("#"))) j++;
    const open = j < lines.length ? DOCSTRING_OPEN.exec(lines[j]) : null;
    if (!open) continue;
    const quote = open[1];
    const rest = lines[j].slice(open[0].length);
    if (rest.includes(quote)) continue;
    let close = j + 1;
    while (close < lines.length && !lines[close].includes(quote)) close++;
    if (close >= lines.length) continue;
    // The summary stays: the opening line, and the next one when the quotes open alone on theirs.
    const kept = rest.trim() === "" ? j + 1 : j;
    if (close - kept >= MIN_OMITTED_LINES) tails.push({ start: firstLine + kept + 1, end: firstLine + close });
    i = close;
  }
  return tails;
}

/**
 * The index of the line that ends the definition header starting at `from` (its `:` outside brackets), or -1 for a
 * definition whose body shares its line or whose header this cannot follow.
 */
function headerEnd(lines: readonly string[], from: number): number {
  let depth = 0;
  for (let i = from; i < lines.length && i < from + HEADER_LINES; i++) {
    const code = codeOf(lines[i], (d) => (depth += d));
    if (depth < 0) return -1;
    if (depth === 0) return code.trimEnd().endsWith(":") ? i : -1;
  }
  return -1;
}

/** Longest definition header followed (a signature of one parameter a line with a long return annotation fits). */
const HEADER_LINES = 60;

/**
 * The line without its comment, with strings blanked; reports each bracket's depth change. A string is taken to
 * end on its line (headers hold short defaults).
 */
function codeOf(line: string, bracket: (delta: number) => void): string {
  let out = "";
  let quote = "";
  for (let k = 0; k < line.length; k++) {
    const c = line[k];
    if (quote) {
      if (c === "\\") k++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === "#") break;
    if (c === "'" || c === '"') quote = c;
    else if (c === "(" || c === "[" || c === "{") bracket(1);
    else if (c === ")" || c === "]" || c === "}") bracket(-1);
    out += c;
  }
  return out;
}

/**
 * `lines` (lines `firstLine`.. of a file) joined, with each range replaced by one line, indented like the line above
 * it, that says which lines were left out (`what`: "docstring lines", or "lines" for code).
 */
export function withLinesLeftOut(lines: readonly string[], firstLine: number, ranges: readonly LineRange[], what = "docstring lines"): string {
  const out: string[] = [];
  let next = 0;
  for (const r of ranges) {
    out.push(...lines.slice(next, r.start - firstLine));
    // Indented like the summary line above it (the range's own first line may be blank).
    const indent = /^\s*/.exec(lines[r.start - firstLine - 1] ?? "")?.[0] ?? "";
    out.push(`${indent}... (${what} ${r.start}-${r.end} left out)`);
    next = r.end - firstLine + 1;
  }
  out.push(...lines.slice(next));
  return out.join("\n");
}
