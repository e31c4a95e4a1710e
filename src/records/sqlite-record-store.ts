import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Sqlite, { type Database } from "better-sqlite3";
import { sqliteOptions } from "../bundle/sqlite-addon.js";
import { RECORD_MIGRATIONS, RECORD_SCHEMA_VERSION } from "./record-migrations.js";
import { bestRank, type Outcome, type RecordKey, type RecordStore } from "./record-store.js";
import { createRecordStatements, type RecordStatements } from "./sqlite-record-statements.js";

/** Options for {@link createSqliteRecordStore}. */
export interface SqliteRecordStoreOptions {
  /**
   * The database file of an installation. The app passes `<dataDir>/installations/<id>/records.sqlite`, so
   * deleting an installation's folder deletes its records; the CLI passes one file for its local records.
   */
  readonly locate: (installationId: number) => string;
}

/** Thrown when a records file cannot be used; the message says what to do. */
export class RecordStoreError extends Error {
  override readonly name = "RecordStoreError";
}

/**
 * The SQLite records store: one database per installation (opened on first use, in WAL mode, migrated), every
 * row keyed by installation and repository. `secure_delete` overwrites forgotten rows instead of leaving them in
 * free pages.
 */
export function createSqliteRecordStore(options: SqliteRecordStoreOptions): RecordStore {
  const open = new Map<string, { db: Database; sql: RecordStatements }>();

  function use(installationId: number) {
    const path = options.locate(installationId);
    let entry = open.get(path);
    if (!entry) {
      const db = openRecordsDatabase(path);
      entry = { db, sql: createRecordStatements(db) };
      open.set(path, entry);
    }
    return entry.sql;
  }

  return {
    async recordPrediction(key, prediction) {
      use(key.installationId).upsertPrediction(scope(key), prediction);
    },
    async findPrediction(key, issueNumber) {
      return use(key.installationId).findPrediction(scope(key), issueNumber);
    },
    async recordOutcome(key, outcome: Outcome) {
      const inserted = use(key.installationId).insertOutcome(scope(key), outcome, bestRank(outcome));
      return inserted ? "recorded" : "duplicate";
    },
    async hasOutcome(key, issueNumber, pullNumber) {
      return use(key.installationId).hasOutcome(scope(key), issueNumber, pullNumber);
    },
    async recordClosedLabels(key, issueNumber, labels) {
      use(key.installationId).closedLabels(scope(key), issueNumber, labels);
    },
    async recordFeedback(key, issueNumber, feedback) {
      use(key.installationId).feedback(scope(key), issueNumber, feedback);
    },
    async readStats(key, since) {
      return use(key.installationId).stats(scope(key), since);
    },
    async recentOutcomes(key, limit) {
      return use(key.installationId).recent(scope(key), limit);
    },
    async listPastFixes(key, before, limit) {
      return use(key.installationId).pastFixes(scope(key), before, limit);
    },
    async readProblemDigest(key) {
      return use(key.installationId).problemDigest(scope(key));
    },
    async writeProblemDigest(key, digest) {
      use(key.installationId).saveProblemDigest(scope(key), digest);
    },
    async forgetRepo(key) {
      use(key.installationId).forgetRepo(scope(key));
    },
    async forgetInstallation(installationId) {
      const path = options.locate(installationId);
      use(installationId).forgetInstallation(installationId);
      open.get(path)?.db.close();
      open.delete(path);
    },
    async close() {
      for (const { db } of open.values()) db.close();
      open.clear();
    },
  };
}

/** The row key of a repository: GitHub names are case-insensitive, so they are stored in lower case. */
function scope(key: RecordKey) {
  return { installationId: key.installationId, owner: key.owner.toLowerCase(), repo: key.repo.toLowerCase() };
}

/** Opens (creating and migrating) a records database file, as the store does. */
export function openRecordsDatabase(path: string): Database {
  let db: Database;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Sqlite(path, sqliteOptions());
  } catch (cause) {
    throw new RecordStoreError(`The records database ${path} cannot be opened: ${(cause as Error).message}`, { cause });
  }
  try {
    db.pragma("busy_timeout = 5000");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("secure_delete = ON");
    migrate(db, path);
    return db;
  } catch (cause) {
    db.close();
    if (cause instanceof RecordStoreError) throw cause;
    throw new RecordStoreError(`The records database ${path} cannot be used: ${(cause as Error).message}`, { cause });
  }
}

function migrate(db: Database, path: string): void {
  db.transaction(() => {
    db.exec("CREATE TABLE IF NOT EXISTS records_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    const stored = db.prepare<[], string>("SELECT value FROM records_meta WHERE key = 'schema_version'").pluck().get();
    const version = stored === undefined ? 0 : Number(stored);
    if (version > RECORD_SCHEMA_VERSION) {
      throw new RecordStoreError(`The records database ${path} was written by a newer BugScout (schema version ` +
        `${version}; this build reads up to ${RECORD_SCHEMA_VERSION}). Upgrade BugScout; the records are kept.`);
    }
    for (const migration of RECORD_MIGRATIONS.filter((m) => m.version > version)) {
      migration.up(db);
      db.prepare("INSERT OR REPLACE INTO records_meta (key, value) VALUES ('schema_version', ?)").run(String(migration.version));
    }
  }).immediate();
}
