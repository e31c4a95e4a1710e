import type pg from "pg";
import { openMigratedPgPool } from "./open-pg-pool.js";
import { scoreLabelAccuracy } from "../route/score-label-accuracy.js";
import { bestRank, type Outcome, type Prediction, type RecordKey, type RecordStore } from "./record-store.js";

/** The PostgreSQL records schema, versioned like the SQLite one (src/records/record-migrations.ts) and kept in step. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE predictions (
     installation_id BIGINT NOT NULL, owner TEXT NOT NULL, repo TEXT NOT NULL, issue_number INTEGER NOT NULL,
     commit_sha TEXT NOT NULL, mode TEXT NOT NULL, files JSONB NOT NULL, source TEXT NOT NULL,
     ranked_at BIGINT NOT NULL, revisions INTEGER NOT NULL DEFAULT 1,
     PRIMARY KEY (installation_id, owner, repo, issue_number));
   CREATE TABLE outcomes (
     installation_id BIGINT NOT NULL, owner TEXT NOT NULL, repo TEXT NOT NULL, issue_number INTEGER NOT NULL,
     pull_number INTEGER NOT NULL, issue_text TEXT NOT NULL, files JSONB NOT NULL, status TEXT NOT NULL,
     best_rank INTEGER, source TEXT NOT NULL, fixed_at BIGINT NOT NULL, recorded_at BIGINT NOT NULL,
     PRIMARY KEY (installation_id, owner, repo, issue_number, pull_number));
   CREATE INDEX outcomes_by_time ON outcomes (installation_id, owner, repo, fixed_at);
   CREATE INDEX predictions_by_time ON predictions (installation_id, owner, repo, ranked_at);`,
  `ALTER TABLE predictions ADD COLUMN area_labels JSONB;
   ALTER TABLE predictions ADD COLUMN chosen_labels JSONB;
   ALTER TABLE predictions ADD COLUMN closed_labels JSONB;`,
  `ALTER TABLE predictions ADD COLUMN thumbs_up INTEGER;
   ALTER TABLE predictions ADD COLUMN thumbs_down INTEGER;
   ALTER TABLE predictions ADD COLUMN feedback_at BIGINT;`,
  `CREATE TABLE problem_reports (
     installation_id BIGINT NOT NULL, owner TEXT NOT NULL, repo TEXT NOT NULL, digest TEXT NOT NULL,
     PRIMARY KEY (installation_id, owner, repo));`,
];

/** Options for {@link openPgRecordStore}. */
export interface PgRecordStoreOptions {
  readonly connectionString: string;
  /** Schema holding the tables (created when missing). Default `bugscout`. */
  readonly schema?: string;
  readonly max?: number;
}

const SCOPE = "installation_id = $1 AND owner = $2 AND repo = $3";

interface OutcomeRow {
  issue_number: number;
  pull_number: number;
  issue_text: string;
  files: Outcome["files"];
  status: Outcome["status"];
  source: Outcome["source"];
  fixed_at: string;
  recorded_at: string;
}

/**
 * The records of the learning loop in PostgreSQL (`DATABASE_URL`), for workers on several machines: the same
 * behaviour as the SQLite store (test/records/record-store-contract.ts runs against both). Migrations run at open
 * under an advisory lock; every query is scoped by installation and repository (names in lower case).
 */
