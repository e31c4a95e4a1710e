import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { bundledAsset } from "../bundle/bundled-asset.js";
import { indexDelta, type DeltaReport } from "../index/index-delta.js";
import { indexTree, type IndexProgress, type IndexReport } from "../index/index-tree.js";
import type { SelectionOptions } from "../index/select-files.js";
import {
  deferSymbolExtractor, loadedSymbolExtractor, type DeferredSymbolExtractor,
} from "../index/symbols/defer-symbol-extractor.js";
import type { SymbolExtractor } from "../index/symbols/symbol-extractor.js";
import type { TreeSource } from "../index/tree-source.js";
import type { BlobBuilder } from "../index/build-blob.js";
import type { WorkerBlobBuilder } from "../index/worker-blob-builder.js";
import { analyzeToBytes, ANALYSIS_FORMAT_VERSION } from "../rank/lexical/analyze-content.js";
import type { BlobRecord, IndexStore } from "../store/index-store.js";
import { createPrefetchingBuilder, type ContentPrefetch, type PrefetchingBuilder } from "../index/prefetch-builder.js";
import type { IndexWorkerData } from "./index-worker.js";

/** What one index refresh needs to know besides the tree and the store. */
export interface RefreshOptions {
  readonly selection?: SelectionOptions;
  readonly source?: TreeSource;
  readonly meta?: Readonly<Record<string, string>>;
  readonly onProgress?: (progress: IndexProgress) => void;
  /** What {@link Indexer.warm} returned for this tree: its offered contents are built already, or being built. */
  readonly prefetch?: ContentPrefetch;
  /** Each batch of new records as it comes back (see `IndexTreeOptions.onContents`). */
  readonly onContents?: (records: readonly BlobRecord[]) => void;
}

/** The changed files of a push. */
export interface DeltaInput {
  readonly upserts: ReadonlyMap<string, Uint8Array>;
  readonly removals: readonly string[];
}

/** Indexes trees into stores with grammars loaded once per process. */
export interface Indexer {
  /** Brings `store` up to date with the tree at `root`, re-analysing only contents it has not seen. */
  refresh(store: IndexStore, root: string, options?: RefreshOptions): Promise<IndexReport>;
  /** Applies changed files to the stored tree (see `indexDelta`); undefined when only a full refresh is exact. */
  applyDelta?(store: IndexStore, delta: DeltaInput, options?: RefreshOptions): Promise<DeltaReport | undefined>;
  /**
   * Gets ready to analyse new contents without waiting, for a caller that knows a new tree is coming (a snapshot
   * download): starts the worker threads, and returns where to offer the tree's files as they arrive, so they are
   * parsed while the rest downloads (pass it to the refresh of that tree). Undefined without worker threads.
   */
  warm(): ContentPrefetch | undefined;
  dispose(): void;
}

/** How an indexer parses and analyses new contents. */
export interface IndexerOptions {
  /**
   * Worker threads that parse and analyse the new contents of a refresh, each loading the grammars once (started by
   * the first refresh that meets a new content); 1 (the default) does it on the calling thread. Either way the
   * stored records are the same. Push deltas, a few files each, stay on the calling thread.
   */
  readonly threads?: number;
}

/**
 * Returns an indexer that pairs the tree-sitter symbol extractor with the lexical ranker's content analysis. The
 * grammars (hundreds of milliseconds) are loaded once, by the first refresh that meets a new content: a refresh of
 * an up-to-date index loads none. Create one per process. With `threads` above 1, an `extractor` must have the
 * default options (the workers build their own, and refuse to build under another version).
 */
