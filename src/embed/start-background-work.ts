import { recordDenseFailure } from "../rank/plan-mode-stats.js";
import type { RunningFill } from "./dense-runtime.js";
import { loadIndex } from "./dense-state-cache.js";
import type { Embedder } from "./embedder.js";
import { fillEmbeddings, type FillReport } from "./fill-embeddings.js";
import type { DenseRankingDeps } from "./run-dense-ranking.js";

type BackgroundDeps = Omit<DenseRankingDeps, "rankLexical" | "embedder">;

/** Loads the dense matrix off the request path, so that the next request can afford dense. */
export function preloadIndex(deps: BackgroundDeps, embedder: Embedder): void {
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
export function startBackgroundFill(deps: BackgroundDeps, embedder: Embedder): void {
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

/** `setTimeout` as the deps' `setTimer` shape: returns a function that disarms the timer. */
export function defaultTimer(ms: number, fire: () => void): () => void {
  const handle = setTimeout(fire, ms);
  return () => clearTimeout(handle);
}
