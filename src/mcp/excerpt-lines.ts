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
 * `EXCERPT_CONTEXT` lines on each side, while the kept lines stay within `limits.maxTokens`. Gaps shorter than
 * `MIN_OMITTED_LINES` are kept (their marker would cost as much as they do). `lines` are the symbol's lines, the
 * first numbered `firstLine`; the ranges are file lines. Undefined when no line shares a word with the issue, no
 * window fits (a first line alone says no more than the pointer's id) or nothing would be left out.
 */
export function excerptOmissions(
  lines: readonly string[],
  firstLine: number,
  lineScore: (text: string) => number,
  limits: ExcerptLimits,
): LineRange[] | undefined {
  const scores = lines.map(lineScore);
  const order = scores.map((_, i) => i).filter((i) => scores[i] > 0).sort((a, b) => scores[b] - scores[a] || a - b);
  if (order.length === 0) return undefined;
  const kept = new Array<boolean>(lines.length).fill(false);
  kept[0] = true;
  let tokens = limits.count(lines[0]);
  let windows = 0;
  for (const at of order) {
    const from = Math.max(0, at - EXCERPT_CONTEXT);
    const to = Math.min(lines.length - 1, at + EXCERPT_CONTEXT);
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
  if (windows === 0) return undefined;
  const omitted: LineRange[] = [];
  for (let i = 0; i < lines.length; ) {
    if (kept[i]) {
      i++;
      continue;
    }
    let end = i;
    while (end + 1 < lines.length && !kept[end + 1]) end++;
    if (end - i + 1 >= MIN_OMITTED_LINES) omitted.push({ start: firstLine + i, end: firstLine + end });
    i = end + 1;
  }
  return omitted.length === 0 ? undefined : omitted;
}
