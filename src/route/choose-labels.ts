import { labelsCovering, type AreaMap } from "./area-map.js";

/** A ranked file as routing needs it: its path and score, best first. */
export interface RankedPath {
  readonly path: string;
  readonly score: number;
}

/** How far down the ranking a file may still lead it. */
export const MAX_LEADING_FILES = 3;
/**
 * A file after the first leads the ranking with it when its score is at least this share of the first's: close
 * enough that the ranking cannot tell them apart with any confidence (the comment shows such files as peers).
 */
export const LEAD_SHARE = 0.8;

/**
 * The files that lead the ranking: the first, and the next ones (within {@link MAX_LEADING_FILES}) whose scores are
 * within {@link LEAD_SHARE} of it. Their labels and owners are the issue's. Pure.
 */
export function leadingFiles(ranked: readonly RankedPath[]): RankedPath[] {
  const [first, ...rest] = ranked;
  if (!first) return [];
  const floor = Number.isFinite(first.score) && first.score > 0 ? first.score * LEAD_SHARE : Infinity;
  const close: RankedPath[] = [];
  for (const file of rest.slice(0, MAX_LEADING_FILES - 1)) {
    if (!(file.score >= floor)) break;
    close.push(file);
  }
  return [first, ...close];
}

/**
 * The area labels for a ranking, at most `max`: those covering the first leading file, then those covering the
 * next leading files, in that order. Among the labels of one file the most specific comes first (the one covering
 * the fewest of the ranked files: a catch-all such as `repo: ['**']` comes last), then map order. A first file no
 * label covers gives no label: the areas of files behind it do not lead. Pure; the caller applies the confidence floor.
 */
export function chooseAreaLabels(ranked: readonly RankedPath[], map: AreaMap, max: number): string[] {
  if (map.labels.length === 0 || max < 1) return [];
  const leading = leadingFiles(ranked);
  const covering = leading.map((file) => labelsCovering(map, file.path));
  if (!covering[0] || covering[0].length === 0) return [];
  const breadth = new Map<string, number>();
  const breadthOf = (label: string) => {
    const known = breadth.get(label);
    if (known !== undefined) return known;
    const entry = map.labels.find((l) => l.label === label)!;
    const count = ranked.filter((f) => labelsCovering({ labels: [entry] }, f.path).length > 0).length;
    breadth.set(label, count);
    return count;
  };
  const chosen: string[] = [];
  for (const labels of covering) {
    const ordered = [...labels].sort((a, b) => breadthOf(a.label) - breadthOf(b.label));
    for (const { label } of ordered) {
      if (chosen.length >= max) return chosen;
      if (!chosen.some((c) => c.toLowerCase() === label.toLowerCase())) chosen.push(label);
    }
  }
  return chosen;
}
