import type { EvalRow } from "./dataset.js";

/** One repository's rows, one entry per tree (base commit) with the rows ranked against it. */
export interface RepositoryTrees {
  readonly repo: string;
  readonly trees: readonly (readonly [commit: string, rows: readonly EvalRow[]])[];
}

/**
 * Groups rows by repository (sorted by name) and tree, so each tree is opened once and one store per repository
 * follows its trees. With `treeTime` a repository's trees come oldest first, so consecutive trees differ little and
 * a store re-analyses only what changed; equal or unknown times (a throwing or non-finite `treeTime`) keep dataset
 * order, last. Pure apart from `treeTime`.
 */
export function groupRowsByTree(
  rows: readonly EvalRow[],
  treeTime?: (repo: string, commit: string) => number,
): RepositoryTrees[] {
  const byRepo = new Map<string, Map<string, EvalRow[]>>();
  for (const row of rows) {
    const trees = byRepo.get(row.repo) ?? new Map<string, EvalRow[]>();
    byRepo.set(row.repo, trees);
    trees.set(row.baseCommit, [...(trees.get(row.baseCommit) ?? []), row]);
  }
  return [...byRepo]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([repo, trees]) => ({ repo, trees: orderTrees(repo, [...trees], treeTime) }));
}

function orderTrees(
  repo: string,
  entries: [string, EvalRow[]][],
  treeTime: ((repo: string, commit: string) => number) | undefined,
): [string, EvalRow[]][] {
  if (!treeTime) return entries;
  const time = new Map(entries.map(([commit]) => [commit, safeTime(treeTime, repo, commit)]));
  // Stable: equal or unknown times keep dataset order.
  return entries.sort(([a], [b]) => {
    const ta = time.get(a)!;
    const tb = time.get(b)!;
    return ta === tb ? 0 : ta - tb;
  });
}

function safeTime(treeTime: (repo: string, commit: string) => number, repo: string, commit: string): number {
  try {
    const t = treeTime(repo, commit);
    return Number.isFinite(t) ? t : Infinity;
  } catch {
    return Infinity;
  }
}
