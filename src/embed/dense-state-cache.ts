import { recordIndexLoad } from "../rank/plan-mode-stats.js";
import type { DenseIndex } from "../rank/dense/dense-index.js";
import type { EmbeddingCoverage } from "../store/embedding-repo.js";
import type { Embedder } from "./embedder.js";
import type { DenseRankingDeps } from "./run-dense-ranking.js";

type CacheDeps = Pick<DenseRankingDeps, "repo" | "runtime" | "clock">;

/** Coverage from the runtime while the store state is unchanged, otherwise computed afresh. */
export function readCoverage(deps: CacheDeps, embedder: Embedder): EmbeddingCoverage {
  const key = `${embedder.modelKey}|${deps.repo.denseStateKey()}|${deps.runtime.epoch}`;
  if (deps.runtime.coverage?.key === key) return deps.runtime.coverage.value;
  const value = deps.repo.coverage(embedder.modelKey);
  deps.runtime.coverage = { key, value };
  return value;
}

/** The cached matrix when the store has not changed since it was loaded; otherwise a fresh load, timed. */
export function loadIndex(deps: CacheDeps, embedder: Embedder): DenseIndex {
  const key = `${embedder.modelKey}|${deps.repo.denseStateKey()}|${deps.runtime.epoch}`;
  if (deps.runtime.index?.key === key) return deps.runtime.index.index;
  const t0 = deps.clock.now();
  const index = deps.repo.loadDenseIndex(embedder.modelKey, embedder.dims);
  deps.runtime.stats = recordIndexLoad(deps.runtime.stats, index.units.length, deps.clock.now() - t0);
  deps.runtime.index = { key, index };
  return index;
}
