import type { DenseCostStats } from "./plan-mode-stats.js";
import type { RankMode } from "./types.js";

/** What a request asks for; `auto` lets the planner choose. */
export type RequestedMode = "auto" | RankMode;

/** Everything the planner looks at; the caller gathers it (clock readings passed in as numbers). */
export interface PlanInput {
  readonly requested: RequestedMode;
  /** Whether an embedder (a Voyage key) is configured. */
  readonly hasKey: boolean;
  /** Estimated tokens of the whole tree's dense units, and of those without a cached vector. */
  readonly totalTokens: number;
  readonly missingTokens: number;
  /** Units with a vector, and whether their matrix is already in memory. */
  readonly denseUnits: number;
  readonly indexCached: boolean;
  /** A background fill is already running for this repository. */
  readonly fillRunning: boolean;
  readonly stats: DenseCostStats;
  /** Time allowed for the whole ranking. */
  readonly budgetMs: number;
  /** Time the request has already spent (reading coverage, say) by `nowMs`. Default 0. */
  readonly elapsedMs?: number;
  readonly nowMs: number;
}

/** Tunables of the planner, all with documented defaults. */
export interface PlanOptions {
  /** Share of tokens cached from which the tree counts as warm. Default 0.98: a few fresh files do not matter. */
  readonly warmThreshold: number;
  /**
   * Below warm but at least this share cached, `auto` runs hybrid: dense covers the cached files and the lexical
   * list covers the rest. Default 0.5; below it the dense list would miss too much to help.
   */
  readonly hybridFloor: number;
  /**
   * What `auto` runs on a warm tree. Default `hybrid`: dense recall plus the lexical ranker's stack-frame and path
   * evidence, for the price of one lexical ranking (tens of ms).
   */
  readonly warmMode: "dense" | "hybrid";
  /** Time kept back for the lexical fallback after a missed deadline. Default 300 ms. */
  readonly lexicalReserveMs: number;
  /** Requests the fill runs in parallel (the embedder's concurrency). Default 4. */
  readonly concurrency: number;
  /** Tokens per request the fill sends. Default 120,000 (voyage-code-3). */
  readonly batchTokens: number;
  /** The account's rate limit in tokens per minute. Default 3,000,000 (Voyage tier 1). */
  readonly tokensPerMinute: number;
  /** After a dense failure, lexical only for this long. Default 60 s: a down service is not hammered per issue. */
  readonly failureCooldownMs: number;
  /** Fixed cost of scoring and fusing once the matrix is loaded. Default 30 ms (bench: ~5 ms per 100,000 units). */
  readonly scoreMs: number;
}

/** The planner's decision. */
export interface ModePlan {
  readonly mode: RankMode;
  /** One sentence for logs, `--json` and the comment footer. */
  readonly reason: string;
  /** Embed the missing units before ranking (they fit in the budget). */
  readonly fillFirst: boolean;
  /** Start (or keep) filling missing units in the background after answering. */
  readonly fillInBackground: boolean;
  /**
   * Load the dense matrix in the background: the request runs lexically only because the matrix is not in memory
   * yet, and a later request would fit once it is.
   */
  readonly preloadIndex: boolean;
  /** Clock time by which the dense path must be done, or the caller falls back to lexical. */
  readonly deadlineMs: number;
  /** The estimates behind the decision, in ms. */
  readonly estimates: { readonly queryMs: number; readonly fillMs: number };
}

export const DEFAULT_PLAN_OPTIONS: PlanOptions = {
  warmThreshold: 0.98,
  hybridFloor: 0.5,
  warmMode: "hybrid",
  lexicalReserveMs: 300,
  concurrency: 4,
  batchTokens: 120_000,
  tokensPerMinute: 3_000_000,
  failureCooldownMs: 60_000,
  scoreMs: 30,
};

/** Estimated wall time to embed `tokens` tokens with the given statistics and limits. */
export function estimateFillMs(tokens: number, stats: DenseCostStats, o: PlanOptions): number {
  if (tokens <= 0) return 0;
  const requests = Math.ceil(tokens / o.batchTokens);
  const oneStream = requests * stats.requestLatencyMs + (tokens / 1000) * stats.msPerKToken;
  const rateLimited = (tokens / o.tokensPerMinute) * 60_000;
  return Math.max(oneStream / Math.max(1, Math.min(o.concurrency, requests)), rateLimited);
}

