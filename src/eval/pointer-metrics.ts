/** The cut-offs at which pointer Acc@k is reported (the first k files of the ranking). */
export const POINTER_KS = [1, 3, 5, 10] as const;
/** How many files a pointer-given-file and no-pointer share looks at: the comment's default length. */
export const SHOWN_FILES = 5;
/** The cut-offs of the symbol Acc@k of a `rank --symbols` list (function-level Acc@5/@10 in the literature). */
export const SYMBOL_KS = [5, 10] as const;

/** A place inside a file that a ranking points at: a symbol or a line window, 1-based inclusive lines. */
export interface Pointer {
  readonly path: string;
  readonly name: string;
  readonly kind: string;
  readonly start: number;
  readonly end: number;
}

/** Per gold file, the 1-based inclusive line ranges its fix changed (`gold_lines` of the bench rows). */
export type GoldLines = ReadonlyMap<string, readonly (readonly [number, number])[]>;

/** Pointer quality of one ranked issue. Absent (undefined from {@link scorePointers}) when no gold file has lines. */
export interface PointerMetrics {
  /** `acc[k]` is 1 when among the first k files a gold file has a pointer that meets its changed lines. */
  readonly acc: Readonly<Record<(typeof POINTER_KS)[number], number>>;
  /** Gold files (with lines) ranked among the first {@link SHOWN_FILES}, and how many of them have a right first pointer. */
  readonly goldShown: number;
  readonly firstRight: number;
  /** Files among the first {@link SHOWN_FILES} shown, and how many of them carry no pointer at all. */
  readonly shown: number;
  readonly unpointed: number;
  /**
   * The length in lines of each shown file's first pointer: what a maintainer who follows the link has to read. A
   * pointer counts as right whenever its range meets the changed lines, so a whole class is right more often than one
   * of its methods; this says how much reading a right pointer may cost.
   */
  readonly firstLines: readonly number[];
  /** `symbolAcc[k]` is 1 when a symbol among the first k of the symbol ranking meets a gold file's lines; undefined without one. */
  readonly symbolAcc?: Readonly<Record<(typeof SYMBOL_KS)[number], number>>;
}

/** Does the pointer's line range meet one of its file's gold ranges? */
export function pointerMeets(pointer: Pick<Pointer, "path" | "start" | "end">, gold: GoldLines): boolean {
  const ranges = gold.get(pointer.path);
  if (!ranges) return false;
  return ranges.some(([from, to]) => pointer.start <= to && pointer.end >= from);
}

/**
 * Scores the pointers of one ranking: `ranking` is the files best first, `pointers` every pointer shown (several per
 * file allowed, each file's best first), `symbols` an optional cross-file symbol ranking. Gold files without line
 * ranges (renames) are left out; an issue with none returns undefined, so it counts in no pointer mean.
 */
export function scorePointers(
  ranking: readonly string[],
  pointers: readonly Pointer[],
  gold: GoldLines,
  symbols?: readonly Pointer[],
): PointerMetrics | undefined {
  const withLines = new Set([...gold].filter(([, ranges]) => ranges.length > 0).map(([path]) => path));
  if (withLines.size === 0) return undefined;
  const byPath = new Map<string, Pointer[]>();
  for (const p of pointers) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  const files = [...new Set(ranking)];
  const rightAt = files.findIndex((path) => withLines.has(path) && (byPath.get(path) ?? []).some((p) => pointerMeets(p, gold)));
  const acc = Object.fromEntries(POINTER_KS.map((k) => [k, rightAt >= 0 && rightAt < k ? 1 : 0])) as PointerMetrics["acc"];
  const shownFiles = files.slice(0, SHOWN_FILES);
  const goldShown = shownFiles.filter((path) => withLines.has(path));
  const firstRight = goldShown.filter((path) => {
    const first = byPath.get(path)?.[0];
    return first !== undefined && pointerMeets(first, gold);
  }).length;
  const symbolAt = symbols?.findIndex((s) => withLines.has(s.path) && pointerMeets(s, gold)) ?? -1;
  const symbolAcc = symbols === undefined ? {} : {
    symbolAcc: Object.fromEntries(SYMBOL_KS.map((k) => [k, symbolAt >= 0 && symbolAt < k ? 1 : 0])) as NonNullable<PointerMetrics["symbolAcc"]>,
  };
  return {
    acc,
    goldShown: goldShown.length,
    firstRight,
    shown: shownFiles.length,
    unpointed: shownFiles.filter((path) => !byPath.has(path)).length,
    firstLines: shownFiles.flatMap((path) => {
      const first = byPath.get(path)?.[0];
      return first ? [first.end - first.start + 1] : [];
    }),
    ...symbolAcc,
  };
}

/** Pointer quality over a set of issues. Shares are pooled (files over files); NaN-free: an empty set gives 0. */
export interface PointerSummary {
  /** Issues with gold lines. */
  readonly count: number;
  readonly acc: Readonly<Record<(typeof POINTER_KS)[number], number>>;
  /** Of the gold files shown in the first {@link SHOWN_FILES}, the share whose first pointer is right. */
  readonly givenFile: number;
  /** Of all files shown in the first {@link SHOWN_FILES}, the share shown without a pointer. */
  readonly unpointed: number;
  /** The median length in lines of the shown files' first pointers (pooled over files); 0 when none was shown. */
  readonly medianLines: number;
  /** Symbol Acc@5 and @10 over the issues that had a symbol ranking; undefined when none had. */
  readonly symbolAcc?: Readonly<Record<(typeof SYMBOL_KS)[number], number>>;
}

/** Averages per-issue pointer metrics, skipping issues without gold lines. */
export function summarizePointers(all: readonly (PointerMetrics | undefined)[]): PointerSummary {
  const scored = all.filter((m): m is PointerMetrics => m !== undefined);
  const n = scored.length;
  const sum = (f: (m: PointerMetrics) => number): number => scored.reduce((s, m) => s + f(m), 0);
  const share = (a: number, b: number): number => (b === 0 ? 0 : a / b);
  const acc = Object.fromEntries(POINTER_KS.map((k) => [k, share(sum((m) => m.acc[k]), n)])) as PointerSummary["acc"];
  const withSymbols = scored.filter((m) => m.symbolAcc !== undefined);
  return {
    count: n,
    acc,
    givenFile: share(sum((m) => m.firstRight), sum((m) => m.goldShown)),
    unpointed: share(sum((m) => m.unpointed), sum((m) => m.shown)),
    medianLines: median(scored.flatMap((m) => m.firstLines)),
    ...(withSymbols.length > 0 ? {
      symbolAcc: Object.fromEntries(SYMBOL_KS.map((k) => [k, share(withSymbols.reduce((s, m) => s + (m.symbolAcc?.[k] ?? 0), 0), withSymbols.length)])) as NonNullable<PointerSummary["symbolAcc"]>,
    } : {}),
  };
}

/** The median of `values` (the mean of the middle two for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
