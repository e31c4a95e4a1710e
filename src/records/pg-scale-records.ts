import { openMigratedPgPool } from "./open-pg-pool.js";
import type { ScaleRecords } from "./scale-records.js";

/** Versioned migrations; each runs once per schema, in order, inside a transaction. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE processed_deliveries (id TEXT PRIMARY KEY, processed_at BIGINT NOT NULL);
   CREATE INDEX processed_deliveries_at ON processed_deliveries (processed_at);
   CREATE TABLE rate_events (key TEXT NOT NULL, at BIGINT NOT NULL);
   CREATE INDEX rate_events_key_at ON rate_events (key, at);`,
];

/** Options for {@link openPgScaleRecords}. */
export interface PgRecordsOptions {
  readonly connectionString: string;
  /** Schema holding the tables (created when missing); tests use one per test. Default `bugscout`. */
  readonly schema?: string;
  /** Pool size. Default 4. */
  readonly max?: number;
}

/**
 * The records in PostgreSQL (`pg`), for roles on several machines. Migrations run at open under an advisory lock, so
 * workers starting together apply each one exactly once.
 */
export async function openPgScaleRecords(options: PgRecordsOptions): Promise<ScaleRecords> {
  const pool = await openMigratedPgPool(options, {
    table: "schema_migrations", lock: "bugscout-migrate", label: "PostgreSQL", migrations: MIGRATIONS, refuseNewer: false,
  });
  return {
    deliveries: {
      async wasProcessed(id) {
        return (await pool.query("SELECT 1 FROM processed_deliveries WHERE id = $1", [id])).rowCount === 1;
      },
      async markProcessed(id, at) {
        await pool.query("INSERT INTO processed_deliveries (id, processed_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [id, at]);
      },
      async prune(before) {
        return (await pool.query("DELETE FROM processed_deliveries WHERE processed_at < $1", [before])).rowCount ?? 0;
      },
    },
    rateWindows: {
      async take(key, now, windowMs, limit) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          // One decision per key at a time across every process: the lock is released at COMMIT.
          await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`rate:${key}`]);
          await client.query("DELETE FROM rate_events WHERE key = $1 AND at <= $2", [key, now - windowMs]);
          const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM rate_events WHERE key = $1", [key]);
          const allowed = Number(rows[0]?.n ?? 0) < limit;
          if (allowed) await client.query("INSERT INTO rate_events (key, at) VALUES ($1, $2)", [key, now]);
          await client.query("COMMIT");
          return allowed;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
    },
    ping: async () => void (await pool.query("SELECT 1")),
    close: () => pool.end(),
  };
}
