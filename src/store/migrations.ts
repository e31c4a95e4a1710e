import type { Database } from "better-sqlite3";

/** One schema step. Migrations run in order, each in the transaction that also records its version. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  up(db: Database): void;
}

/** The schema history. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "tree, content blobs, symbols, dense chunks and embeddings (docs/architecture.md)",
    up(db) {
      db.exec(`
        CREATE TABLE meta    (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE blobs   (hash TEXT PRIMARY KEY, language TEXT NOT NULL, size INTEGER NOT NULL,
                              line_count INTEGER NOT NULL, analysis BLOB NOT NULL);
        CREATE TABLE symbols (hash TEXT NOT NULL, ord INTEGER NOT NULL, name TEXT NOT NULL,
                              qualified_name TEXT NOT NULL, kind TEXT NOT NULL, start_line INTEGER NOT NULL,
                              end_line INTEGER NOT NULL, PRIMARY KEY (hash, ord)) WITHOUT ROWID;
        CREATE TABLE files   (path TEXT PRIMARY KEY, hash TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE chunks  (file_hash TEXT NOT NULL, ord INTEGER NOT NULL, chunk_hash TEXT NOT NULL,
                              start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, kind TEXT NOT NULL,
                              name TEXT NOT NULL, PRIMARY KEY (file_hash, ord)) WITHOUT ROWID;
        CREATE TABLE embeddings (chunk_hash TEXT NOT NULL, model_key TEXT NOT NULL, vector BLOB NOT NULL,
                              PRIMARY KEY (chunk_hash, model_key)) WITHOUT ROWID;
        -- Garbage collection asks "is this hash still referenced?" for every blob.
        CREATE INDEX files_by_hash ON files (hash);
        -- Looking up which chunks still need an embedding.
        CREATE INDEX chunks_by_chunk_hash ON chunks (chunk_hash);
      `);
    },
  },
  {
    version: 2,
    description: "embeddings as a rowid table: its ~1.1 KB rows overflowed WITHOUT ROWID leaf cells (4.5 KB per row)",
    up(db) {
      // A WITHOUT ROWID row keeps at most ~1,000 bytes in its leaf on 4 KiB pages; a 1,028-byte int8 vector plus
      // its key spilled ~600 bytes onto a private overflow page: 44.5 MiB per 10,000 vectors instead of ~12, and a
      // 10 s load of 100,000 vectors (bench/dense-store.ts). A rowid table keeps rows up to ~4,000 bytes inline.
      db.exec(`
        CREATE TABLE embeddings_v2 (chunk_hash TEXT NOT NULL, model_key TEXT NOT NULL, vector BLOB NOT NULL,
                                    PRIMARY KEY (chunk_hash, model_key));
        INSERT INTO embeddings_v2 (chunk_hash, model_key, vector) SELECT chunk_hash, model_key, vector FROM embeddings;
        DROP TABLE embeddings;
        ALTER TABLE embeddings_v2 RENAME TO embeddings;
      `);
    },
  },
  {
    version: 3,
    description: "files.stat: the file's stat fingerprint when its hash was computed, so an unchanged file is not re-read",
    up(db) {
      // NULL for every existing row: the first re-index after the upgrade hashes every file, as before, and fills it.
      db.exec("ALTER TABLE files ADD COLUMN stat TEXT");
    },
  },
  {
    version: 4,
    description: "lexical_snapshot: the built in-memory lexical index as one blob, under a key naming what it was built from",
    up(db) {
      db.exec("CREATE TABLE lexical_snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL, bytes BLOB NOT NULL)");
    },
  },
  {
    version: 5,
    description: "links: each content's imports and type relations, unresolved, for the code graph (docs/architecture.md)",
    up(db) {
      // One JSON row per content that has any links; most contents of a tree (docs, data) have none and no row. The
      // first re-index after the upgrade re-extracts every content anyway (the extractor's version changed).
      db.exec("CREATE TABLE links (hash TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID");
    },
  },
  {
    version: 6,
    description: "folder_listings: every folder's entries with its stat fingerprint, so a refresh lists only changed folders",
    up(db) {
      // One row holding every listing: read back as one blob, not thousands of rows (django: ~2 ms instead of ~14).
      // Empty after the upgrade: the next refresh lists every folder, as before, and records them.
      db.exec("CREATE TABLE folder_listings (id INTEGER PRIMARY KEY CHECK (id = 1), body BLOB NOT NULL)");
    },
  },
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
