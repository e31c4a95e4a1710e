/**
 * Study (issue 21, twentieth session): do type declarations that hold no code win pointers they should not? A Go
 * struct with a comment on every field (`lbBalancer` in grpc-go's grpclb.go), a C enum of parameters, a Rust
 * trait's signatures: their lines carry the words an issue uses about the state they describe, while the fix
 * changes the function that acts on it. Replays the pointer choice from `bench/dump-pointer-features.ts`'s dump with
 * the words of a struct, enum, interface, trait or type definition that holds no nested definition scaled by p, and
 * prints pointer given-file per language and per half. Bench only.
 *
 *   npx tsx bench/study-data-declarations.ts --features F
 */
import { parseBenchArgs } from "./bench-args.js";
import { printGivenFile, readFeatureRows, replayPointer, type FeatureRow } from "./pointer-replay.js";

type Sym = FeatureRow["symbols"][number];

const args = parseBenchArgs();
const { rows, half } = readFeatureRows(args.one("features", ""));
const DATA_KINDS = new Set(["struct", "enum", "interface", "trait", "type"]);

/** A declaration of data alone: one of the data kinds with no definition nested in it. */
function isData(s: readonly Sym[], i: number): boolean {
  const me = s[i];
  return DATA_KINDS.has(me.kind) &&
    !s.some((o, j) => j !== i && o.kind !== "window" && o.start >= me.start && o.end <= me.end && o.end - o.start < me.end - me.start);
}

for (const p of [1, 0.75, 0.5, 0.25]) {
  const choose = (row: (typeof rows)[number]) =>
    replayPointer(row.symbols, { words: row.symbols.map((x, k) => (isData(row.symbols, k) ? x.words * p : x.words)) });
  const moved = rows.filter((row) => choose(row) !== replayPointer(row.symbols)).length;
  printGivenFile(`data declarations' words × ${p} (${moved} moved)`, rows, half, choose);
}
