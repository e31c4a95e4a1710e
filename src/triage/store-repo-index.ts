import { existsSync } from "node:fs";
import type { SelectionOptions } from "../index/select-files.js";
import type { Indexer } from "./create-indexer.js";
import { repoStorePath, snapshotDir } from "./data-layout.js";
import type { LexicalIndexCache } from "./lexical-index-cache.js";
import type { StoreDense } from "./create-store-dense.js";
import type { Clock, IndexState, IssueRanker, Log, RepoIndexer, RepoKey } from "./ports.js";
import { rankIssue, type DenseRanker } from "./rank-issue.js";
import type { SqliteIndexStore } from "../store/open-index-store.js";
import type { StorePool } from "./store-pool.js";

/** What {@link createStoreRepoIndex} wires together. */
export interface StoreRepoIndexDeps {
  readonly dataDir: string;
  readonly pool: StorePool;
  readonly indexer: Indexer;
  readonly lexical: LexicalIndexCache;
  readonly clock: Clock;
  /** File caps for indexing (the snapshot download applies the same ones first). */
  readonly selection?: SelectionOptions;
  /** Dense ranking when embeddings are configured; absent means BM25 only. */
  readonly dense?: StoreDense;
  /** Where dense ranking reads the files of `commit`; default (or undefined) the snapshot kept for it. */
  readonly sourceRoot?: (key: RepoKey, commit: string) => string | undefined;
  /** Where failures of background work are reported. */
  readonly log?: Log;
}

/** Meta key recording which commit the stored tree came from. */
export const COMMIT_META_KEY = "commit";
/** Meta key recording the snapshot cap that cut the tree short ("" when none did). */
export const TRUNCATED_META_KEY = "snapshot_truncated_by";

/**
 * The app's RepoIndexer and IssueRanker over the SQLite stores (one per installation and repository), the shared
 * indexer and the rank-issue use-case the CLI uses too.
 */
export function createStoreRepoIndex(deps: StoreRepoIndexDeps): RepoIndexer & IssueRanker {
  const index: RepoIndexer & IssueRanker = {
    async indexState(key) {
      if (!existsSync(repoStorePath(deps.dataDir, key))) return undefined;
      return deps.pool.use(key, async (store) => {
        const commit = store.getMeta(COMMIT_META_KEY);
        const truncatedBy = store.getMeta(TRUNCATED_META_KEY) as IndexState["truncatedBy"] | "" | undefined;
        return commit ? { commit, ...(truncatedBy ? { truncatedBy } : {}) } : undefined;
      });
    },
    async index(key, tree) {
      return deps.pool.use(key, async (store) => {
        // The ranking index that follows numbers the new contents' terms now, while the workers parse.
        const prepared = deps.lexical.prepare(store);
        const report = await deps.indexer.refresh(store, tree.root, {
          onContents: prepared.add,
          ...(tree.source ? { source: tree.source } : {}),
          ...(tree.prefetch ? { prefetch: tree.prefetch } : {}),
          meta: { [COMMIT_META_KEY]: tree.commit, [TRUNCATED_META_KEY]: tree.truncatedBy ?? "" },
          ...(deps.selection ? { selection: deps.selection } : {}),
        }).catch((error: unknown) => {
          deps.lexical.unprepare(store);
          throw error;
        });
        return { commit: tree.commit, files: report.files };
      });
    },
    async indexDelta(key, delta) {
      const apply = deps.indexer.applyDelta;
      if (!apply || !existsSync(repoStorePath(deps.dataDir, key))) return undefined;
      return deps.pool.use(key, async (store) => {
        if (store.getMeta(COMMIT_META_KEY) !== delta.base || store.getMeta(TRUNCATED_META_KEY)) return undefined;
        const report = await apply.call(deps.indexer, store, delta, {
          meta: { [COMMIT_META_KEY]: delta.commit, [TRUNCATED_META_KEY]: "" },
          ...(deps.selection ? { selection: deps.selection } : {}),
        });
        return report ? { commit: delta.commit, files: report.files } : undefined;
      });
    },
    warm() {
      return deps.indexer.warm();
    },
    async release(installationId, repo) {
      deps.pool.close(installationId, repo);
    },
    async rank(key, request, read) {
      return deps.pool.use(key, async (store) => {
        const dense = denseFor(store, key);
        // Files the index leaves out are read at the commit the index was built from, not the branch's head.
        const commit = store.getMeta(COMMIT_META_KEY);
        const readFile = read && commit ? { readFile: (path: string, max: number) => read(commit, path, max) } : {};
        return rankIssue(
          { index: deps.lexical.get(store), ...(dense ? { dense } : {}), now: () => deps.clock.now(), ...readFile },
          {
            text: request.text,
            top: request.topK,
            mode: request.mode,
            include: toGlobs(request.include),
            exclude: toGlobs(request.exclude),
            budgetMs: request.latencyBudgetMs,
            ...(request.history ? { history: request.history } : {}),
          },
        );
      });
    },
  };
  return index;

  /**
   * The store's dense ranker, reading files from the snapshot kept for its commit. Its background fill runs as a
   * user of the store pool, so the store stays open until the fill ends (or the installation is removed).
   */
  function denseFor(store: SqliteIndexStore, key: RepoKey): DenseRanker | undefined {
    const commit = store.getMeta(COMMIT_META_KEY);
    if (!deps.dense || !commit) return undefined;
    const schedule = (job: () => Promise<void>): void => {
      deps.pool.use(key, job).catch((error: unknown) => {
        deps.log?.warn({ error: error instanceof Error ? error.message : String(error) }, "background embedding failed");
      });
    };
    return deps.dense.ranker(store, deps.sourceRoot?.(key, commit) ?? snapshotDir(deps.dataDir, key, commit), schedule);
  }
}

/**
 * Settings and commands name directories (`src/api`) or globs (`src/**\/*.py`); rank-issue takes globs. A plain path
 * becomes "that file, or anything under that directory".
 */
export function toGlobs(paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    const trimmed = p.trim().replace(/^\.?\/+/, "").replace(/\/+$/, "");
    if (trimmed === "") return [];
    return /[*?]/.test(trimmed) ? [trimmed] : [trimmed, `${trimmed}/`];
  });
}
