import { rmSync } from "node:fs";
import { openIndexStore, type SqliteIndexStore } from "../store/open-index-store.js";
import { indexStoreFiles } from "../store/store-files.js";
import { IndexStoreError } from "../store/store-error.js";
import { repoKeyString, repoStorePath } from "./data-layout.js";
import type { Log, RepoKey } from "./ports.js";

/** Keeps the SQLite stores of recently used repositories open, never closing one that is in use. */
export interface StorePool {
  /** Runs `fn` with the repository's store (opened or created as needed) and keeps it open for the next call. */
  use<T>(key: RepoKey, fn: (store: SqliteIndexStore) => Promise<T>): Promise<T>;
  /** Closes the stores of an installation (or one of its repositories): now if idle, else when their users finish. */
  close(installationId: number, repo?: { readonly owner: string; readonly repo: string }): void;
}

interface Entry {
  readonly store: SqliteIndexStore;
  users: number;
  closing: boolean;
}

/** Options for {@link createStorePool}. */
export interface StorePoolOptions {
  readonly dataDir: string;
  /** Idle stores kept open at most (each holds a file handle and, through the caches, its lexical index). */
  readonly maxOpen: number;
  readonly log: Log;
  /** Called once when a store is being closed (evicted, or its installation's data removed), e.g. to stop its work. */
  readonly onClosing?: (store: SqliteIndexStore) => void;
}

// A store file BugScout cannot read is only a cache: it is deleted and rebuilt from the repository.
const REBUILDABLE = new Set(["not-a-store", "corrupt", "newer-schema"]);

/** Creates a pool of per-repository stores under `<dataDir>/installations/…` (see data-layout.ts). */
export function createStorePool(options: StorePoolOptions): StorePool {
  const entries = new Map<string, Entry>();

  function open(key: RepoKey): Entry {
    const id = repoKeyString(key);
    const existing = entries.get(id);
    if (existing && !existing.closing) {
      entries.delete(id);
      entries.set(id, existing);
      return existing;
    }
    const entry: Entry = { store: openOrRebuild(repoStorePath(options.dataDir, key), options.log), users: 0, closing: false };
    entries.set(id, entry);
    return entry;
  }

  function evictIdle(): void {
    for (const [id, entry] of entries) {
      if (entries.size <= options.maxOpen) break;
      if (entry.users === 0) {
        entries.delete(id);
        options.onClosing?.(entry.store);
        entry.store.close();
      }
    }
  }

  function finish(id: string, entry: Entry): void {
    entry.users -= 1;
    if (entry.users === 0 && entry.closing) {
      if (entries.get(id) === entry) entries.delete(id);
      entry.store.close();
    }
    // Busy stores may have pushed the pool past maxOpen; trim it as they become idle.
    if (entry.users === 0) evictIdle();
  }

  return {
    async use(key, fn) {
      const id = repoKeyString(key);
      const entry = open(key);
      entry.users += 1;
      // Only once counted: a store just opened is idle until then, and evicting it would close it under its caller.
      evictIdle();
      try {
        return await fn(entry.store);
      } finally {
        finish(id, entry);
      }
    },
    close(installationId, repo) {
      const prefix = repo ? repoKeyString({ installationId, ...repo }) : `${installationId}/`;
      for (const [id, entry] of [...entries]) {
        if (repo ? id !== prefix : !id.startsWith(prefix)) continue;
        entry.closing = true;
        entries.delete(id);
        options.onClosing?.(entry.store);
        if (entry.users === 0) entry.store.close();
      }
    },
  };
}

function openOrRebuild(path: string, log: Log): SqliteIndexStore {
  try {
    return openIndexStore(path);
  } catch (err) {
    if (!(err instanceof IndexStoreError) || !REBUILDABLE.has(err.code)) throw err;
    log.warn({ code: err.code }, "unusable index store deleted, rebuilding");
    for (const file of indexStoreFiles(path)) rmSync(file, { force: true });
    return openIndexStore(path);
  }
}
