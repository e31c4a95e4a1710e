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
import { readFileSync } from "node:fs";
import { parseBenchArgs } from "./bench-args.js";
import { replayPointer, type ReplaySymbol } from "./pointer-replay.js";

interface Sym extends ReplaySymbol { name: string; meets: boolean }
interface Row { id: string; repo: string; lang: string; path: string; symbols: Sym[] }

const args = parseBenchArgs();
const rows = readFileSync(args.one("features", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);
const repos = [...new Set(rows.map((r) => r.repo))].sort();
const half = (repo: string): string => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");
const DATA_KINDS = new Set(["struct", "enum", "interface", "trait", "type"]);

/** A declaration of data alone: one of the data kinds with no definition nested in it. */
function isData(s: readonly Sym[], i: number): boolean {
  const me = s[i];
  return DATA_KINDS.has(me.kind) &&
    !s.some((o, j) => j !== i && o.kind !== "window" && o.start >= me.start && o.end <= me.end && o.end - o.start < me.end - me.start);
}

for (const p of [1, 0.75, 0.5, 0.25]) {
  const groups = new Map<string, [number, number]>();
  let moved = 0;
  rows.forEach((row) => {
    const base = replayPointer(row.symbols);
    const i = replayPointer(row.symbols, { words: row.symbols.map((x, k) => (isData(row.symbols, k) ? x.words * p : x.words)) });
    if (i !== base) moved++;
    const right = i >= 0 && row.symbols[i].meets ? 1 : 0;
    for (const g of ["all", `half ${half(row.repo)}`, row.lang]) {
      const [n, r] = groups.get(g) ?? [0, 0];
      groups.set(g, [n + 1, r + right]);
    }
  });
  console.log(`| data declarations' words × ${p} (${moved} moved) | ${[...groups.keys()].sort().map((g) => `${g} ${(groups.get(g)![1] / groups.get(g)![0]).toFixed(3)}`).join(" · ")} |`);
}
