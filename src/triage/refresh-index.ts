import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { repoKeyString, snapshotDir } from "./data-layout.js";
import type { KeyedLock } from "./keyed-lock.js";
import type { Clock, IndexState, IndexSummary, Log, RepoGateway, RepoIndexer, RepoKey, SnapshotReport } from "./ports.js";

/** What {@link refreshIndex} needs. */
export interface RefreshIndexDeps {
  readonly gateway: RepoGateway;
  readonly indexer: RepoIndexer;
  /** Serializes index writes per repository. */
  readonly repoLock: KeyedLock;
  readonly dataDir: string;
  readonly clock: Clock;
  readonly log: Log;
  /**
   * Keep the snapshot of the indexed commit (and only that one) after indexing: dense ranking reads file text from
   * it to embed in the background. Off, every snapshot is removed as soon as it is indexed.
   */
  readonly keepSnapshot?: boolean;
  /**
   * A push that changed at most this many files is applied as a delta (compare API + those files' contents) when the
   * stored index is at the push's `before` commit; 0 or absent: always the tarball.
   */
  readonly pushDeltaMaxFiles?: number;
}

/** The index is at `commit`: either it already was, or it was just built from a fresh snapshot. */
export interface RefreshResult {
  readonly state: IndexState;
  readonly cached: boolean;
  readonly snapshot?: SnapshotReport;
  readonly summary?: IndexSummary;
  readonly ms: number;
  /** The index was brought to `commit` by applying the push's changed files, not a tarball. */
  readonly delta?: boolean;
}

/**
 * Makes the stored index of `key` match `commit`: a no-op when it already does; otherwise downloads the snapshot
 * into its own folder under the data dir, indexes it and removes the folder (even on failure) — unless
 * `keepSnapshot`, when a successfully indexed snapshot replaces the previously kept one.
 */
export async function refreshIndex(
  deps: RefreshIndexDeps,
  request: { readonly key: RepoKey; readonly commit: string; readonly changedPaths?: readonly string[]; readonly before?: string },
): Promise<RefreshResult> {
  const { key, commit } = request;
  return deps.repoLock.run(repoKeyString(key), async () => {
    const started = deps.clock.now();
    const stored = await deps.indexer.indexState(key);
    if (stored?.commit === commit) return { state: stored, cached: true, ms: deps.clock.now() - started };
    const local = deps.gateway.localTree?.(commit);
    if (local !== undefined) {
      // A checkout is not a snapshot: indexed where it is, never removed; the indexer's selection rules apply.
      const state: IndexState = { commit };
      const summary = await deps.indexer.index(key, { ...state, root: local, ...(request.changedPaths ? { changedPaths: request.changedPaths } : {}) });
      const ms = deps.clock.now() - started;
      deps.log.info({ commit, files: summary.files, ms }, "index refreshed from the checkout");
      return { state, cached: false, summary, ms };
    }
    const delta = await applyPushDelta(deps, request, stored);
    if (delta) {
      const ms = deps.clock.now() - started;
      deps.log.info({ commit, files: delta.files, ms }, "index refreshed from the push's changed files");
      return { state: { commit }, cached: false, summary: delta, ms, delta: true };
    }
    const dir = snapshotDir(deps.dataDir, key, commit);
    const warmed = deps.indexer.warm?.();
    // Offering every file pays only when most contents are new, as on a first index; a repository indexed before
    // (a large push) would have its unchanged files parsed again, where the walk parses only what changed.
    const prefetch = stored === undefined ? warmed : undefined;
    await rm(dir, { recursive: true, force: true });
    try {
      // A snapshot that is dropped once indexed may stay in memory: no files to write and then remove.
      // Files are offered to the indexer as they arrive, so parsing overlaps the download.
      const { tree, ...snapshot } = await deps.gateway.downloadSnapshot(commit, dir, {
        ...(deps.keepSnapshot ? {} : { inMemory: true }),
        ...(prefetch ? { onFile: (path: string, bytes: Uint8Array) => prefetch.offer(path, bytes) } : {}),
      });
      deps.log.info({ commit, files: snapshot.files, bytes: snapshot.bytes, rejected: snapshot.rejectedCount, truncated: snapshot.truncated }, "snapshot downloaded");
      const state: IndexState = { commit, ...(snapshot.truncatedBy ? { truncatedBy: snapshot.truncatedBy } : {}) };
      const summary = await deps.indexer.index(key, {
        ...state, root: dir, ...(tree ? { source: tree } : {}), ...(prefetch ? { prefetch } : {}),
        ...(request.changedPaths ? { changedPaths: request.changedPaths } : {}),
      });
      const ms = deps.clock.now() - started;
      deps.log.info({ commit, files: summary.files, ms }, "index refreshed");
      if (deps.keepSnapshot) await removeOtherSnapshots(dir);
      return { state, cached: false, snapshot, summary, ms };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      if (!deps.keepSnapshot) await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Removes the snapshots of other commits beside `keep` (their folder holds one folder per commit). */
async function removeOtherSnapshots(keep: string): Promise<void> {
  const parent = path.dirname(keep);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n !== path.basename(keep)).map((n) => rm(path.join(parent, n), { recursive: true, force: true })));
}

/**
 * The delta path of a push: only when the index is whole and at `before`, no snapshot is kept for embedding (it would
 * go stale), and the push changed few enough files. Undefined means "download the tarball".
 */
async function applyPushDelta(
  deps: RefreshIndexDeps,
  request: { readonly key: RepoKey; readonly commit: string; readonly before?: string },
  stored: IndexState | undefined,
): Promise<IndexSummary | undefined> {
  const max = deps.pushDeltaMaxFiles ?? 0;
  if (!request.before || max <= 0 || deps.keepSnapshot || stored?.commit !== request.before || stored.truncatedBy) return undefined;
  if (!deps.gateway.fetchPushDelta || !deps.indexer.indexDelta) return undefined;
  try {
    const changes = await deps.gateway.fetchPushDelta(request.before, request.commit, max);
    if (!changes) return undefined;
    return await deps.indexer.indexDelta(request.key, { base: request.before, commit: request.commit, ...changes });
  } catch (error) {
    // The tarball is always correct; a failed compare (say, `before` force-pushed away) only costs bandwidth.
    deps.log.warn({ commit: request.commit, err: error instanceof Error ? error.message : String(error) }, "push delta failed; downloading the tarball");
    return undefined;
  }
}
