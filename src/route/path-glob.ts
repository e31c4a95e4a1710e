/**
 * Glob patterns of the maps repositories already keep (`.github/labeler.yml`, `CODEOWNERS`, `labels.areas`), matched
 * against one repository path at a time. Pure.
 *
 * Matching is segment by segment with a table over (pattern segment, path segment) and a linear wildcard scan inside
 * a segment, never a backtracking regular expression: whoever writes the pattern also names the files, and a pattern
 * such as `*a*a*a*a*b` must not take exponential time. A test costs at most (pattern length × path length) steps.
 */

/** How a pattern is read. */
export interface PathGlobOptions {
  /**
   * Wildcards (`*`, `?`, `**`, a class) match a name starting with `.` (minimatch's `dot`; always true in gitignore
   * semantics). A literal leading `.` in the pattern matches either way.
   */
  readonly dot: boolean;
  /** `[abc]`, `[a-z]`, `[!a]` are character classes (minimatch); false reads `[` and `]` as text (CODEOWNERS). */
  readonly classes: boolean;
  /** `{a,b}` alternatives and `{1..3}` ranges are expanded (minimatch); false reads braces as text. */
  readonly braces: boolean;
}

/**
 * What a compiled glob answers. Paths are POSIX and relative to the repository root, given as text or already split
 * on `/` (a caller testing one path against thousands of patterns splits it once).
 */
export interface PathGlob {
  /** The pattern matches the whole path. */
  matches(path: PathInput): boolean;
  /** The pattern matches the path or one of its parent directories (gitignore: a matched directory covers its files). */
  matchesOrContains(path: PathInput): boolean;
  /** The pattern matches one of the path's parent directories (never the path itself). */
  contains(path: PathInput): boolean;
}

/** A path as text, or its segments. */
export type PathInput = string | readonly string[];

/** Longest pattern read; a longer one is a problem (real globs are a few dozen characters). */
export const MAX_GLOB_LENGTH = 1_000;
/** Most alternatives one pattern's braces may expand to. */
export const MAX_BRACE_EXPANSIONS = 64;

type Token =
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "any" }
  | { readonly kind: "star" }
  | { readonly kind: "class"; readonly negated: boolean; readonly ranges: readonly (readonly [string, string])[] };

/** A pattern segment: `**` (any number of path segments) or a list of tokens matching one segment. */
type Segment = { readonly globstar: true } | { readonly globstar: false; readonly tokens: readonly Token[]; readonly leadingDot: boolean };

/**
 * Compiles `pattern` (already without a leading `!` negation or a CODEOWNERS anchor, which the callers read) into a
 * matcher, or returns why it cannot be used. Segments are split on `/`; a segment that is exactly `**` matches any
 * number of directories, including none.
 */
export function compilePathGlob(pattern: string, options: PathGlobOptions): PathGlob | { readonly problem: string } {
  if (pattern.length > MAX_GLOB_LENGTH) return { problem: `pattern longer than ${MAX_GLOB_LENGTH} characters` };
  if (/[?*+@!]\(/.test(pattern) && options.braces) return { problem: "extended globs such as `@(a|b)` are not supported" };
  const alternatives = options.braces ? expandBraces(pattern) : [pattern];
  if (alternatives === undefined) return { problem: `braces expand to more than ${MAX_BRACE_EXPANSIONS} patterns` };
  return new CompiledGlob(alternatives.map((alternative) => alternative.split("/").map((s) => compileSegment(s, options))), options.dot);
}

/** Whether a compile result is a problem rather than a matcher. */
export function isGlobProblem(result: PathGlob | { readonly problem: string }): result is { readonly problem: string } {
  return "problem" in result;
}

type Mode = "exact" | "parent";

/** One object per pattern (no closures): a CODEOWNERS file may hold tens of thousands of them. */
class CompiledGlob implements PathGlob {
  constructor(private readonly alternatives: readonly (readonly Segment[])[], private readonly dot: boolean) {}

  matches(path: PathInput): boolean {
    return this.test(parts(path), "exact");
  }

  matchesOrContains(path: PathInput): boolean {
    const segments = parts(path);
    return this.test(segments, "exact") || this.test(segments, "parent");
  }

  contains(path: PathInput): boolean {
    return this.test(parts(path), "parent");
  }

  private test(parts: readonly string[], mode: Mode): boolean {
    for (const segments of this.alternatives) if (matchSegments(segments, parts, this.dot, mode)) return true;
    return false;
  }
}

function parts(path: PathInput): readonly string[] {
  return typeof path === "string" ? path.split("/") : path;
}

function compileSegment(text: string, options: PathGlobOptions): Segment {
  if (text === "**") return { globstar: true };
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\" && i + 1 < text.length) {
      tokens.push({ kind: "char", char: text[++i] });
    } else if (char === "*") {
      // A run of stars inside a segment is one star: `a**b` is `a*b`.
      if (tokens[tokens.length - 1]?.kind !== "star") tokens.push({ kind: "star" });
    } else if (char === "?") {
      tokens.push({ kind: "any" });
    } else if (char === "[" && options.classes) {
      const parsed = parseClass(text, i);
      if (parsed) {
        tokens.push(parsed.token);
        i = parsed.end;
      } else {
        tokens.push({ kind: "char", char });
      }
    } else {
      tokens.push({ kind: "char", char });
    }
  }
  return { globstar: false, tokens, leadingDot: tokens[0]?.kind === "char" && tokens[0].char === "." };
}

