import type { Database } from "better-sqlite3";

/** One schema step of the records database; run in order, each in the transaction that records its version. */
export interface RecordMigration {
  readonly version: number;
  readonly description: string;
  up(db: Database): void;
}

/**
 * The records schema history. Append only: a released migration is never edited. Every row carries its
 * installation and repository, so one file may hold several repositories and no query reaches across them.
 */
export const RECORD_MIGRATIONS: readonly RecordMigration[] = [
  {
    version: 1,
    description: "predictions (latest ranking per issue) and outcomes (files a fix changed, with their ranks)",
    up(db) {
      db.exec(`
        CREATE TABLE predictions (
          installation_id INTEGER NOT NULL, owner TEXT NOT NULL, repo TEXT NOT NULL, issue_number INTEGER NOT NULL,
          commit_sha TEXT NOT NULL, mode TEXT NOT NULL, files TEXT NOT NULL, source TEXT NOT NULL,
          ranked_at INTEGER NOT NULL, revisions INTEGER NOT NULL DEFAULT 1,
          PRIMARY KEY (installation_id, owner, repo, issue_number)) WITHOUT ROWID;
        CREATE TABLE outcomes (
          installation_id INTEGER NOT NULL, owner TEXT NOT NULL, repo TEXT NOT NULL, issue_number INTEGER NOT NULL,
          pull_number INTEGER NOT NULL, issue_text TEXT NOT NULL, files TEXT NOT NULL, status TEXT NOT NULL,
          best_rank INTEGER, source TEXT NOT NULL, fixed_at INTEGER NOT NULL, recorded_at INTEGER NOT NULL,
          PRIMARY KEY (installation_id, owner, repo, issue_number, pull_number));
        -- Stats and the history signal read one repository's outcomes by time.
        CREATE INDEX outcomes_by_time ON outcomes (installation_id, owner, repo, fixed_at);
        CREATE INDEX predictions_by_time ON predictions (installation_id, owner, repo, ranked_at);
      `);
    },
  },
  {
    version: 2,
    description: "area labels: the map's labels and BugScout's choice with each prediction, the labels the issue was closed with",
    up(db) {
      db.exec(`
        ALTER TABLE predictions ADD COLUMN area_labels TEXT;
        ALTER TABLE predictions ADD COLUMN chosen_labels TEXT;
        ALTER TABLE predictions ADD COLUMN closed_labels TEXT;
      `);
    },
  },
  {
    version: 3,
    description: "feedback: readers' 👍 and 👎 on the comment, read when the issue closed, with each prediction",
    up(db) {
      db.exec(`
        ALTER TABLE predictions ADD COLUMN thumbs_up INTEGER;
        ALTER TABLE predictions ADD COLUMN thumbs_down INTEGER;
        ALTER TABLE predictions ADD COLUMN feedback_at INTEGER;
      `);
    },
  },
  {
    version: 4,
    description: "problem reports: the digest of the operator problems last published per repository",
    up(db) {
      db.exec(`
        CREATE TABLE problem_reports (
          installation_id INTEGER NOT NULL, owner TEXT NOT NULL, repo TEXT NOT NULL, digest TEXT NOT NULL,
          PRIMARY KEY (installation_id, owner, repo)) WITHOUT ROWID;
      `);
    },
  },
];

/** The records schema version this build writes. */
export const RECORD_SCHEMA_VERSION = RECORD_MIGRATIONS[RECORD_MIGRATIONS.length - 1].version;
