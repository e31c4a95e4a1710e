/**
 * Study (issue 21, twentieth session): do the words *together* mark the place to change? The pointer's words
 * score sums the distinct query terms anywhere on a symbol's own lines, so a long function that mentions each word
 * once somewhere beats the few lines where several of them meet. Replays the pointer choice from
 * `bench/dump-pointer-features.ts`'s dump with proximity features read from the trees' sources — the best single
 * own line, the best run of three own lines (summed weight of the distinct query terms on it) — and a term-frequency
 * variant of the words score, each added as a share of the file's best, and prints pointer given-file per language
 * and per half of the repositories. Bench only.
 *
 *   npx tsx bench/study-proximity.ts --dataset <set.jsonl> --features F [--trees DIR]
 */
import { parseBenchArgs } from "./bench-args.js";
import { createSourceReader } from "./study-parsers.js";
import { scanTokens } from "../src/rank/tokenize.js";
import { medianLines, ownLines, printGivenFile, readFeatureRows, replayPointer, type FeatureRow } from "./pointer-replay.js";

interface Row extends FeatureRow { terms: { t: string; w: number }[]; chosen: string | null; chosenStart: number | null }

const args = parseBenchArgs();
const readSource = createSourceReader(args);
const { rows, half } = readFeatureRows<Row>(args.one("features", ""));

interface Features { line: number[]; win3: number[]; tf: number[] }
const features: Features[] = rows.map((row) => {
  const weight = new Map(row.terms.map((t) => [t.t, t.w]));
  const text = readSource(row);
  if (text === undefined) {
    const zero = row.symbols.map(() => 0);
    return { line: zero, win3: zero, tf: zero };
  }
  const lines = text.split("\n");
  const termsOn = new Map<number, Set<string>>();
  const countsOn = new Map<number, Map<string, number>>();
  const on = (n: number) => {
    let set = termsOn.get(n);
    if (!set) {
      set = new Set();
      const counts = new Map<string, number>();
      scanTokens(lines[n - 1] ?? "", (t) => {
        if (!weight.has(t)) return;
        set!.add(t);
        counts.set(t, (counts.get(t) ?? 0) + 1);
      });
      termsOn.set(n, set);
      countsOn.set(n, counts);
    }
    return set;
  };
  const sum = (set: Iterable<string>) => {
    let s = 0;
    for (const t of set) s += weight.get(t)!;
    return s;
  };
  const line: number[] = [], win3: number[] = [], tf: number[] = [];
  row.symbols.forEach((_, i) => {
    const own = ownLines(row.symbols, i);
    let bestLine = 0, bestWin = 0;
    const total = new Map<string, number>();
    own.forEach((n, k) => {
      bestLine = Math.max(bestLine, sum(on(n)));
      for (const [t, c] of countsOn.get(n)!) total.set(t, (total.get(t) ?? 0) + c);
      const win = new Set<string>();
      for (let j = k; j < Math.min(own.length, k + 3); j++) for (const t of on(own[j])) win.add(t);
      bestWin = Math.max(bestWin, sum(win));
    });
    let tfs = 0;
    for (const [t, c] of total) tfs += weight.get(t)! * (2.2 * c) / (c + 1.2);
    line.push(bestLine);
    win3.push(bestWin);
    tf.push(tfs);
  });
  return { line, win3, tf };
});

const norm = (xs: readonly number[]) => {
  const m = Math.max(0, ...xs);
  return xs.map((x) => (m > 0 ? x / m : 0));
};

const variants: [string, (row: Row, k: number) => number][] = [["shipped", (row) => replayPointer(row.symbols)]];
for (const lam of [0.25, 0.5, 1]) {
  variants.push([`+ best line × ${lam}`, (row, k) => {
    const n = norm(features[k].line);
    return replayPointer(row.symbols, { extra: (i) => lam * n[i] });
  }]);
  variants.push([`+ best 3 lines × ${lam}`, (row, k) => {
    const n = norm(features[k].win3);
    return replayPointer(row.symbols, { extra: (i) => lam * n[i] });
  }]);
}
// A size prior for definitions with nothing nested (functions, methods): the fifth session's prior (words ×
// lines^0.3) gained only by choosing classes that hold the changed method; a leaf cannot.
const leaf = (row: Row, i: number) => row.symbols[i].kind !== "window" &&
  !row.symbols.some((o, j) => j !== i && o.kind !== "window" && o.start >= row.symbols[i].start && o.end <= row.symbols[i].end && o.end - o.start < row.symbols[i].end - row.symbols[i].start);
for (const p of [0.1, 0.2, 0.3]) {
  variants.push([`leaf words × own lines^${p}`, (row) => replayPointer(row.symbols, {
    words: row.symbols.map((x, i) => (leaf(row, i) ? x.words * (x.end - x.start + 1) ** p : x.words)),
  })]);
  variants.push([`every definition's words × lines^${p}`, (row) => replayPointer(row.symbols, {
    words: row.symbols.map((x) => (x.kind !== "window" ? x.words * (x.end - x.start + 1) ** p : x.words)),
  })]);
}
variants.push(["words with term frequency", (_row, k) => replayPointer(rows[k].symbols, { words: features[k].tf })]);
variants.push(["tf words + best line × 0.5", (_row, k) => {
  const n = norm(features[k].line);
  return replayPointer(rows[k].symbols, { words: features[k].tf, extra: (i) => 0.5 * n[i] });
}]);

const agree = rows.filter((r) => {
  const i = replayPointer(r.symbols);
  return i >= 0 && r.symbols[i].name === r.chosen && r.symbols[i].start === r.chosenStart;
}).length;
console.log(`replay: ${agree} of ${rows.length} gold files get the shipped pointer\n`);
for (const [label, choose] of variants) printGivenFile(label, rows, half, choose, ` median lines ${medianLines(rows, choose)} |`);
