/**
 * Study (issue 21, twentieth session): a stack frame names a function and gives a line. The pointer gives the name's
 * bonus to every definition of that name in the file and the line's bonus to the innermost definition holding it,
 * keeping the better of the two per definition: so `Field.clean`, which holds the frame's line *and* has its name,
 * ties with `MultiValueField.clean`, which only shares the name, and the words decide. Replays the choice from
 * `bench/dump-pointer-features.ts`'s dump with a frame whose line falls in a definition of its own name pinned
 * there: the other same-named definitions lose that frame's name bonus (pin), the pinned one gets name and line
 * (sum), or both. Pointer given-file per language and per half. Bench only.
 *
 *   npx tsx bench/study-frame-pin.ts --features F
 */
import { parseBenchArgs } from "./bench-args.js";
import { printGivenFile, readFeatureRows, replayPointer, type FeatureRow } from "./pointer-replay.js";

type Row = FeatureRow;

const args = parseBenchArgs();
const { rows, half } = readFeatureRows<Row>(args.one("features", ""));

/** The frame bonus of symbol i when frames whose line lands in a definition of their own name are pinned there. */
function pinnedFrame(row: Row, i: number, mode: { pin: boolean; sum: boolean; stale?: boolean }): number {
  const s = row.symbols;
  // A frame (by depth: the dump keeps depths, and one frame per depth resolves to a file) is confirmed when some
  // definition both has its name and holds its line.
  const confirmed = new Set<number>();
  for (const x of s) for (const d of x.frameName) if (x.frameLine.includes(d)) confirmed.add(d);
  const scores: number[] = [];
  for (const d of s[i].frameName) {
    const both = s[i].frameLine.includes(d);
    if (mode.pin && confirmed.has(d) && !both) continue;
    scores.push((mode.sum && both ? 2 : 1) * 0.75 ** d);
  }
  for (const d of s[i].frameLine) {
    // Stale: the file defines the frame's name, yet the line lies in none of those definitions (another version).
    const named = s.filter((x) => x.frameName.includes(d));
    const inside = named.some((x) => x.start <= s[i].start && s[i].end <= x.end);
    if (mode.stale && named.length > 0 && !inside) continue;
    scores.push(0.75 ** d);
  }
  return Math.max(0, ...scores);
}

const variants: [string, (row: Row) => number][] = [
  ["shipped", (row) => replayPointer(row.symbols)],
  ["pin", (row) => replayPointer(row.symbols, { frame: (i) => pinnedFrame(row, i, { pin: true, sum: false }) })],
  ["sum", (row) => replayPointer(row.symbols, { frame: (i) => pinnedFrame(row, i, { pin: false, sum: true }) })],
  ["pin + sum", (row) => replayPointer(row.symbols, { frame: (i) => pinnedFrame(row, i, { pin: true, sum: true }) })],
  ["pin + sum, a stale line left out", (row) => replayPointer(row.symbols, { frame: (i) => pinnedFrame(row, i, { pin: true, sum: true, stale: true }) })],
];
const touched = rows.filter((r) => r.symbols.some((x) => x.frameName.some((d) => x.frameLine.includes(d)))).length;
console.log(`gold files with a frame confirmed by name and line: ${touched} of ${rows.length}`);
for (const [label, choose] of variants) printGivenFile(label, rows, half, (row) => choose(row));
