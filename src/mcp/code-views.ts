import { excerptOmissions, fileExcerpt } from "./excerpt-lines.js";
import { longDocstringTails, withLinesLeftOut, type LineRange } from "./long-docstrings.js";
import type { RepoContext } from "./repo-context.js";
import type { CatalogSymbol } from "./symbol-catalog.js";

/** A symbol's current source as an answer holds it: whole, or with the lines named in `omitted` left out. */
export interface CodeView {
  readonly id: string;
  readonly path: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly source: string;
  /**
   * Lines of the symbol not in `source` (the tails of long docstrings, or the parts of a pointer too large to show
   * whole that share no word with the issue), each replaced there by one line saying so.
   */
  readonly omitted?: readonly { readonly start_line: number; readonly end_line: number }[];
}

/**
 * A symbol's current source as `locate` shows it: whole, except that the long docstrings of a Python definition (its
 * own and its methods') keep their summary line and leave the rest out (`omitted`): the prose costs a budget more
 * than it tells an agent about where to edit (docs/benchmarks.md, "Docstrings shortened"); `get_symbol` returns every
 * line. A whole file's definitions are shortened alike (so a first file with long docstrings comes whole more often,
 * docs/ranking.md, "What was tried"); a line window over code outside every definition has none. Doc
 * comments of other languages stay: leaving them out of a class moved as many answers out of the budget as into it.
 */
export function codeView(context: RepoContext, s: CatalogSymbol): CodeView {
  const source = context.lines(s.path).slice(s.startLine, s.endLine);
  const base = { id: s.id, path: s.path, start_line: s.startLine, end_line: s.endLine };
  if (s.language !== "python" || (s.kind === "window" && s.id !== s.path)) return { ...base, source };
  const lines = source.split("\n");
  const tails = longDocstringTails(lines, s.startLine);
  return tails.length === 0 ? { ...base, source } : withOmitted(s, lines, tails, "docstring lines");
}

/**
 * A pointer's excerpt: its first line and the lines around those that share the words, best first, within
 * `maxTokens`, never a line another item shows (`shown`; `excerptOmissions`); the rest named in `omitted`. Undefined
 * for a whole file, or when no line shares a word with the issue or nothing would be left out.
 */
export function excerptView(
  context: RepoContext,
  s: CatalogSymbol,
  lineScore: (line: string) => number,
  maxTokens: number,
  shown: (line: number) => boolean = () => false,
): CodeView | undefined {
  if (s.id === s.path) return undefined;
  const lines = context.lines(s.path).slice(s.startLine, s.endLine).split("\n");
  const omitted = excerptOmissions(lines, s.startLine, lineScore, { maxTokens, count: (text) => context.counter.count(text) }, shown);
  return omitted ? withOmitted(s, lines, omitted, "lines") : undefined;
}

/**
 * A whole file as a code item's symbol: its path as id and name, lines 1 to its last. Undefined when the catalog does
 * not hold the file.
 */
export function fileSymbol(context: RepoContext, path: string): CatalogSymbol | undefined {
  const file = context.catalog.file(path);
  if (!file) return undefined;
  return {
    id: path, path, name: path, qualifiedName: path, kind: "window", startLine: 1, endLine: context.lines(path).count,
    language: file.language, role: file.role,
  };
}

/**
 * An excerpt of a whole file (`file`, from `fileSymbol`) over the lines no other item of the answer shows (`shown`):
 * the windows around the lines that share the words, best first, within `maxTokens` (`fileExcerpt`), its id
 * the path, from its first kept line to its last. Undefined when no window fits.
 */
export function fileExcerptView(
  context: RepoContext,
  file: CatalogSymbol,
  lineScore: (line: string) => number,
  maxTokens: number,
  shown: (line: number) => boolean,
): CodeView | undefined {
  const lines = context.lines(file.path).slice(file.startLine, file.endLine).split("\n");
  const cut = fileExcerpt(lines, lineScore, { maxTokens, count: (text) => context.counter.count(text) }, shown);
  if (!cut) return undefined;
  const span = { ...file, startLine: cut.start, endLine: cut.end };
  const own = lines.slice(cut.start - 1, cut.end);
  return cut.omitted.length > 0
    ? withOmitted(span, own, cut.omitted, "lines")
    : { id: span.id, path: span.path, start_line: span.startLine, end_line: span.endLine, source: own.join("\n") };
}

/** `s`'s view with `ranges` (file lines, sorted) left out of its `lines`, each named in `omitted` and by a marker line. */
function withOmitted(s: Pick<CatalogSymbol, "id" | "path" | "startLine" | "endLine">, lines: readonly string[], ranges: readonly LineRange[], what: string): CodeView {
  return {
    id: s.id, path: s.path, start_line: s.startLine, end_line: s.endLine,
    source: withLinesLeftOut(lines, s.startLine, ranges, what),
    omitted: ranges.map((r) => ({ start_line: r.start, end_line: r.end })),
  };
}

/** The line ranges a view shows: its range less the lines it left out (`omitted`), in order. */
export function shownRanges(view: Pick<CodeView, "start_line" | "end_line" | "omitted">): [number, number][] {
  const parts: [number, number][] = [];
  let from = view.start_line;
  for (const o of view.omitted ?? []) {
    if (o.start_line > from) parts.push([from, o.start_line - 1]);
    from = o.end_line + 1;
  }
  if (from <= view.end_line) parts.push([from, view.end_line]);
  return parts;
}

/** The parts of `s` that its view `shown` shows (`shownRanges`), each as a copy of `s` with that part's lines. */
export function keptParts(s: CatalogSymbol, shown: CodeView): CatalogSymbol[] {
  return shownRanges(shown).map(([startLine, endLine]) => ({ ...s, startLine, endLine }));
}