/** A `[...]` class starting at `start`, or undefined when it is not closed (then `[` is literal, as in minimatch). */
function parseClass(text: string, start: number): { token: Token; end: number } | undefined {
  let i = start + 1;
  const negated = text[i] === "!" || text[i] === "^";
  if (negated) i++;
  const ranges: [string, string][] = [];
  let first = true;
  for (; i < text.length; i++) {
    const char = text[i];
    if (char === "]" && !first) return { token: { kind: "class", negated, ranges }, end: i };
    first = false;
    const literal = char === "\\" && i + 1 < text.length ? text[++i] : char;
    if (text[i + 1] === "-" && i + 2 < text.length && text[i + 2] !== "]") {
      ranges.push([literal, text[i + 2]]);
      i += 2;
    } else {
      ranges.push([literal, literal]);
    }
  }
  return undefined;
}

/**
 * Every (pattern segment, path segment) pair is decided once: at most (pattern segments + 1) × (path segments + 1)
 * steps. With at most one `**` no pair can be reached twice, so the table is only made for patterns with more.
 */
function matchSegments(segments: readonly Segment[], parts: readonly string[], dot: boolean, mode: Mode): boolean {
  let globstars = 0;
  for (const segment of segments) if (segment.globstar) globstars++;
  const width = parts.length + 1;
  // 0: not decided yet, 1: no match, 2: match.
  const memo = globstars > 1 ? new Uint8Array((segments.length + 1) * width) : undefined;
  const at = (p: number, s: number): boolean => {
    if (p === segments.length) return mode === "exact" ? s === parts.length : s > 0 && s < parts.length;
    const known = memo ? memo[p * width + s] : 0;
    if (known !== 0) return known === 2;
    const segment = segments[p];
    let result: boolean;
    if (segment.globstar) {
      // `**` skips no segment, or one more (not a dot-named one unless `dot`) and tries again.
      result = at(p + 1, s) || (s < parts.length && (dot || !parts[s].startsWith(".")) && parts[s] !== "" && at(p, s + 1));
    } else {
      result = s < parts.length && matchSegment(segment, parts[s], dot) && at(p + 1, s + 1);
    }
    if (memo) memo[p * width + s] = result ? 2 : 1;
    return result;
  };
  return at(0, 0);
}

/** Wildcard match of one segment, with the classic one-star backtrack: O(tokens × characters) at worst. */
function matchSegment(segment: Extract<Segment, { globstar: false }>, name: string, dot: boolean): boolean {
  if (!dot && name.startsWith(".") && !segment.leadingDot) return false;
  const tokens = segment.tokens;
  let t = 0;
  let c = 0;
  let starToken = -1;
  let starChar = 0;
  while (c < name.length) {
    const token = tokens[t];
    if (token && token.kind !== "star" && matchToken(token, name[c])) {
      t++;
      c++;
    } else if (token?.kind === "star") {
      starToken = t++;
      starChar = c;
    } else if (starToken >= 0) {
      t = starToken + 1;
      c = ++starChar;
    } else {
      return false;
    }
  }
  while (tokens[t]?.kind === "star") t++;
  return t === tokens.length;
}

function matchToken(token: Exclude<Token, { kind: "star" }>, char: string): boolean {
  if (token.kind === "char") return token.char === char;
  if (token.kind === "any") return true;
  const inside = token.ranges.some(([from, to]) => char >= from && char <= to);
  return inside !== token.negated;
}

/**
 * Brace expansion as minimatch does it (`{a,b}` alternatives, `{1..3}` numeric and `{a..c}` letter ranges, nested),
 * or undefined past {@link MAX_BRACE_EXPANSIONS} results. A brace group without a comma or range stays literal.
 */
export function expandBraces(pattern: string): string[] | undefined {
  const group = findBraceGroup(pattern);
  if (!group) return [pattern];
  const { start, end, options } = group;
  const results: string[] = [];
  for (const option of options) {
    const expanded = expandBraces(pattern.slice(0, start) + option + pattern.slice(end + 1));
    if (!expanded) return undefined;
    results.push(...expanded);
    if (results.length > MAX_BRACE_EXPANSIONS) return undefined;
  }
  return results;
}

function findBraceGroup(pattern: string): { start: number; end: number; options: string[] } | undefined {
  for (let start = pattern.indexOf("{"); start >= 0; start = pattern.indexOf("{", start + 1)) {
    if (start > 0 && pattern[start - 1] === "\\") continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < pattern.length; i++) {
      const char = pattern[i];
      if (char === "\\") {
        i++;
      } else if (char === "{") {
        depth++;
      } else if (char === "}") {
        depth--;
        if (depth === 0) {
          const body = pattern.slice(start + 1, i);
          if (commas.length > 0) {
            const cuts = [start, ...commas, i];
            return { start, end: i, options: cuts.slice(0, -1).map((cut, k) => pattern.slice(cut + 1, cuts[k + 1])) };
          }
          const range = expandRange(body);
          if (range) return { start, end: i, options: range };
          break;
        }
      } else if (char === "," && depth === 1) {
        commas.push(i);
      }
    }
  }
  return undefined;
}

function expandRange(body: string): string[] | undefined {
  const numeric = /^(-?\d+)\.\.(-?\d+)$/.exec(body);
  if (numeric) {
    const [from, to] = [Number(numeric[1]), Number(numeric[2])];
    // Too long a range: as many alternatives as make expandBraces give up, without building the whole range.
    if (Math.abs(to - from) >= MAX_BRACE_EXPANSIONS) return Array.from({ length: MAX_BRACE_EXPANSIONS + 1 }, () => "");
    const step = from <= to ? 1 : -1;
    return Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => String(from + k * step));
  }
  const letters = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body);
  if (letters) {
    const [from, to] = [letters[1].charCodeAt(0), letters[2].charCodeAt(0)];
    const step = from <= to ? 1 : -1;
    return Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => String.fromCharCode(from + k * step));
  }
  return undefined;
}
