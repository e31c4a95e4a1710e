import { indexDelta, type DeltaReport } from "../index/index-delta.js";
import { indexTree, type IndexProgress, type IndexReport } from "../index/index-tree.js";
import type { SelectionOptions } from "../index/select-files.js";
import {
  deferSymbolExtractor, loadedSymbolExtractor, type DeferredSymbolExtractor,
} from "../index/symbols/defer-symbol-extractor.js";
import type { SymbolExtractor } from "../index/symbols/symbol-extractor.js";
import type { TreeSource } from "../index/tree-source.js";
import { analyzeToBytes, ANALYSIS_FORMAT_VERSION } from "../rank/analyze-content.js";
import type { IndexStore } from "../store/index-store.js";

/** What one index refresh needs to know besides the tree and the store. */
export interface RefreshOptions {
  readonly selection?: SelectionOptions;
  readonly source?: TreeSource;
  readonly meta?: Readonly<Record<string, string>>;
  readonly onProgress?: (progress: IndexProgress) => void;
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
  dispose(): void;
}

/**
 * Returns an indexer that pairs the tree-sitter symbol extractor with the lexical ranker's content analysis. The
 * grammars (hundreds of milliseconds) are loaded once, by the first refresh that meets a new content: a refresh of
 * an up-to-date index loads none. Create one per process.
 */
export async function createIndexer(extractor?: SymbolExtractor | DeferredSymbolExtractor): Promise<Indexer> {
  const symbols = extractor === undefined ? deferSymbolExtractor()
    : "load" in extractor ? extractor : loadedSymbolExtractor(extractor);
  return {
    refresh(store, root, options = {}) {
      return indexTree({
        root,
        store,
        extractor: symbols,
        analyze: analyzeToBytes,
        analysisVersion: String(ANALYSIS_FORMAT_VERSION),
        source: options.source,
        selection: options.selection,
        meta: options.meta,
        onProgress: options.onProgress,
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
    },
  };
}

/**
 * An indexer that loads the grammars on its first refresh, so commands that fail on their arguments answer at once.
 */
export function createLazyIndexer(load: () => Promise<Indexer> = createIndexer): Indexer {
  let loading: Promise<Indexer> | undefined;
  return {
    async refresh(store, root, options) {
      loading ??= load();
      return (await loading).refresh(store, root, options);
    },
    async applyDelta(store, delta, options) {
      loading ??= load();
      const indexer = await loading;
      return indexer.applyDelta ? indexer.applyDelta(store, delta, options) : undefined;
    },
    dispose() {
      void loading?.then((indexer) => indexer.dispose());
    },
  };
}
