/**
 * The pointer choice of src/rank/score-pointers.ts (its defaults), replayed from `bench/dump-pointer-features.ts`'s
 * per-symbol features, for the offline pointer studies (bench/study-*.ts), with what they share: reading the dump, the
 * halves of the repositories and the given-file table. Bench only.
 */
import { readFileSync } from "node:fs";

/** The features of one symbol that the choice reads. */
export interface ReplaySymbol {
  readonly kind: string; readonly start: number; readonly end: number; readonly words: number;
  readonly named: boolean; readonly error: boolean; readonly frameName: readonly number[]; readonly frameLine: readonly number[];
}

/**
 * The index of the symbol the pointer would choose (−1: none). `words` replaces each symbol's words score; `extra`
 * adds to the raw score of a symbol with some words; `named` replaces the named bonus (0.5) of a named symbol; `frame`
 * replaces the frame bonus (the best frame's 0.75^depth).
 */
export function replayPointer(
  s: readonly ReplaySymbol[],
  options: {
    readonly words?: readonly number[]; readonly extra?: (i: number) => number; readonly named?: (i: number) => number;
    readonly frame?: (i: number) => number;
  } = {},
): number {
  const words = options.words ?? s.map((x) => x.words);
  const max = Math.max(0, ...words);
  const anyDefinition = s.some((x) => x.kind !== "window");
  let best = -1;
  let bestKey: number[] = [];
  s.forEach((x, i) => {
    const w = max > 0 ? words[i] / max : 0;
    const frame = options.frame ? options.frame(i) : Math.max(0, ...[...x.frameName, ...x.frameLine].map((d) => 0.75 ** d));
    const named = x.named && x.kind !== "window";
    let raw = w + (named ? (options.named ? options.named(i) : 0.5) : 0) + frame;
    if (raw > 0 && options.extra && w > 0) raw += options.extra(i);
    const score = x.kind === "window" ? raw * (anyDefinition ? 0.75 : 1) : named && x.error ? raw * 0.5 : raw;
    // Ties go to the smaller symbol, then the earlier one.
    const key = [score, -(x.end - x.start), -i];
    if (score > 0 && (best < 0 || key[0] > bestKey[0] || (key[0] === bestKey[0] && (key[1] > bestKey[1] || (key[1] === bestKey[1] && key[2] > bestKey[2]))))) {
      best = i;
      bestKey = key;
    }
  });
  return best;
}

/** Own lines of symbol i (1-based): its range less the lines of the definitions nested in it. */
export function ownLines(s: readonly { readonly kind: string; readonly start: number; readonly end: number }[], i: number): number[] {
  const me = s[i];
  const out: number[] = [];
  for (let line = me.start; line <= me.end; line++) {
    if (!s.some((o, j) => j !== i && o.kind !== "window" && o.start >= me.start && o.end <= me.end && o.end - o.start < me.end - me.start && o.start <= line && line <= o.end)) out.push(line);
  }
  return out;
}

/** A gold file of a features dump, as the replays read it. */
export interface FeatureRow<S extends ReplaySymbol = ReplaySymbol & { readonly name: string; readonly meets: boolean }> {
  readonly id: string; readonly repo: string; readonly lang: string; readonly path: string;
  readonly symbols: readonly S[];
}

/**
 * The rows of a `bench/dump-pointer-features.ts` dump and the half of each repository (its set's repositories sorted
 * by name, alternating: A = 1st, 3rd, …), so a value chosen on one half is checked on the other.
 */
export function readFeatureRows<R extends FeatureRow>(path: string): { rows: R[]; half: (repo: string) => string } {
  const rows = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as R);
  const repos = [...new Set(rows.map((r) => r.repo))].sort();
  return { rows, half: (repo) => (repos.indexOf(repo) % 2 === 0 ? "A" : "B") };
}

/**
 * Prints one table row: pointer given file (the share of gold files whose chosen symbol meets the fix's lines) over
 * all rows, per half and per language, for the choice `choose` makes (a symbol index, −1 for none).
 */
export function printGivenFile<R extends FeatureRow<ReplaySymbol & { readonly meets: boolean }>>(
  label: string, rows: readonly R[], half: (repo: string) => string, choose: (row: R, k: number) => number, suffix = "",
): void {
  const groups = new Map<string, [number, number]>();
  rows.forEach((row, k) => {
    const i = choose(row, k);
    const right = i >= 0 && row.symbols[i].meets ? 1 : 0;
    for (const g of ["all", `half ${half(row.repo)}`, row.lang]) {
      const [n, r] = groups.get(g) ?? [0, 0];
      groups.set(g, [n + 1, r + right]);
    }
  });
  const cells = [...groups.keys()].sort().map((g) => `${g} ${(groups.get(g)![1] / groups.get(g)![0]).toFixed(3)}`);
  console.log(`| ${label} | ${cells.join(" · ")} |${suffix}`);
}

/** The median length in lines of the symbols `choose` picks (what a pointer sends the reader to). */
export function medianLines<R extends FeatureRow>(rows: readonly R[], choose: (row: R, k: number) => number): number {
  const lengths = rows.flatMap((row, k) => {
    const i = choose(row, k);
    return i >= 0 ? [row.symbols[i].end - row.symbols[i].start + 1] : [];
  }).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)];
}
