import type { RankedFile } from "../rank/types.js";

/**
 * The files worth a reader's time: the first, then each next one while its score is at least `minRelative` × the
 * first's, at most `topK`. A ranking whose first score is not a positive number has no scale to cut by: the first
 * `topK` are kept. Pure; the comment and `eval`'s "shown" figures both use it.
 */
export function shownFiles<T extends Pick<RankedFile, "score">>(files: readonly T[], minRelative: number, topK: number): T[] {
  const first = files[0]?.score;
  const capped = files.slice(0, Math.max(1, topK));
  if (first === undefined || !Number.isFinite(first) || first <= 0) return capped;
  const floor = first * minRelative;
  let n = 1;
  while (n < capped.length && Number.isFinite(capped[n].score) && capped[n].score >= floor) n++;
  return capped.slice(0, n);
}
