import { scoreDense } from "../rank/dense-score.js";
import { fuseRankings, type FuseOptions } from "../rank/fuse.js";
import { planMode, type ModePlan, type PlanOptions, type RequestedMode } from "../rank/plan-mode.js";
import { recordDenseFailure, recordDenseSuccess, recordIndexLoad } from "../rank/plan-mode-stats.js";
import type { RankedFile, Ranking } from "../rank/types.js";
import type { EmbeddingRepo } from "../store/embedding-repo.js";
import type { DenseRuntime, RunningFill } from "./dense-runtime.js";
import { EmbedError } from "./embed-error.js";
import type { Embedder, EmbedLogger } from "./embedder.js";
import { fillEmbeddings, type FillReport } from "./fill-embeddings.js";
import type { SourceReader } from "./source-reader.js";

/** Dependencies of one dense-first ranking; every side effect arrives here. */
export interface DenseRankingDeps {
  /** Absent when no API key is configured: every request is lexical. */
  readonly embedder?: Embedder;
  readonly repo: EmbeddingRepo;
  readonly source: SourceReader;
  /** The lexical ranker over the same index (BM25F), best first. */
  readonly rankLexical: (query: string) => readonly RankedFile[] | Promise<readonly RankedFile[]>;
  readonly clock: { now(): number };
  readonly runtime: DenseRuntime;
  readonly logger?: EmbedLogger;
  /** Runs background work (the fill); default: detached in this process. The app may route it to its queue. */
  readonly schedule?: (job: () => Promise<void>) => void;
  /** Arms the deadline; default `setTimeout`. Returns a function that disarms it. */
  readonly setTimer?: (ms: number, fire: () => void) => () => void;
}

/** One ranking request. */
export interface DenseRankingRequest {
  readonly query: string;
  readonly mode: RequestedMode;
  /** Time allowed for the whole ranking (the settings' `latency_budget_ms`). */
  readonly budgetMs: number;
  /** Files returned. */
  readonly limit: number;
  /** Keeps only matching paths in the dense list (the request's include/exclude globs); the lexical list is the caller's. */
  readonly filter?: (path: string) => boolean;
  readonly plan?: Partial<PlanOptions>;
  readonly fuse?: FuseOptions;
}

/** Sentinel abort reason for a missed deadline, to tell it from any other cancellation. */
const DEADLINE = Symbol("dense deadline");

/**
 * Ranks files for an issue dense-first within a latency budget. Asks the planner for a mode, runs it, and falls
 * back to the lexical ranking with a reason when the dense path misses its deadline or the embedder fails; it never
 * throws for an embedder failure (store and programming errors still propagate). Starts a background fill when the
 * plan says so. Every decision is logged at info.
 */
export async function runDenseRanking(deps: DenseRankingDeps, request: DenseRankingRequest): Promise<Ranking> {
  const started = deps.clock.now();
  const { runtime, embedder } = deps;
  let lexicalOnce: Promise<readonly RankedFile[]> | undefined;
  const rankLexicalOnce = (): Promise<readonly RankedFile[]> => (lexicalOnce ??= Promise.resolve(deps.rankLexical(request.query)));
  const coverage = embedder ? readCoverage(deps, embedder) : undefined;
  const plan = planMode(
    {
      requested: request.mode,
      hasKey: embedder !== undefined,
      totalTokens: coverage?.totalTokens ?? 0,
      missingTokens: coverage?.missingTokens ?? 0,
      denseUnits: coverage?.embedded ?? 0,
      indexCached: runtime.index !== undefined,
      fillRunning: runtime.fill !== undefined,
      stats: runtime.stats,
      // Reading coverage took time already: plan with what is left.
      budgetMs: request.budgetMs - (deps.clock.now() - started),
      nowMs: deps.clock.now(),
    },
    request.plan,
  );
  if (plan.fillInBackground && embedder) startBackgroundFill(deps, embedder);
  if (plan.preloadIndex && embedder) preloadIndex(deps, embedder);
  const lexical = async (reason: string): Promise<Ranking> => {
    const files = (await rankLexicalOnce()).slice(0, request.limit);
    return finish({ mode: "bm25", reason, files: [...files], ms: 0 });
  };
  const finish = (ranking: Ranking): Ranking => {
    const result = { ...ranking, ms: deps.clock.now() - started };
    deps.logger?.info({ mode: result.mode, reason: result.reason, estimates: plan.estimates, ms: result.ms }, "ranking mode chosen");
    return result;
  };
  if (plan.mode === "bm25" || !embedder) return lexical(plan.reason);

  const controller = new AbortController();
  const disarm = (deps.setTimer ?? defaultTimer)(Math.max(0, plan.deadlineMs - deps.clock.now()), () => controller.abort(DEADLINE));
  try {
    const files = await runDensePath(deps, embedder, request, plan, controller.signal, rankLexicalOnce);
    runtime.stats = recordDenseSuccess(runtime.stats);
    if (files.length === 0) return lexical(`${plan.mode} found no cached vectors: lexical ranking`);
    return finish({ mode: plan.mode, reason: plan.reason, files, ms: 0 });
  } catch (error) {
    if (!(error instanceof EmbedError)) throw error;
    const missed = controller.signal.aborted && controller.signal.reason === DEADLINE;
    const what = missed ? `missed its ${Math.round(plan.deadlineMs - started)} ms deadline` : `failed (${error.kind}${error.status ? ` ${error.status}` : ""})`;
    runtime.stats = recordDenseFailure(runtime.stats, missed ? "deadline" : error.kind, deps.clock.now());
    deps.logger?.warn({ mode: plan.mode, kind: error.kind, status: error.status, missed }, "dense ranking fell back to lexical");
    return lexical(`${plan.mode} ${what}: lexical fallback`);
  } finally {
    disarm();
  }
}

