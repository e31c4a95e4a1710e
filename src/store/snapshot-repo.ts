import { closeSync, fstatSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { crypto } from "../crypto-on-demand.js";
import type { CorpusFile } from "./index-store.js";
import type { SqliteIndexStore } from "./open-index-store.js";
import { classifySqliteError, IndexStoreError } from "./store-error.js";
import type { PackedSections } from "../rank/lexical/snapshot-sections.js";
import { SNAPSHOT_FILE_SUFFIX } from "./store-files.js";

/** A saved snapshot file starts with the random id its store's row names; the packed index follows. */
const ID_BYTES = 16;
/** A temporary file this old was left by a process that died while saving (a save takes about a second). */
const STALE_TEMPORARY_MS = 10 * 60 * 1000;

/** A saved snapshot opened for reading by position; `close` releases the file. */
export interface SavedSnapshot {
  /** Byte length of the snapshot. */
  readonly length: number;
  /** `length` bytes at `position` of the snapshot, in a fresh buffer (shorter only at its end). */
  readAt(position: number, length: number): Uint8Array;
  close(): void;
}

/**
 * The store's one saved lexical index, valid only under the key it was saved with. The bytes live in a file beside
 * the store, read by position (a ranking reads a few hundred kilobytes of django's 20 MB); the store keeps the key
 * and the file's random id, so a file left by another store or another save is never taken for this one.
 */
export interface SnapshotRepo {
  /** The snapshot saved under `key`; undefined when there is none, or its file is missing or not the one saved. */
  open(key: string): SavedSnapshot | undefined;
  /** Replaces the saved snapshot (the file first, atomically, then the key), written piece by piece. */
  write(key: string, snapshot: PackedSections): void;
  /**
   * The stored analysis of content `hash`, only while the store is still at `generation` with meta entry `metaKey`
   * equal to `meta` (the state a snapshot was saved from: under it, the stored contents cannot have changed).
   * Throws an `IndexStoreError` ("changed") otherwise.
   */
  readAnalysis(hash: string, generation: number, metaKey: string, meta: string | undefined): Uint8Array;
  /**
   * The corpus with the generation and meta entry it belongs to, read in one transaction. `analysesOnDemand`: each
   * file's analysis is read when first asked for, from that same state (`readAnalysis`: it throws once the store
   * has moved on), instead of all with the tree.
   */
  loadCorpusAt(metaKey: string, options?: { readonly analysesOnDemand?: boolean }): {
    corpus: CorpusFile[]; generation: number; meta: string | undefined;
  };
}

/** The snapshot table of an open store (schema 4) and its file. */
export function createSnapshotRepo(store: SqliteIndexStore): SnapshotRepo {
  const file = `${store.path}${SNAPSHOT_FILE_SUFFIX}`;
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
  const loadAt = store.db.transaction((metaKey: string, onDemand: boolean) => {
    const generation = store.generation();
    const meta = store.getMeta(metaKey);
    const read = (hash: string): Uint8Array => repo.readAnalysis(hash, generation, metaKey, meta);
    return { generation, meta, corpus: store.loadCorpus(onDemand ? read : undefined) };
  });
  const repo: SnapshotRepo = {
    open(key) {
      const id = guard(() => select.get(key));
      if (id === undefined || id.length !== ID_BYTES) return undefined;
      return openSnapshotFile(file, id);
    },
    write(key, snapshot) {
      removeStaleTemporaries(file);
      const id = crypto().randomBytes(ID_BYTES);
      // Written aside and renamed over: a reader holding the previous file keeps reading it whole.
      const temporary = `${file}.${process.pid}-${id.toString("hex", 0, 4)}.tmp`;
      try {
        const fd = openSync(temporary, "w", 0o600);
        try {
          writeAll(fd, id);
          for (const piece of snapshot.pieces()) writeAll(fd, piece);
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, file);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
      guard(() => void upsert.run(key, id));
    },
    readAnalysis: (hash, generation, metaKey, meta) => {
      const analysis = guard(() => selectAnalysis.get(hash, String(generation), metaKey, meta ?? null));
      if (analysis === undefined) {
        throw new IndexStoreError("changed", `The index at ${store.path} changed while it was being read ` +
          "(another bugscout process updated it). Run the command again.");
      }
      return analysis;
    },
    loadCorpusAt: (metaKey, options) => guard(() => loadAt(metaKey, options?.analysesOnDemand === true)),
  };
  return repo;
}

/** Removes the temporary files of saves that died half-way (`<file>.<pid>-<hex>.tmp`, older than a save can take). */
function removeStaleTemporaries(file: string): void {
  const folder = dirname(file);
  const prefix = `${basename(file)}.`;
  try {
    for (const name of readdirSync(folder)) {
      if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
      const path = join(folder, name);
      if (Date.now() - statSync(path).mtimeMs > STALE_TEMPORARY_MS) rmSync(path, { force: true });
    }
  } catch {
    // Tidying up is best effort: a folder that cannot be listed fails the save itself just after.
  }
}

/** The snapshot file when it starts with `id`; undefined when it is missing, unreadable or another save's. */
function openSnapshotFile(file: string, id: Uint8Array): SavedSnapshot | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const head = readAt(fd, 0, ID_BYTES);
    if (size < ID_BYTES || !Buffer.from(head).equals(id)) {
      closeSync(fd);
      return undefined;
    }
    return {
      length: size - ID_BYTES,
      readAt: (position, length) => readAt(fd, ID_BYTES + position, length),
      close: () => closeSync(fd),
    };
  } catch {
    closeSync(fd);
    return undefined;
  }
}

/** Reads `length` bytes at `position` into a buffer of its own (offset 0: typed arrays can view it). */
function readAt(fd: number, position: number, length: number): Uint8Array {
  const out = Buffer.allocUnsafeSlow(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, out, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? out : out.subarray(0, done);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
}