export async function createIndexer(
  extractor?: SymbolExtractor | DeferredSymbolExtractor,
  options: IndexerOptions = {},
): Promise<Indexer> {
  const symbols = extractor === undefined ? deferSymbolExtractor()
    : "load" in extractor ? extractor : loadedSymbolExtractor(extractor);
  const threads = options.threads ?? 1;
  // The pool's module (and node:worker_threads) is loaded by the first build: a warm rank never needs it.
  let workers: Promise<WorkerBlobBuilder> | undefined;
  const pool = (): Promise<WorkerBlobBuilder> => {
    workers ??= import("../index/worker-blob-builder.js").then(({ createWorkerBlobBuilder }) => createWorkerBlobBuilder({
      entry: indexWorkerEntry(),
      threads,
      workerData: { extractorVersion: symbols.version } satisfies IndexWorkerData,
    }));
    return workers;
  };
  const builder: BlobBuilder | undefined = threads > 1
    ? {
      async build(contents) {
        return (await pool()).build(contents);
      },
    }
    : undefined;
  const prefetches = new WeakSet<ContentPrefetch>();
  return {
    warm() {
      // Worker threads only: each loads its own tree-sitter. Loading grammars on this thread ahead of need would race
      // any other load in the process (web-tree-sitter links grammars through shared state) and take the CPU the
      // download needs. A failure here is the first build's to report.
      if (!builder) return undefined;
      void pool().then((p) => p.warm(), () => {});
      const prefetch = createPrefetchingBuilder(builder);
      prefetches.add(prefetch);
      return prefetch;
    },
    refresh(store, root, options = {}) {
      return indexTree({
        root,
        store,
        extractor: symbols,
        analyze: analyzeToBytes,
        ...(options.prefetch && prefetches.has(options.prefetch) ? { builder: options.prefetch as PrefetchingBuilder }
          : builder ? { builder } : {}),
        analysisVersion: String(ANALYSIS_FORMAT_VERSION),
        source: options.source,
        selection: options.selection,
        meta: options.meta,
        onProgress: options.onProgress,
        onContents: options.onContents,
      });
    },
    applyDelta(store, delta, options = {}) {
      return indexDelta({
        store,
        extractor: symbols,
        analyze: analyzeToBytes,
        analysisVersion: String(ANALYSIS_FORMAT_VERSION),
        selection: options.selection,
        meta: options.meta,
        upserts: delta.upserts,
        removals: delta.removals,
      });
    },
    dispose() {
      symbols.dispose();
      void workers?.then((pool) => pool.dispose());
    },
  };
}

/**
 * The worker entry: from source, a module beside this one that loads it through tsx; once built, `triage/index-worker.js`
 * — named from the parent folder, so the path holds both from `dist/triage/` and from the command's bundle in
 * `dist/cli-bundle/` (a sibling folder), which inlines this module. The Action's bundle has it beside its chunks.
 */
function indexWorkerEntry(): URL {
  const bundled = bundledAsset("index-worker.js");
  if (bundled) return pathToFileURL(bundled);
  return new URL(import.meta.url.endsWith(".ts") ? "./index-worker-source.mjs" : "../triage/index-worker.js", import.meta.url);
}

/** Index worker threads when nothing says otherwise: one per core the process may use. */
export function defaultIndexThreads(): number {
  return availableParallelism();
}

/**
 * An indexer that loads the grammars on its first refresh, so commands that fail on their arguments answer at once.
 */
export function createLazyIndexer(load: () => Promise<Indexer> = createIndexer): Indexer {
  let loading: Promise<Indexer> | undefined;
  // Warming happens before the first refresh, so its prefetch is a stand-in that forwards to the loaded indexer's.
  const standIns = new WeakMap<ContentPrefetch, Promise<ContentPrefetch | undefined>>();
  const resolved = async (options: RefreshOptions | undefined): Promise<RefreshOptions | undefined> => {
    const standIn = options?.prefetch && standIns.get(options.prefetch);
    if (!standIn) return options;
    const { prefetch: _standIn, ...rest } = options;
    const prefetch = await standIn;
    return prefetch ? { ...rest, prefetch } : rest;
  };
  return {
    async refresh(store, root, options) {
      loading ??= load();
      const indexer = await loading;
      return indexer.refresh(store, root, await resolved(options));
    },
    async applyDelta(store, delta, options) {
      loading ??= load();
      const indexer = await loading;
      return indexer.applyDelta ? indexer.applyDelta(store, delta, options) : undefined;
    },
    warm() {
      loading ??= load();
      let inner: ContentPrefetch | undefined;
      let settled = false;
      const waiting: [string, Uint8Array][] = [];
      const standIn: ContentPrefetch = {
        offer(path, bytes) {
          if (inner) inner.offer(path, bytes);
          else if (!settled) waiting.push([path, bytes]);
        },
      };
      // A failed load is the next refresh's to report.
      standIns.set(standIn, loading.then((indexer) => indexer.warm(), () => undefined).then((prefetch) => {
        inner = prefetch;
        settled = true;
        for (const [path, bytes] of waiting.splice(0)) prefetch?.offer(path, bytes);
        return prefetch;
      }));
      return standIn;
    },
    dispose() {
      void loading?.then((indexer) => indexer.dispose());
    },
  };
}
