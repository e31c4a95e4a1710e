/**
 * The pointer choice of src/rank/score-pointers.ts (its defaults), replayed from `bench/dump-pointer-features.ts`'s
 * per-symbol features, for the offline pointer studies (study-pointer-evidence.ts, study-prose-words.ts). Bench only.
 */

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
