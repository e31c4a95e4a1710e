import type { DenseIndex } from "../rank/dense/dense-index.js";
import type { EmbeddingCoverage } from "../store/embedding-repo.js";
import { INITIAL_DENSE_STATS, recordEmbedRequest, type DenseCostStats } from "../rank/plan-mode-stats.js";
import type { EmbedRequestObservation } from "./embedder.js";
import type { FillProgress, FillReport } from "./fill-embeddings.js";

/** A background fill in flight. */
export interface RunningFill {
  readonly done: Promise<FillReport>;
  readonly controller: AbortController;
  progress?: FillProgress;
}

/**
 * What the dense path remembers between requests for one repository index: measured costs, the loaded matrix and
 * the background fill. The caller keeps one per open store (the CLI: one per process) and passes it in.
 */
export interface DenseRuntime {
  stats: DenseCostStats;
  /** The loaded matrix and the store state it was loaded from. */
  index?: { readonly key: string; readonly index: DenseIndex };
  /** The last coverage figures and the store state they describe (a coverage scan costs ~0.3 s per 100,000 units). */
  coverage?: { readonly key: string; readonly value: EmbeddingCoverage };
  fill?: RunningFill;
  /** Cancels a scheduled matrix preload that has not started (a request about to load it itself calls this). */
  cancelPreload?: () => void;
  /** Bumped whenever this process stores vectors or units, so a stale matrix is never reused. */
  epoch: number;
  /** Pass as the embedder's `onRequest`, so the planner learns real latency and throughput. */
  observe(observation: EmbedRequestObservation): void;
  /** Stops a running fill (e.g. before closing the store) and waits for it to settle. */
  stopFill(): Promise<void>;
}

/** A fresh runtime with the planner's priors. */
export function createDenseRuntime(stats: DenseCostStats = INITIAL_DENSE_STATS): DenseRuntime {
  const runtime: DenseRuntime = {
    stats,
    epoch: 0,
    observe(observation) {
      runtime.stats = recordEmbedRequest(runtime.stats, observation);
    },
    async stopFill() {
      const fill = runtime.fill;
      if (!fill) return;
      fill.controller.abort();
      await fill.done;
    },
  };
  return runtime;
}
