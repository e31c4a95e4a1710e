import type { RankedFile, RankMode, UnratedRanking } from "../rank/types.js";
import type { FuseOptions } from "../rank/fuse.js";
import type { PlanOptions } from "../rank/plan-mode.js";
import { runDenseRanking, type DenseRankingDeps } from "./run-dense-ranking.js";

/** The request fields the dense ranker reads (a subset of the triage use-case's request). */
export interface DenseRankerRequest {
  readonly text: string;
  readonly top: number;
  readonly mode: RankMode | "auto";
  readonly budgetMs?: number;
}

/** Defaults for requests that do not say. */
export interface DenseRankerDefaults {
  /** Default 5,000 ms, the settings' default `latency_budget_ms`. */
  readonly budgetMs?: number;
  readonly plan?: Partial<PlanOptions>;
  readonly fuse?: FuseOptions;
}

/**
 * Adapts {@link runDenseRanking} to the triage use-case's `DenseRanker` shape: `(request, lexical, allow)`, where
 * `lexical()` ranks the allowed files lexically and `allow` is the request's path filter.
 */
export function createDenseRanker(deps: Omit<DenseRankingDeps, "rankLexical">, defaults: DenseRankerDefaults = {}) {
  return (request: DenseRankerRequest, lexical: () => readonly RankedFile[], allow: (path: string) => boolean): Promise<UnratedRanking> =>
    runDenseRanking(
      { ...deps, rankLexical: () => lexical() },
      {
        query: request.text,
        mode: request.mode,
        budgetMs: request.budgetMs ?? defaults.budgetMs ?? 5_000,
        limit: request.top,
        filter: allow,
        plan: defaults.plan,
        fuse: defaults.fuse,
      },
    );
}
