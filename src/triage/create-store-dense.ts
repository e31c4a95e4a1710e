import { createDenseRanker } from "../embed/create-dense-ranker.js";
import { createDenseRuntime, type DenseRuntime } from "../embed/dense-runtime.js";
import type { Embedder, EmbedLogger, EmbedRequestObservation } from "../embed/embedder.js";
import { fillEmbeddings, type FillProgress, type FillReport } from "../embed/fill-embeddings.js";
import { createTreeSourceReader } from "../embed/source-reader.js";
import { createFsTreeSource } from "../index/fs-tree-source.js";
import { createEmbeddingRepo, type EmbeddingRepo } from "../store/embedding-repo.js";
import type { SqliteIndexStore } from "../store/open-index-store.js";
import type { DenseRanker } from "./rank-issue.js";

/** What the dense rankers of every store share: how to make an embedder, the clock, the logger, the scheduler. */
export interface StoreDenseDeps {
  /**
   * Makes the embedder of one store; `onRequest` feeds that store's planner with measured latency and throughput.
   * Cheap: a client object, no connection.
   */
  readonly createEmbedder: (onRequest: (observation: EmbedRequestObservation) => void) => Embedder;
  readonly clock: { now(): number };
  readonly logger?: EmbedLogger;
  /** Where background embedding fills run; default: detached in this process. */
  readonly schedule?: (job: () => Promise<void>) => void;
}

/** Dense ranking over open stores, each store remembering its costs, loaded vectors and background fill. */
export interface StoreDense {
  /**
   * The dense ranker of `store`, whose files can be read under `root` (the checkout, or the kept snapshot).
   * `schedule` overrides where this ranker's background fill runs (the app keeps the store open for it).
   */
  ranker(store: SqliteIndexStore, root: string, schedule?: (job: () => Promise<void>) => void): DenseRanker;
  /** Embeds every unit of the current tree that lacks a vector, in the foreground. Never throws for API failures. */
  fill(store: SqliteIndexStore, root: string, onProgress?: (progress: FillProgress) => void): Promise<FillReport>;
  /** Stops the store's background fill, if any; call before closing the store. */
  release(store: SqliteIndexStore): Promise<void>;
}

interface StoreState {
  readonly runtime: DenseRuntime;
  readonly repo: EmbeddingRepo;
  readonly embedder: Embedder;
}

/** Returns dense ranking over stores; state is kept per store object for as long as that object lives. */
export function createStoreDense(deps: StoreDenseDeps): StoreDense {
  const perStore = new WeakMap<SqliteIndexStore, StoreState>();
  const stateOf = (store: SqliteIndexStore): StoreState => {
    let state = perStore.get(store);
    if (!state) {
      const runtime = createDenseRuntime();
      state = { runtime, repo: createEmbeddingRepo(store.db), embedder: deps.createEmbedder((o) => runtime.observe(o)) };
      perStore.set(store, state);
    }
    return state;
  };
  return {
    ranker(store, root, schedule = deps.schedule) {
      const { runtime, repo, embedder } = stateOf(store);
      return createDenseRanker({
        embedder,
        repo,
        source: createTreeSourceReader(createFsTreeSource(root)),
        clock: deps.clock,
        runtime,
        ...(deps.logger ? { logger: deps.logger } : {}),
        ...(schedule ? { schedule } : {}),
      });
    },
    async fill(store, root, onProgress) {
      const { runtime, repo, embedder } = stateOf(store);
      await runtime.stopFill();
      const report = await fillEmbeddings(
        { repo, embedder, source: createTreeSourceReader(createFsTreeSource(root)), ...(deps.logger ? { logger: deps.logger } : {}) },
        onProgress ? { onProgress } : {},
      );
      runtime.epoch++;
      return report;
    },
    async release(store) {
      await perStore.get(store)?.runtime.stopFill();
    },
  };
}
