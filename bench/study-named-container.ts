/**
 * Study (issue 21, twentieth session): does the issue naming a definition's *container* tell which of several
 * look-alike members is meant? Misses such as `AddField.reduce` chosen over `AlterField.reduce` ("does not reduce
 * multiple AlterField"), `MessageDecoder` over `MessageEncoder.default`, `ChoiceWidget.id_for_label` over
 * `MultiWidget.id_for_label` ("MultiWidget's <label>"): the issue names the class, the words pick a sibling. Replays
 * the pointer choice from `bench/dump-pointer-features.ts`'s dump with a bonus for a definition whose innermost
 * enclosing definition the issue names, and prints pointer given-file per language and per half. Bench only.
 *
 *   npx tsx bench/study-named-container.ts --features F
 */
import { parseBenchArgs } from "./bench-args.js";
import { medianLines, printGivenFile, readFeatureRows, replayPointer, type FeatureRow } from "./pointer-replay.js";

type Row = FeatureRow;
type Sym = Row["symbols"][number];

const args = parseBenchArgs();
const { rows, half } = readFeatureRows<Row>(args.one("features", ""));

/** The innermost definition strictly enclosing symbol i, or -1. */
function parentOf(s: readonly Sym[], i: number): number {
  let best = -1;
  s.forEach((o, j) => {
    if (j === i || o.kind === "window" || s[i].kind === "window") return;
    const holds = o.start <= s[i].start && s[i].end <= o.end && o.end - o.start > s[i].end - s[i].start;
    if (holds && (best < 0 || o.end - o.start < s[best].end - s[best].start)) best = j;
  });
  return best;
}

const parents = rows.map((r) => r.symbols.map((_, i) => parentOf(r.symbols, i)));
type Choose = (row: Row, k: number) => number;
const variants: [string, Choose][] = [["shipped", (row) => replayPointer(row.symbols)]];
for (const c of [0.25, 0.5, 1]) {
  // Any member of a named container (with some words: `extra` applies only there).
  variants.push([`member of a named container +${c}`, (row, k) =>
    replayPointer(row.symbols, { extra: (i) => (parents[k][i] >= 0 && row.symbols[parents[k][i]].named ? c : 0) })]);
  // Only a member that is itself named: `MultiWidget.id_for_label` over `ChoiceWidget.id_for_label`.
  variants.push([`named member of a named container +${c}`, (row, k) =>
    replayPointer(row.symbols, { extra: (i) => (row.symbols[i].named && parents[k][i] >= 0 && row.symbols[parents[k][i]].named ? c : 0) })]);
  // The container's named bonus handed to its members instead: the class no longer outranks its methods by being named.
  variants.push([`named container's bonus moved to its members (+${c})`, (row, k) =>
    replayPointer(row.symbols, {
      named: (i) => (row.symbols.some((_, j) => parents[k][j] === i) ? 0 : 0.5),
      extra: (i) => (parents[k][i] >= 0 && row.symbols[parents[k][i]].named ? c : 0),
    })]);
}

for (const [label, choose] of variants) printGivenFile(label, rows, half, choose, ` median lines ${medianLines(rows, choose)} |`);
