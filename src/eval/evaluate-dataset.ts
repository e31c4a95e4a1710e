import { classifyIssueText } from "../issue-type/classify-issue-text.js";
import type { EvalRow } from "./dataset.js";
import type { IssueType } from "../issue-type/types.js";
import { groupRowsByTree } from "./group-rows.js";
import { chooseNegativeTrees } from "./negative-trees.js";
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
  /** What the confidence was computed from (`ConfidenceFeatures`), written to the run line for a fit. */
  readonly features?: Readonly<Record<string, number>>;
  /** Whether BugScout would comment by itself under the default settings (`decideComment`). */
  readonly comment?: boolean;
  /** The issue's type, when it was read. */
  readonly issueType?: IssueType;
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
  /** The ranking's confidence (0 to 1), when the ranker gave one. */
  readonly confidence?: number;
  /** Files the comment would show; undefined without `shownCut` or scores. */
  readonly shown?: ShownMetrics;
  /** Whether BugScout would comment by itself under the default settings, when the ranker said. */
  readonly comment?: boolean;
  readonly error?: string;
}

/** An issue ranked against another repository's tree (`eval --negatives`): nothing there can be right. */
export interface NegativeResult {
  readonly id: string;
  /** The issue's repository and language. */
  readonly repo: string;
  readonly lang: string;
  /** The repository whose tree it was ranked against. */
  readonly tree: string;
  readonly confidence: number;
}

/** How an evaluation runs beyond its rows. */
export interface EvalOptions {
  /**
   * Also rank each row's issue against the last tree of another repository (`chooseNegativeTrees`), right after
   * that repository's own rows, while its tree is still open: a negative line per row, `"negative": true`.
   */
  readonly negatives?: boolean;
}