export async function openPgRecordStore(options: PgRecordStoreOptions): Promise<RecordStore> {
  const pool = await openMigratedPgPool(options, {
    table: "record_migrations", lock: "bugscout-records-migrate", label: "PostgreSQL records", migrations: MIGRATIONS, refuseNewer: true,
  });
  const scope = (key: RecordKey) => [key.installationId, key.owner.toLowerCase(), key.repo.toLowerCase()];
  const toOutcome = (row: OutcomeRow): Outcome => ({
    issueNumber: row.issue_number, pullNumber: row.pull_number, issueText: row.issue_text, files: row.files,
    status: row.status, source: row.source, fixedAt: Number(row.fixed_at), recordedAt: Number(row.recorded_at),
  });

  return {
    async recordPrediction(key, p) {
      await pool.query(`INSERT INTO predictions (installation_id, owner, repo, issue_number, commit_sha, mode, files, source, ranked_at,
          area_labels, chosen_labels)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
        ON CONFLICT (installation_id, owner, repo, issue_number) DO UPDATE SET commit_sha = excluded.commit_sha,
          mode = excluded.mode, files = excluded.files, source = excluded.source, ranked_at = excluded.ranked_at,
          area_labels = excluded.area_labels, chosen_labels = excluded.chosen_labels, revisions = predictions.revisions + 1`,
      [...scope(key), p.issueNumber, p.commit, p.mode, JSON.stringify(p.files), p.source, p.rankedAt,
        p.labels ? JSON.stringify(p.labels.map) : null, p.labels ? JSON.stringify(p.labels.chosen) : null]);
    },
    async findPrediction(key, issueNumber) {
      const { rows } = await pool.query<{ issue_number: number; commit_sha: string; mode: string; files: Prediction["files"]; source: Prediction["source"]; ranked_at: string; area_labels: string[] | null; chosen_labels: string[] | null }>(
        `SELECT issue_number, commit_sha, mode, files, source, ranked_at, area_labels, chosen_labels FROM predictions WHERE ${SCOPE} AND issue_number = $4`, [...scope(key), issueNumber]);
      const row = rows[0];
      if (!row) return undefined;
      return {
        issueNumber: row.issue_number, commit: row.commit_sha, mode: row.mode, files: row.files, source: row.source, rankedAt: Number(row.ranked_at),
        ...(row.area_labels !== null ? { labels: { map: row.area_labels, chosen: row.chosen_labels ?? [] } } : {}),
      };
    },
    async recordClosedLabels(key, issueNumber, labels) {
      await pool.query(`UPDATE predictions SET closed_labels = $5 WHERE ${SCOPE} AND issue_number = $4`, [...scope(key), issueNumber, JSON.stringify(labels)]);
    },
    async recordFeedback(key, issueNumber, f) {
      await pool.query(`UPDATE predictions SET thumbs_up = $5, thumbs_down = $6, feedback_at = $7 WHERE ${SCOPE} AND issue_number = $4`,
        [...scope(key), issueNumber, f.up, f.down, f.readAt]);
    },
    async recordOutcome(key, o) {
      const result = await pool.query(`INSERT INTO outcomes (installation_id, owner, repo, issue_number, pull_number, issue_text, files,
          status, best_rank, source, fixed_at, recorded_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
      [...scope(key), o.issueNumber, o.pullNumber, o.issueText, JSON.stringify(o.files), o.status, bestRank(o), o.source, o.fixedAt, o.recordedAt]);
      return result.rowCount === 1 ? "recorded" : "duplicate";
    },
    async hasOutcome(key, issueNumber, pullNumber) {
      const result = await pool.query(`SELECT 1 FROM outcomes WHERE ${SCOPE} AND issue_number = $4 AND pull_number = $5`, [...scope(key), issueNumber, pullNumber]);
      return result.rowCount === 1;
    },
    async readStats(key, since) {
      const ranked = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM predictions WHERE ${SCOPE} AND ranked_at >= $4`, [...scope(key), since]);
      const { rows } = await pool.query<{ fixed: string; scored: string; hit1: string; hit5: string; not_ranked: string }>(`SELECT
          count(DISTINCT issue_number) AS fixed,
          count(*) FILTER (WHERE status = 'scored') AS scored,
          count(*) FILTER (WHERE status = 'scored' AND best_rank = 1) AS hit1,
          count(*) FILTER (WHERE status = 'scored' AND best_rank <= 5) AS hit5,
          count(*) FILTER (WHERE status = 'scored' AND best_rank IS NULL) AS not_ranked
        FROM outcomes WHERE ${SCOPE} AND fixed_at >= $4`, [...scope(key), since]);
      const f = rows[0];
      const labelled = await pool.query<{ area_labels: string[]; chosen_labels: string[] | null; closed_labels: string[] | null }>(
        `SELECT area_labels, chosen_labels, closed_labels FROM predictions WHERE ${SCOPE} AND ranked_at >= $4 AND area_labels IS NOT NULL`, [...scope(key), since]);
      const feedback = await pool.query<{ up: string; down: string }>(
        `SELECT coalesce(sum(thumbs_up), 0) AS up, coalesce(sum(thumbs_down), 0) AS down FROM predictions WHERE ${SCOPE} AND feedback_at >= $4`, [...scope(key), since]);
      return {
        ...(labelled.rows.length > 0 ? {
          labels: scoreLabelAccuracy(labelled.rows.map((r) => ({ map: r.area_labels, chosen: r.chosen_labels ?? [], closed: r.closed_labels ?? [] }))),
        } : {}),
        issuesRanked: Number(ranked.rows[0]?.n ?? 0), fixedIssues: Number(f?.fixed ?? 0), scored: Number(f?.scored ?? 0),
        hit1: Number(f?.hit1 ?? 0), hit5: Number(f?.hit5 ?? 0), notRanked: Number(f?.not_ranked ?? 0),
        feedback: { up: Number(feedback.rows[0]?.up ?? 0), down: Number(feedback.rows[0]?.down ?? 0) },
      };
    },
    async recentOutcomes(key, limit) {
      const { rows } = await pool.query<OutcomeRow>(`SELECT * FROM outcomes WHERE ${SCOPE}
        ORDER BY fixed_at DESC, issue_number DESC, pull_number DESC LIMIT $4`, [...scope(key), limit]);
      return rows.map(toOutcome);
    },
    async listPastFixes(key, before, limit) {
      const { rows } = await pool.query<OutcomeRow>(`SELECT * FROM outcomes WHERE ${SCOPE} AND fixed_at < $4 AND status != 'no-reachable-file'
        ORDER BY fixed_at DESC, issue_number DESC, pull_number DESC LIMIT $5`, [...scope(key), before, limit]);
      return rows.map((row) => ({ issueNumber: row.issue_number, issueText: row.issue_text, files: row.files.map((f) => f.path), fixedAt: Number(row.fixed_at) }));
    },
    async readProblemDigest(key) {
      const { rows } = await pool.query<{ digest: string }>(`SELECT digest FROM problem_reports WHERE ${SCOPE}`, scope(key));
      return rows[0]?.digest;
    },
    async writeProblemDigest(key, digest) {
      await pool.query(`INSERT INTO problem_reports (installation_id, owner, repo, digest) VALUES ($1, $2, $3, $4)
        ON CONFLICT (installation_id, owner, repo) DO UPDATE SET digest = excluded.digest`, [...scope(key), digest]);
    },
    async forgetRepo(key) {
      await inTransaction(pool, async (client) => {
        await client.query(`DELETE FROM predictions WHERE ${SCOPE}`, scope(key));
        await client.query(`DELETE FROM outcomes WHERE ${SCOPE}`, scope(key));
        await client.query(`DELETE FROM problem_reports WHERE ${SCOPE}`, scope(key));
      });
    },
    async forgetInstallation(installationId) {
      await inTransaction(pool, async (client) => {
        await client.query("DELETE FROM predictions WHERE installation_id = $1", [installationId]);
        await client.query("DELETE FROM outcomes WHERE installation_id = $1", [installationId]);
        await client.query("DELETE FROM problem_reports WHERE installation_id = $1", [installationId]);
      });
    },
    close: () => pool.end(),
  };
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await work(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
