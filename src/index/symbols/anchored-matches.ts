import type { Node, Query, QueryMatch } from "web-tree-sitter";

/** Above this share of a text's lines holding an anchor, one walk of the whole tree is cheaper than many ranges. */
const MAX_ANCHORED_SHARE = 0.25;

/**
 * The matches of `query` over the tree of `text`, looking only at the lines where `anchor` occurs.
 *
 * A query cursor walks every node of the tree (over a tenth of a Python file's parse time, for a few imports and
 * class headers). Given a range, it descends only into nodes that intersect it. Each link pattern's root node (an
 * import, a class header, a `require(…)` call) spans a line holding one of its words, so querying just those lines
 * finds every match the whole walk finds; captures past the line (a superclass on the next line) still come with
 * their match. `anchor` must be a global regular expression whose matches include every such word; rows that match
 * for another reason only cost time. Matches come in document order of their lines, each once.
 */
export function anchoredMatches(query: Query, root: Node, text: string, anchor: RegExp | undefined, matchLimit: number): QueryMatch[] {
  const ranges = anchor ? anchorRanges(text, anchor) : undefined;
  if (!ranges) return query.matches(root, { matchLimit });
  const out: QueryMatch[] = [];
  const seen = new Set<string>();
  for (const [first, last] of ranges) {
    const matches = query.matches(root, {
      matchLimit,
      startPosition: { row: first, column: 0 },
      endPosition: { row: last + 1, column: 0 },
    });
    for (const match of matches) {
      // A match spanning two ranges (a class header whose line and superclass line both hold an anchor) is met twice.
      const key = matchKey(match);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(match);
    }
  }
  return out;
}

/**
 * The 0-based line ranges `[first, last]` holding `anchor`, adjacent lines merged; undefined when the whole walk is
 * cheaper (most lines hold one). Lines are counted at `\n`, as tree-sitter counts rows.
 */
export function anchorRanges(text: string, anchor: RegExp): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  let row = 0;
  let scanned = 0;
  let anchoredRows = 0;
  anchor.lastIndex = 0;
  for (let found = anchor.exec(text); found; found = anchor.exec(text)) {
    row += countNewlines(text, scanned, found.index);
    scanned = found.index;
    const last = ranges.at(-1);
    anchoredRows++;
    if (last && last[1] === row - 1) last[1] = row;
    else ranges.push([row, row]);
    // The rest of this line cannot start another range.
    const lineEnd = text.indexOf("\n", found.index);
    if (lineEnd < 0) break;
    anchor.lastIndex = lineEnd;
  }
  const rows = row + countNewlines(text, scanned, text.length) + 1;
  return anchoredRows > rows * MAX_ANCHORED_SHARE ? undefined : ranges;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

function matchKey(match: QueryMatch): string {
  let key = String(match.patternIndex);
  for (const capture of match.captures) key += `|${capture.name}:${capture.node.startIndex}:${capture.node.endIndex}`;
  return key;
}
