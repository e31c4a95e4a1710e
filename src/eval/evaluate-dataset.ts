import type { EvalRow } from "./dataset.js";
import { groupRowsByTree } from "./group-rows.js";
import { scoreRanking, summarizeMetrics, type MetricSummary, type QueryMetrics } from "./metrics.js";
import { scoreShown, summarizeShown, type ShownCut, type ShownMetrics, type ShownSummary } from "./shown-metrics.js";
import { scorePointers, summarizePointers, type Pointer, type PointerMetrics, type PointerSummary } from "./pointer-metrics.js";

/** Ranks issues against one opened tree. */
export interface TreeRanker {
  /** `row` is the dataset row being ranked (e.g. for `eval --history` to find the fixes before it). */
  rank(issueText: string, row: EvalRow): Promise<RankedPaths> | RankedPaths;
}

/** A ranking as the evaluation needs it: paths best first, the mode that produced them, and where it points. */
export interface RankedPaths {
  readonly paths: readonly string[];
  /** The files' scores, aligned with `paths` (for the files the comment would show). */
  readonly scores?: readonly number[];
  readonly mode: string;
  /** Every pointer shown (a symbol or line window per file, each file's best first), in the order shown. */
  readonly pointers?: readonly Pointer[];
  /** The cross-file symbol ranking (`rank --symbols`), best first. */
  readonly symbols?: readonly Pointer[];
  /** The ranking's confidence (0 to 1), as the comment and the area labels use it. */
  readonly confidence?: number;
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
  /** The comment's relative cut, for the "files shown" figures; absent: no such figures. */
  readonly shownCut?: ShownCut;
}

/** One row's outcome. `error` is set when its tree could not be opened or ranking failed; it then scores 0. */
export interface RowResult {
  readonly id: string;
  readonly repo: string;
  readonly lang: string;
  readonly ranking: readonly string[];
  readonly mode: string;
  readonly ms: number;
  readonly metrics: QueryMetrics;
  /** Pointer quality; undefined when the row has no gold lines. */
  readonly pointerMetrics?: PointerMetrics;
  /** Files the comment would show; undefined without `shownCut` or scores. */
  readonly shown?: ShownMetrics;
  readonly error?: string;
}

/** Metrics overall, per language and per repository (each sorted by name), plus every row's result. */
export interface EvalReport {
  readonly overall: MetricSummary;
  readonly byLanguage: ReadonlyMap<string, MetricSummary>;
  readonly byRepo: ReadonlyMap<string, MetricSummary>;
  readonly rows: readonly RowResult[];
  readonly errors: number;
  /** Pointer quality overall, per language and per repository (rows with gold lines only); absent in a backtest. */
  readonly pointers?: {
    readonly overall: PointerSummary;
    readonly byLanguage: ReadonlyMap<string, PointerSummary>;
    readonly byRepo: ReadonlyMap<string, PointerSummary>;
  };
  /** Files the comment would show (the relative cut), overall and per language; absent without `shownCut`. */
  readonly shown?: {
    readonly overall: ShownSummary;
    readonly byLanguage: ReadonlyMap<string, ShownSummary>;
  };
}

/**
 * Runs every row: groups rows by repository and tree so each tree is opened once and each repository's store is
 * reused across its trees, ranks each issue, writes `{"id","ranking","mode","ms","symbols"}` per row (`symbols`: the
 * pointers in the order shown, `top_symbols`: the cross-file symbol ranking) and returns the file and pointer metrics.
 * A row whose tree fails to open is recorded with its error and an empty ranking (it counts as a miss).
 */
export async function evaluateDataset(deps: EvalDeps, rows: readonly EvalRow[]): Promise<EvalReport> {
  const started = deps.now();
  const results = new Map<string, RowResult>();
  let done = 0;
  const record = async (
    row: EvalRow,
    r: Omit<RowResult, "metrics" | "pointerMetrics" | "shown" | "id" | "repo" | "lang"> & Pick<RankedPaths, "pointers" | "symbols" | "confidence" | "scores">,
  ): Promise<void> => {
    const { pointers = [], symbols, confidence, scores, ...rest } = r;
    const pointerMetrics = scorePointers(r.ranking, pointers, row.goldLines, symbols);
    // A failed row shows nothing and counts as a miss, as in the file metrics.
    const shown = deps.shownCut ? scoreShown(r.ranking, scores ?? [], row.goldFiles, deps.shownCut) : undefined;
    const result = { id: row.id, repo: row.repo, lang: row.lang, ...rest, metrics: scoreRanking(r.ranking, row.goldFiles), ...(pointerMetrics ? { pointerMetrics } : {}), ...(shown ? { shown } : {}) };
    results.set(row.id, result);
    await deps.writeLine(JSON.stringify({
      id: row.id, ranking: r.ranking, ...(scores ? { scores: scores.map((x) => Number(x.toFixed(4))) } : {}), mode: r.mode, ms: r.ms, symbols: pointers,
      ...(symbols ? { top_symbols: symbols } : {}), ...(confidence !== undefined ? { confidence: Number(confidence.toFixed(4)) } : {}), ...(r.error ? { error: r.error } : {}),
    }));
    done++;
    deps.onProgress?.({ done, total: rows.length, id: row.id, repo: row.repo, elapsedMs: deps.now() - started });
  };

  for (const { repo, trees } of groupRowsByTree(rows, deps.treeTime?.bind(deps))) {
    try {
      for (const [commit, treeRows] of trees) {
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
            await record(row, { ranking: ranked.paths, ...(ranked.scores ? { scores: ranked.scores } : {}), mode: ranked.mode, ms: round(deps.now() - t0), pointers: ranked.pointers, symbols: ranked.symbols, ...(ranked.confidence !== undefined ? { confidence: ranked.confidence } : {}) });
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
  return {
    overall: summarizeMetrics(ordered.map((r) => r.metrics)),
    byLanguage: summarizeBy(ordered, (r) => r.lang),
    byRepo: summarizeBy(ordered, (r) => r.repo),
    rows: ordered,
    errors: ordered.filter((r) => r.error !== undefined).length,
    pointers: {
      overall: summarizePointers(ordered.map((r) => r.pointerMetrics)),
      byLanguage: summarizePointersBy(ordered, (r) => r.lang),
      byRepo: summarizePointersBy(ordered, (r) => r.repo),
    },
    ...(deps.shownCut ? { shown: { overall: summarizeShown(ordered.flatMap((r) => (r.shown ? [r.shown] : []))), byLanguage: summarizeShownBy(ordered) } } : {}),
  };
}

/** Files shown per language, languages sorted by name. */
function summarizeShownBy(rows: readonly RowResult[]): Map<string, ShownSummary> {
  const names = [...new Set(rows.map((r) => r.lang))].sort();
  return new Map(names.map((name) => [name, summarizeShown(rows.filter((r) => r.lang === name).flatMap((r) => (r.shown ? [r.shown] : [])))]));
}

/** Pointer quality per group, groups sorted by name. */
function summarizePointersBy(rows: readonly RowResult[], key: (r: RowResult) => string): Map<string, PointerSummary> {
  const names = [...new Set(rows.map(key))].sort();
  return new Map(names.map((name) => [name, summarizePointers(rows.filter((r) => key(r) === name).map((r) => r.pointerMetrics))]));
}

/** Metrics per group, groups sorted by name. */
export function summarizeBy(rows: readonly RowResult[], key: (r: RowResult) => string): Map<string, MetricSummary> {
  const names = [...new Set(rows.map(key))].sort();
  return new Map(names.map((name) => [name, summarizeMetrics(rows.filter((r) => key(r) === name).map((r) => r.metrics))]));
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
