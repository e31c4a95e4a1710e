import type { CorpusFile } from "./index-store.js";
import type { SqliteIndexStore } from "./open-index-store.js";
import { classifySqliteError, IndexStoreError } from "./store-error.js";

/** The store's one saved lexical index blob, valid only under the key it was saved with. */
export interface SnapshotRepo {
  /** The saved bytes when they were saved under `key`; undefined otherwise. */
  read(key: string): Uint8Array | undefined;
  /** Replaces the saved blob. */
  write(key: string, bytes: Uint8Array): void;
  /**
   * The stored analysis of content `hash`, only while the store is still at `generation` with meta entry `metaKey`
   * equal to `meta` (the state a snapshot was saved from: under it, the stored contents cannot have changed).
   * Throws an `IndexStoreError` ("changed") otherwise.
   */
  readAnalysis(hash: string, generation: number, metaKey: string, meta: string | undefined): Uint8Array;
  /** The corpus with the generation and meta entry it belongs to, read in one transaction. */
  loadCorpusAt(metaKey: string): { corpus: CorpusFile[]; generation: number; meta: string | undefined };
}

/** The snapshot table of an open store (schema 4). */
export function createSnapshotRepo(store: SqliteIndexStore): SnapshotRepo {
  const select = store.db.prepare<[string], Buffer>("SELECT bytes FROM lexical_snapshot WHERE id = 1 AND key = ?").pluck();
  const upsert = store.db.prepare("INSERT OR REPLACE INTO lexical_snapshot (id, key, bytes) VALUES (1, ?, ?)");
  // One statement, so the state check and the read see the same snapshot of the database.
  const selectAnalysis = store.db.prepare<[string, string, string, string | null], Buffer>(
    "SELECT analysis FROM blobs WHERE hash = ?" +
    " AND coalesce((SELECT value FROM meta WHERE key = 'generation'), '0') = ?" +
    " AND (SELECT value FROM meta WHERE key = ?) IS ?").pluck();
  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw classifySqliteError(error, store.path);
    }
  };
  // One read transaction: another process may apply a tree between the generation read and the corpus read.
  const loadAt = store.db.transaction((metaKey: string) => ({
    generation: store.generation(), meta: store.getMeta(metaKey), corpus: store.loadCorpus(),
  }));
  return {
    read: (key) => guard(() => select.get(key)),
    write: (key, bytes) => guard(() => void upsert.run(key, bytes)),
    readAnalysis: (hash, generation, metaKey, meta) => {
      const analysis = guard(() => selectAnalysis.get(hash, String(generation), metaKey, meta ?? null));
      if (analysis === undefined) {
        throw new IndexStoreError("changed", `The index at ${store.path} changed while it was being read ` +
          "(another bugscout process updated it). Run the command again.");
      }
      return analysis;
    },
    loadCorpusAt: (metaKey) => guard(() => loadAt(metaKey)),
  };
}
