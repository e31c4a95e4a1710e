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
}

/** The index is at `commit`: either it already was, or it was just built from a fresh snapshot. */
export interface RefreshResult {
  readonly state: IndexState;
  readonly cached: boolean;
  readonly snapshot?: SnapshotReport;
  readonly summary?: IndexSummary;
  readonly ms: number;
}

/**
 * Makes the stored index of `key` match `commit`: a no-op when it already does; otherwise downloads the snapshot
 * into its own folder under the data dir, indexes it and removes the folder (even on failure) — unless
 * `keepSnapshot`, when a successfully indexed snapshot replaces the previously kept one.
 */
export async function refreshIndex(
  deps: RefreshIndexDeps,
  request: { readonly key: RepoKey; readonly commit: string; readonly changedPaths?: readonly string[] },
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
    const dir = snapshotDir(deps.dataDir, key, commit);
    await rm(dir, { recursive: true, force: true });
    try {
      const snapshot = await deps.gateway.downloadSnapshot(commit, dir);
      deps.log.info({ commit, files: snapshot.files, bytes: snapshot.bytes, rejected: snapshot.rejectedCount, truncated: snapshot.truncated }, "snapshot downloaded");
      const state: IndexState = { commit, ...(snapshot.truncatedBy ? { truncatedBy: snapshot.truncatedBy } : {}) };
      const summary = await deps.indexer.index(key, { ...state, root: dir, ...(request.changedPaths ? { changedPaths: request.changedPaths } : {}) });
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
