import { scoreDense } from "../rank/dense/dense-score.js";
import { fuseRankings, type FuseOptions } from "../rank/fuse.js";
import { planMode, type ModePlan, type PlanOptions, type RequestedMode } from "../rank/plan-mode.js";
import { recordDenseFailure, recordDenseSuccess } from "../rank/plan-mode-stats.js";
import type { RankedFile, Ranking } from "../rank/types.js";
import type { EmbeddingRepo } from "../store/embedding-repo.js";
import type { DenseRuntime } from "./dense-runtime.js";
import { loadIndex, readCoverage } from "./dense-state-cache.js";
import { EmbedError } from "./embed-error.js";
import type { Embedder, EmbedLogger } from "./embedder.js";
import { fillEmbeddings } from "./fill-embeddings.js";
import type { SourceReader } from "./source-reader.js";
import { defaultTimer, preloadIndex, startBackgroundFill } from "./start-background-work.js";

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
      budgetMs: request.budgetMs,
      // Reading coverage took time already: the plan works with what is left.
      elapsedMs: deps.clock.now() - started,
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