/** Metrics overall, per language and per repository (each sorted by name), plus every row's result. */
export interface EvalReport {
  readonly overall: MetricSummary;
  readonly byLanguage: ReadonlyMap<string, MetricSummary>;
  readonly byRepo: ReadonlyMap<string, MetricSummary>;
  readonly rows: readonly RowResult[];
  /** With `negatives`: every issue ranked against another repository's tree (rows that failed are left out). */
  readonly negatives?: readonly NegativeResult[];
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
export async function evaluateDataset(deps: EvalDeps, rows: readonly EvalRow[], options: EvalOptions = {}): Promise<EvalReport> {
  const started = deps.now();
  const results = new Map<string, RowResult>();
  let done = 0;
  const record = async (
    row: EvalRow,
    r: Omit<RowResult, "metrics" | "pointerMetrics" | "shown" | "id" | "repo" | "lang"> & Pick<RankedPaths, "pointers" | "symbols" | "features" | "scores" | "issueType">,
  ): Promise<void> => {
    const { pointers = [], symbols, features, scores, issueType, ...rest } = r;
    const pointerMetrics = scorePointers(r.ranking, pointers, row.goldLines, symbols);
    // A failed row shows nothing and counts as a miss, as in the file metrics.
    const shown = deps.shownCut ? scoreShown(r.ranking, scores ?? [], row.goldFiles, deps.shownCut) : undefined;
    const result = { id: row.id, repo: row.repo, lang: row.lang, ...rest, metrics: scoreRanking(r.ranking, row.goldFiles), ...(pointerMetrics ? { pointerMetrics } : {}), ...(shown ? { shown } : {}) };
    results.set(row.id, result);
    await deps.writeLine(JSON.stringify({
      id: row.id, ranking: r.ranking, ...(scores ? { scores: scores.map((x) => Number(x.toFixed(4))) } : {}), mode: r.mode, ms: r.ms, symbols: pointers,
      ...(symbols ? { top_symbols: symbols } : {}), ...confidenceFields(r.confidence, features), ...decisionFields(r.comment, issueType ?? classifyIssueText(row.body)),
      ...(r.error ? { error: r.error } : {}),
    }));
    done++;
    deps.onProgress?.({ done, total: rows.length, id: row.id, repo: row.repo, elapsedMs: deps.now() - started });
  };

  const negatives: NegativeResult[] = [];
  const negativeRows = options.negatives ? rowsByNegativeTree(rows) : new Map<string, EvalRow[]>();
  /** Ranks other repositories' issues against `tree`, the last tree of `repo`; a failed ranking is left out. */
  const rankNegatives = async (repo: string, tree: TreeRanker): Promise<void> => {
    for (const row of negativeRows.get(repo) ?? []) {
      const t0 = deps.now();
      let ranked: RankedPaths;
      try {
        ranked = await tree.rank(row.body, row);
      } catch {
        continue;
      }
      const confidence = ranked.confidence ?? 0;
      negatives.push({ id: row.id, repo: row.repo, lang: row.lang, tree: repo, confidence });
      await deps.writeLine(JSON.stringify({
        id: `${row.id}~negative`, negative: true, issue: row.id, tree_repo: repo, ranking: ranked.paths, mode: ranked.mode,
        ms: round(deps.now() - t0), ...confidenceFields(confidence, ranked.features), ...decisionFields(ranked.comment, ranked.issueType),
      }));
    }
  };

  for (const { repo, trees } of groupRowsByTree(rows, deps.treeTime?.bind(deps))) {
    try {
      let last: TreeRanker | undefined;
      for (const [commit, treeRows] of trees) {
        let ranker: TreeRanker;
        try {
          ranker = await deps.openTree(repo, commit);
        } catch (e) {
          for (const row of treeRows) await record(row, { ranking: [], mode: "none", ms: 0, error: message(e) });
          continue;
        }
        last = ranker;
        for (const row of treeRows) {
          const t0 = deps.now();
          try {
            const ranked = await ranker.rank(row.body, row);
            await record(row, {
              ranking: ranked.paths, ...(ranked.scores ? { scores: ranked.scores } : {}), mode: ranked.mode, ms: round(deps.now() - t0), pointers: ranked.pointers, symbols: ranked.symbols,
              ...(ranked.confidence !== undefined ? { confidence: ranked.confidence } : {}), ...(ranked.features ? { features: ranked.features } : {}),
              ...(ranked.comment !== undefined ? { comment: ranked.comment } : {}), ...(ranked.issueType ? { issueType: ranked.issueType } : {}),
            });
          } catch (e) {
            await record(row, { ranking: [], mode: "none", ms: round(deps.now() - t0), error: message(e) });
          }
        }
      }
      if (last) await rankNegatives(repo, last);
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
    ...(options.negatives ? { negatives } : {}),
    errors: ordered.filter((r) => r.error !== undefined).length,
    pointers: {
      overall: summarizePointers(ordered.map((r) => r.pointerMetrics)),
      byLanguage: summarizePointersBy(ordered, (r) => r.lang),
      byRepo: summarizePointersBy(ordered, (r) => r.repo),
    },
    ...(deps.shownCut ? { shown: { overall: summarizeShown(ordered.flatMap((r) => (r.shown ? [r.shown] : []))), byLanguage: summarizeShownBy(ordered) } } : {}),
  };
}

/** The rows to rank against each repository's tree as negatives: repository → other repositories' rows. */
function rowsByNegativeTree(rows: readonly EvalRow[]): Map<string, EvalRow[]> {
  const target = chooseNegativeTrees(rows);
  const byTree = new Map<string, EvalRow[]>();
  for (const row of rows) {
    const tree = target.get(row.repo);
    if (tree !== undefined) byTree.set(tree, [...(byTree.get(tree) ?? []), row]);
  }
  return byTree;
}

/** The run line's `confidence` (4 decimals) and `confidence_features` (6 decimals), when given. */
function confidenceFields(confidence: number | undefined, features: Readonly<Record<string, number>> | undefined): Record<string, unknown> {
  return {
    ...(confidence !== undefined ? { confidence: Number(confidence.toFixed(4)) } : {}),
    ...(features ? { confidence_features: Object.fromEntries(Object.entries(features).map(([k, v]) => [k, Number(v.toFixed(6))])) } : {}),
  };
}

/** The run line's `comment` (the default settings' decision) and `issue_type`, when given. */
function decisionFields(comment: boolean | undefined, issueType: IssueType | undefined): Record<string, unknown> {
  return { ...(comment !== undefined ? { comment } : {}), ...(issueType ? { issue_type: issueType } : {}) };
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
