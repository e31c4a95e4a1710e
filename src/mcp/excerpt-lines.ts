import { MIN_OMITTED_LINES, type LineRange } from "./long-docstrings.js";
import { MAX_CHARS_PER_TOKEN } from "./pack-budget.js";

/**
 * Lines shown on each side of a matching line: git's default context for a diff hunk, the amount of surrounding code
 * a reader is used to judging a change by. Not tuned on the benchmark rows.
 */
export const EXCERPT_CONTEXT = 3;

/** How large an excerpt may be, and how its text is measured. */
export interface ExcerptLimits {
  /** Most tokens the kept lines may take (each counted on its own: the marker lines are not counted). */
  readonly maxTokens: number;
  count(text: string): number;
}

/**
 * The lines of a symbol too large to show whole that an excerpt keeps, as the ranges it leaves out: the first line
 * (its signature), then, best line first, each line that shares the words (`lineScore` > 0) with
 * `EXCERPT_CONTEXT` lines on each side, while the kept lines stay within `limits.maxTokens`. Lines another item of
 * the answer shows (`shown`, file lines: a method shown whole inside this class) are never kept, so no line is sent
 * twice. Other gaps shorter than `MIN_OMITTED_LINES` are kept (their marker would cost as much as they do).
 * `lines` are the symbol's lines, the first numbered `firstLine`; the ranges are file lines. Undefined when no line
 * shares a word with the issue, no window fits (a first line alone says no more than the pointer's id) or nothing
 * would be left out.
 */
export function excerptOmissions(
  lines: readonly string[],
  firstLine: number,
  lineScore: (text: string) => number,
  limits: ExcerptLimits,
  shown: (line: number) => boolean = () => false,
): LineRange[] | undefined {
  const kept = new Array<boolean>(lines.length).fill(false);
  kept[0] = true;
  const blocked = (i: number) => shown(firstLine + i);
  if (pickWindows(lines, lineScore, kept, limits.count(lines[0]), limits, blocked) === 0) return undefined;
  const omitted = gaps(kept, 0, lines.length - 1, blocked).map((r) => ({ start: firstLine + r.start, end: firstLine + r.end }));
  return omitted.length === 0 ? undefined : omitted;
}

/** The lines a file excerpt shows: from its first kept line to its last, less the ranges it leaves out. */
export interface FileExcerpt {
  readonly start: number;
  readonly end: number;
  readonly omitted: readonly LineRange[];
}

/**
 * An excerpt of a whole file (`lines`, the first numbered 1) over the lines no other item of the answer shows
 * (`shown`, file lines): the windows around the lines that share the words, best first, within
 * `limits.maxTokens`, from the first kept line to the last, the gaps between left out as in `excerptOmissions`.
 * Undefined when no window fits.
 */
export function fileExcerpt(
  lines: readonly string[],
  lineScore: (text: string) => number,
  limits: ExcerptLimits,
  shown: (line: number) => boolean,
): FileExcerpt | undefined {
  const kept = new Array<boolean>(lines.length).fill(false);
  const blocked = (i: number) => shown(i + 1);
  if (pickWindows(lines, lineScore, kept, 0, limits, blocked) === 0) return undefined;
  const first = kept.indexOf(true);
  const last = kept.lastIndexOf(true);
  const omitted = gaps(kept, first, last, blocked).map((r) => ({ start: r.start + 1, end: r.end + 1 }));
  return { start: first + 1, end: last + 1, omitted };
}

/**
 * Marks in `kept` the windows of the best lines by `lineScore` (each with `EXCERPT_CONTEXT` lines on either side,
 * cut at a `blocked` line, less the lines already kept) while the kept lines' tokens, starting at `tokens`, stay
 * within `limits.maxTokens`. Returns how many windows were added.
 */
function pickWindows(
  lines: readonly string[],
  lineScore: (text: string) => number,
  kept: boolean[],
  tokens: number,
  limits: ExcerptLimits,
  blocked: (index: number) => boolean,
): number {
  const scores = lines.map((line, i) => (blocked(i) ? 0 : lineScore(line)));
  const order = scores.map((_, i) => i).filter((i) => scores[i] > 0).sort((a, b) => scores[b] - scores[a] || a - b);
  let windows = 0;
  for (const at of order) {
    let from = at;
    while (from > 0 && from > at - EXCERPT_CONTEXT && !blocked(from - 1)) from--;
    let to = at;
    while (to < lines.length - 1 && to < at + EXCERPT_CONTEXT && !blocked(to + 1)) to++;
    const added: number[] = [];
    for (let i = from; i <= to; i++) if (!kept[i]) added.push(i);
    if (added.length === 0) continue;
    const text = added.map((i) => lines[i]).join("\n");
    // A window that cannot fit by its length alone is passed over uncounted: a long function has thousands of
    // candidate lines once the excerpt is nearly full.
    if (tokens + text.length / MAX_CHARS_PER_TOKEN > limits.maxTokens) continue;
    const cost = limits.count(text);
    if (tokens + cost > limits.maxTokens) continue;
    tokens += cost;
    windows++;
    for (const i of added) kept[i] = true;
  }
  return windows;
}

/**
 * The runs of lines `from`..`to` (indexes) not `kept` that an excerpt leaves out: every run holding a `blocked`
 * line, and the others of at least `MIN_OMITTED_LINES` (the shorter are kept: marking them in `kept`).
 */
function gaps(kept: boolean[], from: number, to: number, blocked: (index: number) => boolean): LineRange[] {
  const out: LineRange[] = [];
  for (let i = from; i <= to; ) {
    if (kept[i]) {
      i++;
      continue;
    }
    let end = i;
    let holdsBlocked = blocked(i);
    while (end + 1 <= to && !kept[end + 1]) holdsBlocked = blocked(++end) || holdsBlocked;
    if (holdsBlocked || end - i + 1 >= MIN_OMITTED_LINES) out.push({ start: i, end });
    else for (let j = i; j <= end; j++) kept[j] = true;
    i = end + 1;
  }
  return out;
}
