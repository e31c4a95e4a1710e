import type { EvalRow } from "./dataset.js";
import { scoreRanking, summarizeMetrics, type MetricSummary, type QueryMetrics } from "./metrics.js";

/** Ranks issues against one opened tree. */
export interface TreeRanker {
  /** `row` is the dataset row being ranked (e.g. for `eval --history` to find the fixes before it). */
  rank(issueText: string, row: EvalRow): Promise<RankedPaths> | RankedPaths;
}

/** A ranking as the evaluation needs it: paths best first, and the mode that produced them. */
export interface RankedPaths {
  readonly paths: readonly string[];
  readonly mode: string;
}

/** Progress of a running evaluation, reported after each row. */
export interface EvalProgress {
  readonly done: number;
  readonly total: number;
  readonly id: string;
  readonly repo: string;
  readonly elapsedMs: number;
}

/** Side effects of an evaluation, injected. */
export interface EvalDeps {
  /** Indexes (or reuses) the tree of `repo` at `commit`. Called once per distinct tree; rows arrive grouped by repo. */
  openTree(repo: string, commit: string): Promise<TreeRanker>;
  /**
   * When a tree was committed (any monotonic number). Trees of a repository are opened oldest first, so consecutive
   * trees share most contents and an incremental index re-analyses few files. Default: dataset order.
   */
  treeTime?(repo: string, commit: string): number;
  /** Called when all trees of a repository are done, e.g. to close its store. */
  closeRepo?(repo: string): Promise<void> | void;
  /** Receives each result line (JSON, no newline) as soon as its row is ranked. */
  writeLine(line: string): Promise<void> | void;
  /** Milliseconds, monotonic. */
  now(): number;
  onProgress?(progress: EvalProgress): void;
}

/** One row's outcome. `error` is set when its tree could not be opened or ranking failed; it then scores 0. */
export interface RowResult {
  readonly id: string;
  readonly repo: string;
  readonly ranking: readonly string[];
  readonly mode: string;
  readonly ms: number;
  readonly metrics: QueryMetrics;
  readonly error?: string;
}

/** Metrics overall and per repository (sorted by name), plus every row's result. */
export interface EvalReport {
  readonly overall: MetricSummary;
  readonly byRepo: ReadonlyMap<string, MetricSummary>;
  readonly rows: readonly RowResult[];
  readonly errors: number;
}

/**
 * Runs every row: groups rows by repository and tree so each tree is opened once and each repository's store is
 * reused across its trees, ranks each issue, writes `{"id","ranking","mode","ms"}` per row and returns the metrics.
 * A row whose tree fails to open is recorded with its error and an empty ranking (it counts as a miss).
 */
export async function evaluateDataset(deps: EvalDeps, rows: readonly EvalRow[]): Promise<EvalReport> {
  const started = deps.now();
  const byRepo = new Map<string, Map<string, EvalRow[]>>();
  for (const row of rows) {
    const trees = byRepo.get(row.repo) ?? new Map<string, EvalRow[]>();
    byRepo.set(row.repo, trees);
    trees.set(row.baseCommit, [...(trees.get(row.baseCommit) ?? []), row]);
  }
  const results = new Map<string, RowResult>();
  let done = 0;
  const record = async (row: EvalRow, r: Omit<RowResult, "metrics" | "id" | "repo">): Promise<void> => {
    const result = { id: row.id, repo: row.repo, ...r, metrics: scoreRanking(r.ranking, row.goldFiles) };
    results.set(row.id, result);
    await deps.writeLine(JSON.stringify({ id: row.id, ranking: r.ranking, mode: r.mode, ms: r.ms, ...(r.error ? { error: r.error } : {}) }));
    done++;
    deps.onProgress?.({ done, total: rows.length, id: row.id, repo: row.repo, elapsedMs: deps.now() - started });
  };

  for (const [repo, trees] of [...byRepo].sort(([a], [b]) => (a < b ? -1 : 1))) {
    try {
      for (const [commit, treeRows] of orderTrees(deps, repo, trees)) {
        let ranker: TreeRanker;
        try {
          ranker = await deps.openTree(repo, commit);
        } catch (e) {
          for (const row of treeRows) await record(row, { ranking: [], mode: "none", ms: 0, error: message(e) });
          continue;
        }
        for (const row of treeRows) {
          const t0 = deps.now();
          try {
            const ranked = await ranker.rank(row.body, row);
            await record(row, { ranking: ranked.paths, mode: ranked.mode, ms: round(deps.now() - t0) });
          } catch (e) {
            await record(row, { ranking: [], mode: "none", ms: round(deps.now() - t0), error: message(e) });
          }
        }
      }
    } finally {
      await deps.closeRepo?.(repo);
    }
  }

  const ordered = rows.map((r) => results.get(r.id)).filter((r): r is RowResult => r !== undefined);
  const repoNames = [...new Set(ordered.map((r) => r.repo))].sort();
  return {
    overall: summarizeMetrics(ordered.map((r) => r.metrics)),
    byRepo: new Map(repoNames.map((name) => [name, summarizeMetrics(ordered.filter((r) => r.repo === name).map((r) => r.metrics))])),
    rows: ordered,
    errors: ordered.filter((r) => r.error !== undefined).length,
  };
}

function orderTrees(deps: EvalDeps, repo: string, trees: Map<string, EvalRow[]>): [string, EvalRow[]][] {
  const entries = [...trees];
  if (!deps.treeTime) return entries;
  const time = new Map(entries.map(([commit]) => [commit, safeTime(deps, repo, commit)]));
  // Stable: equal or unknown times keep dataset order.
  return entries.sort(([a], [b]) => {
    const ta = time.get(a)!;
    const tb = time.get(b)!;
    return ta === tb ? 0 : ta - tb;
  });
}

function safeTime(deps: EvalDeps, repo: string, commit: string): number {
  try {
    const t = deps.treeTime!(repo, commit);
    return Number.isFinite(t) ? t : Infinity;
  } catch {
    return Infinity;
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
