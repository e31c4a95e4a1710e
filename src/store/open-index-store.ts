import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Sqlite, { type Database } from "better-sqlite3";
import { sqliteOptions } from "../bundle/sqlite-addon.js";
import { createApplyTree, createPutContents, RESERVED_META_KEYS } from "./apply-tree.js";
import { decodeFolderListings, encodeFolderListings } from "./folder-listings-codec.js";
import type { IndexStore } from "./index-store.js";
import { createLoadCorpus } from "./load-corpus.js";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";
import { classifySqliteError, IndexStoreError } from "./store-error.js";

/**
 * The SQLite-backed store. `db` is for modules inside src/store only (the embedding repository works on the
 * `chunks` and `embeddings` tables through it); everything else uses the `IndexStore` methods.
 */
export interface SqliteIndexStore extends IndexStore {
  readonly db: Database;
  readonly path: string;
}

/**
 * Opens (or creates, with its parent directories) the index store at `path`, in WAL mode, migrating an older schema.
 * Throws `IndexStoreError` when the file is not a BugScout store, is damaged, has a newer schema, or cannot be
 * opened; the message says what to do.
 */
export function openIndexStore(path: string): SqliteIndexStore {
  let db: Database;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Sqlite(path, sqliteOptions());
  } catch (error) {
    throw asStoreError(error, path);
  }
  try {
    db.pragma("busy_timeout = 5000");
    // Checked before anything is written: a file that is not ours is left byte for byte as it was.
    const version = readSchemaVersion(db, path);
    db.pragma("journal_mode = WAL");
    // WAL with NORMAL sync cannot corrupt on a crash; it may only lose the last transactions on power loss.
    db.pragma("synchronous = NORMAL");
    if (version < SCHEMA_VERSION) migrate(db, path);
    return buildStore(db, path);
  } catch (error) {
    db.close();
    throw asStoreError(error, path);
  }
}

function asStoreError(error: unknown, path: string): unknown {
  const classified = classifySqliteError(error, path);
  if (classified instanceof IndexStoreError || !(error instanceof Error) || !("code" in error)) return classified;
  const message = `The index at ${path} cannot be opened: ${error.message}`;
  return new IndexStoreError("unavailable", message, { cause: error });
}

/** The schema version of an existing store, 0 for an empty file; throws when the file is not a usable store. */
function readSchemaVersion(db: Database, path: string): number {
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  let version = 0;
  if (tables.length > 0) {
    const stored = tables.includes("meta")
      ? db.prepare<[], string>("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()
      : undefined;
    version = Number(stored);
    if (stored === undefined || !Number.isInteger(version) || version < 1) {
      throw new IndexStoreError("not-a-store", `${path} is a SQLite database but not a BugScout index ` +
        "(no schema version). Use another path, or delete the file to rebuild the index.");
    }
  }
  if (version > SCHEMA_VERSION) {
    throw new IndexStoreError("newer-schema", `The index at ${path} was written by a newer BugScout ` +
      `(schema version ${version}; this build reads up to ${SCHEMA_VERSION}). Upgrade BugScout, or delete the ` +
      "file to rebuild the index with this version.");
  }
  return version;
}

/**
 * Runs the pending migrations in one write transaction, re-reading the version under the lock: another process
 * may have created the schema since it was first read.
 */
function migrate(db: Database, path: string): void {
  db.transaction(() => {
    const version = readSchemaVersion(db, path);
    for (const migration of MIGRATIONS.filter((m) => m.version > version)) {
      migration.up(db);
      const version = String(migration.version);
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(version);
    }
  }).immediate();
}

function buildStore(db: Database, path: string): SqliteIndexStore {
  const applyTree = createApplyTree(db);
  const putContents = createPutContents(db);
  const loadCorpus = createLoadCorpus(db);
  const storedAmong = db.prepare<[string], string>(
    "SELECT b.hash FROM json_each(?) j JOIN blobs b ON b.hash = j.value").pluck();
  const readMeta = db.prepare<[string], string>("SELECT value FROM meta WHERE key = ?").pluck();
  const selectStats = db.prepare<[], [string, string, string | null]>("SELECT path, hash, stat FROM files").raw();
  const listFiles = db.prepare<[], { path: string; hash: string }>("SELECT path, hash FROM files ORDER BY path");
  const writeMeta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw classifySqliteError(error, path);
    }
  };
  const selectFolders = db.prepare<[], Buffer>("SELECT body FROM folder_listings WHERE id = 1").pluck();
  const writeFolders = db.prepare("INSERT OR REPLACE INTO folder_listings (id, body) VALUES (1, ?)");
  const loadStats = db.transaction(() => ({
    files: new Map(selectStats.all().map(([path, hash, stat]) => [path, { hash, stat }])),
    generation: Number(readMeta.get("generation") ?? "0"),
  }));

  return {
    db,
    path,
    knownHashes: (hashes) => guard(() => new Set(hashes.length === 0 ? [] : storedAmong.all(JSON.stringify(hashes)))),
    applyTree: (update) => guard(() => applyTree(update)),
    putContents: (blobs) => guard(() => putContents(blobs)),
    loadCorpus: (readAnalysis) => guard(() => loadCorpus(readAnalysis)),
    loadFileStats: () => guard(() => loadStats()),
    loadFolderListings: () => guard(() => decodeFolderListings(selectFolders.get())),
    replaceFolderListings: (listings) => guard(() => writeFolders.run(encodeFolderListings(listings))),
    listFiles: () => guard(() => listFiles.all()),
    generation: () => guard(() => Number(readMeta.get("generation") ?? "0")),
    getMeta: (key) => guard(() => readMeta.get(key)),
    setMeta(key, value) {
      if (RESERVED_META_KEYS.has(key)) throw new IndexStoreError("invalid-update", `meta key ${key} is reserved`);
      guard(() => writeMeta.run(key, value));
    },
    close: () => db.close(),
  };
}
