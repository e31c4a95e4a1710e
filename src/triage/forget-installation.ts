import { rm } from "node:fs/promises";
import type { BackgroundQueue } from "./background-queue.js";
import { installationDir, repoKeyString, repoPaths } from "./data-layout.js";
import type { KeyedLock } from "./keyed-lock.js";
import type { RecordStore } from "../records/record-store.js";
import type { Log, RepoIndexer } from "./ports.js";

/** What {@link forgetInstallation} needs. */
export interface ForgetDeps {
  readonly indexer: RepoIndexer;
  readonly repoLock: KeyedLock;
  readonly background: BackgroundQueue;
  readonly dataDir: string;
  readonly log: Log;
  /** Predictions and outcomes; absent when the app keeps none. */
  readonly records?: RecordStore;
}

/**
 * Deletes what is stored for an installation: only the listed repositories (their indexes, snapshots and records),
 * or (without `repos`) the whole installation folder and its records. Waiting background work is dropped and running work for those repositories finishes first,
 * so nothing is written back after the deletion.
 */
export async function forgetInstallation(
  deps: ForgetDeps,
  installationId: number,
  repos?: readonly { readonly owner: string; readonly repo: string }[],
): Promise<void> {
  if (repos) {
    for (const ref of repos) {
      const key = { installationId, ...ref };
      deps.background.cancel((k) => k === repoKeyString(key));
      await deps.repoLock.run(repoKeyString(key), async () => {
        await deps.indexer.release(installationId, ref);
        await deps.records?.forgetRepo(key);
        await Promise.all(repoPaths(deps.dataDir, key).map((p) => rm(p, { recursive: true, force: true })));
      });
    }
    deps.log.info({ installationId, repos: repos.length }, "repository data deleted");
    return;
  }
  const prefix = `${installationId}/`;
  deps.background.cancel((k) => k.startsWith(prefix));
  const busy = deps.repoLock.activeKeys().filter((k) => k.startsWith(prefix));
  await Promise.all(busy.map((k) => deps.repoLock.run(k, async () => undefined)));
  await deps.indexer.release(installationId);
  // Deletes the rows and closes the file, which the folder removal below then takes away.
  await deps.records?.forgetInstallation(installationId);
  await rm(installationDir(deps.dataDir, installationId), { recursive: true, force: true });
  deps.log.info({ installationId }, "installation data deleted");
}