async function runDensePath(
  deps: DenseRankingDeps,
  embedder: Embedder,
  request: DenseRankingRequest,
  plan: ModePlan,
  signal: AbortSignal,
  rankLexical: () => Promise<readonly RankedFile[]>,
): Promise<RankedFile[]> {
  if (plan.fillFirst) {
    const report = await fillEmbeddings({ repo: deps.repo, embedder, source: deps.source, logger: deps.logger }, { signal });
    if (report.embedded > 0) deps.runtime.epoch++;
    if (report.error) throw report.error;
  }
  const lexical = plan.mode === "hybrid" ? rankLexical() : undefined;
  deps.runtime.cancelPreload?.(); // this request loads the matrix itself; a preload firing mid-request would stall it
  const query = await embedder.embedQuery(request.query, { signal });
  // From here on the work is local and finite: a result that is ready is better than a lexical one computed late.
  const index = loadIndex(deps, embedder);
  const scored = scoreDense(index, query, { limit: request.filter ? index.files.length : Math.max(request.limit, 200) });
  const dense = request.filter ? scored.filter((f) => request.filter!(f.path)).slice(0, Math.max(request.limit, 200)) : scored;
  if (!lexical || dense.length === 0) return dense.slice(0, request.limit);
  return fuseRankings([{ files: await lexical }, { files: dense }], { ...request.fuse, limit: request.limit });
}

/** Coverage from the runtime while the store state is unchanged, otherwise computed afresh. */
function readCoverage(deps: DenseRankingDeps, embedder: Embedder) {
  const key = `${embedder.modelKey}|${deps.repo.denseStateKey()}|${deps.runtime.epoch}`;
  if (deps.runtime.coverage?.key === key) return deps.runtime.coverage.value;
  const value = deps.repo.coverage(embedder.modelKey);
  deps.runtime.coverage = { key, value };
  return value;
}

/** The cached matrix when the store has not changed since it was loaded; otherwise a fresh load, timed. */
function loadIndex(deps: DenseRankingDeps, embedder: Embedder) {
  const key = `${embedder.modelKey}|${deps.repo.denseStateKey()}|${deps.runtime.epoch}`;
  if (deps.runtime.index?.key === key) return deps.runtime.index.index;
  const t0 = deps.clock.now();
  const index = deps.repo.loadDenseIndex(embedder.modelKey, embedder.dims);
  deps.runtime.stats = recordIndexLoad(deps.runtime.stats, index.units.length, deps.clock.now() - t0);
  deps.runtime.index = { key, index };
  return index;
}

/** Loads the dense matrix off the request path, so that the next request can afford dense. */
function preloadIndex(deps: DenseRankingDeps, embedder: Embedder): void {
  const { runtime } = deps;
  if (runtime.cancelPreload) return;
  let cancelled = false;
  runtime.cancelPreload = () => {
    cancelled = true;
    runtime.cancelPreload = undefined;
  };
  const detached = (run: () => Promise<void>): void => {
    run().catch((error: unknown) => deps.logger?.warn({ error: error instanceof Error ? error.message : String(error) }, "dense matrix preload failed"));
  };
  // Deferred by a timer so the current request finishes answering before the (synchronous) load runs.
  (deps.schedule ?? detached)(() => new Promise<void>((resolve, reject) => {
    (deps.setTimer ?? defaultTimer)(0, () => {
      if (cancelled) return resolve();
      runtime.cancelPreload = undefined;
      try {
        loadIndex(deps, embedder);
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  }));
}

/** Starts filling missing vectors unless a fill is running; the runtime tracks it and clears it when it ends. */
export function startBackgroundFill(deps: DenseRankingDeps, embedder: Embedder): void {
  const { runtime } = deps;
  if (runtime.fill) return;
  const controller = new AbortController();
  let resolveDone!: (report: FillReport) => void;
  const done = new Promise<FillReport>((resolve) => (resolveDone = resolve));
  const fill: RunningFill = { done, controller };
  runtime.fill = fill;
  const job = async (): Promise<void> => {
    const fallback: FillReport = { outcome: "failed", files: 0, skippedFiles: 0, embedded: 0, tokensEstimated: 0 };
    let report = fallback;
    try {
      report = await fillEmbeddings(
        { repo: deps.repo, embedder, source: deps.source, logger: deps.logger },
        { signal: controller.signal, onProgress: (p) => ((fill.progress = p), runtime.epoch++) },
      );
      if (report.error && report.outcome === "failed") runtime.stats = recordDenseFailure(runtime.stats, report.error.kind, deps.clock.now());
      deps.logger?.info({ outcome: report.outcome, embedded: report.embedded, files: report.files }, "embedding fill finished");
    } finally {
      if (runtime.fill === fill) runtime.fill = undefined;
      resolveDone(report);
    }
  };
  const detached = (run: () => Promise<void>): void => {
    run().catch((error: unknown) => deps.logger?.warn({ error: error instanceof Error ? error.message : String(error) }, "embedding fill crashed"));
  };
  // Deferred by a timer: the fill's first steps (listing work, chunking files) are synchronous and belong after
  // the answer, not before it.
  (deps.schedule ?? detached)(() => new Promise<void>((resolve) => (deps.setTimer ?? defaultTimer)(0, () => resolve())).then(job));
}

function defaultTimer(ms: number, fire: () => void): () => void {
  const handle = setTimeout(fire, ms);
  return () => clearTimeout(handle);
}