/**
 * Chooses the ranking mode for one request. Pure: same input, same plan. The rules, in order: no key → bm25;
 * bm25 requested → bm25; a recent dense failure → bm25 during the cool-down; a warm tree → the requested dense
 * mode (auto: `warmMode`) when a query fits the budget; a cold tree whose gap can be embedded within the budget
 * → fill first, then dense; partly warm → hybrid now with a background fill; otherwise bm25 now with a
 * background fill so that a later request finds the tree warm.
 */
export function planMode(input: PlanInput, options: Partial<PlanOptions> = {}): ModePlan {
  const o = { ...DEFAULT_PLAN_OPTIONS, ...options };
  const available = Math.max(0, input.budgetMs - (input.elapsedMs ?? 0) - o.lexicalReserveMs);
  const deadlineMs = input.nowMs + available;
  const loadMs = input.indexCached ? 0 : (input.denseUnits / 1000) * input.stats.loadMsPerKUnits;
  const queryMs = Math.round(input.stats.requestLatencyMs + loadMs + o.scoreMs);
  const fillMs = Math.round(estimateFillMs(input.missingTokens, input.stats, o));
  const estimates = { queryMs, fillMs };
  const fillInBackground = (wanted: boolean): boolean => wanted && !input.fillRunning && input.missingTokens > 0;
  const plan = (mode: RankMode, reason: string, fill: { first?: boolean; background?: boolean } = {}): ModePlan => {
    const background = fillInBackground(fill.background ?? false);
    const suffix = background ? "; filling embeddings in background" : input.fillRunning && input.missingTokens > 0 ? "; background fill in progress" : "";
    const preloadIndex = mode === "bm25" && input.hasKey && !input.indexCached && input.denseUnits > 0 && queryMs - loadMs <= available;
    return { mode, reason: reason + suffix, fillFirst: fill.first ?? false, fillInBackground: background, preloadIndex, deadlineMs, estimates };
  };

  if (!input.hasKey) return plan("bm25", "no Voyage API key configured (VOYAGE_API_KEY): lexical ranking");
  if (input.requested === "bm25") return plan("bm25", "bm25 requested");
  if (input.totalTokens <= 0) return plan("bm25", "nothing to embed in this index: lexical ranking");
  const coolingMs = input.stats.lastFailureAtMs === undefined ? Infinity : input.nowMs - input.stats.lastFailureAtMs;
  if (coolingMs < o.failureCooldownMs) {
    return plan("bm25", `dense skipped: the last Voyage call failed (${input.stats.lastFailure ?? "error"}) ${seconds(coolingMs)} ago`);
  }

  const warm = 1 - input.missingTokens / input.totalTokens;
  const warmText = `embeddings ${percent(warm)} warm`;
  const target: RankMode = input.requested === "auto" ? o.warmMode : input.requested;
  if (queryMs > available) {
    return plan("bm25", `${warmText}, but a dense query (~${ms(queryMs)}) does not fit the ${ms(input.budgetMs)} budget: lexical ranking`, { background: true });
  }
  if (warm >= o.warmThreshold) {
    return plan(target, `${warmText}: ${target} (query ~${ms(queryMs)} within ${ms(input.budgetMs)})`, { background: true });
  }
  if (!input.fillRunning && queryMs + fillMs <= available) {
    return plan(target, `${warmText}; embedding the missing ~${count(input.missingTokens)} tokens first (~${ms(fillMs)}), then ${target}`, { first: true });
  }
  const gap = `~${count(input.missingTokens)} tokens to embed (~${ms(fillMs)})`;
  if (warm >= o.hybridFloor && input.requested !== "dense") {
    return plan("hybrid", `${warmText}, ${gap}: hybrid now (files without vectors ranked lexically)`, { background: true });
  }
  if (warm >= o.hybridFloor) {
    return plan("dense", `${warmText}, ${gap}: dense over the cached units as requested`, { background: true });
  }
  return plan("bm25", `${warmText}, ${gap} exceeds the ${ms(input.budgetMs)} budget: lexical now`, { background: true });
}

function percent(x: number): string {
  return `${Math.floor(Math.max(0, Math.min(1, x)) * 1000) / 10}%`;
}

function ms(x: number): string {
  return x >= 10_000 ? `${Math.round(x / 1000)} s` : x >= 1_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`;
}

function seconds(x: number): string {
  return `${Math.round(x / 1000)} s`;
}

function count(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}K` : String(n);
}
