import { openMigratedPgPool } from "./open-pg-pool.js";
import type { DeliveryJob } from "../queue/delivery-job.js";
import type { ScaleRecords } from "./scale-records.js";

/** Versioned migrations; each runs once per schema, in order, inside a transaction. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE processed_deliveries (id TEXT PRIMARY KEY, processed_at BIGINT NOT NULL);
   CREATE INDEX processed_deliveries_at ON processed_deliveries (processed_at);
   CREATE TABLE rate_events (key TEXT NOT NULL, at BIGINT NOT NULL);
   CREATE INDEX rate_events_key_at ON rate_events (key, at);`,
  `CREATE TABLE accepted_deliveries (
     id TEXT PRIMARY KEY, name TEXT NOT NULL, payload TEXT NOT NULL, accepted_at BIGINT NOT NULL,
     claimed_by TEXT, claimed_until BIGINT NOT NULL DEFAULT 0, settled_at BIGINT);
   CREATE INDEX accepted_deliveries_open ON accepted_deliveries (accepted_at) WHERE settled_at IS NULL;
   CREATE INDEX accepted_deliveries_settled ON accepted_deliveries (settled_at) WHERE settled_at IS NOT NULL;`,
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
    accepted: {
      async accept(d) {
        const { rowCount } = await pool.query(
          "INSERT INTO accepted_deliveries (id, name, payload, accepted_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING",
          [d.id, d.name, JSON.stringify(d.payload), d.receivedAt],
        );
        return rowCount === 1;
      },
      async claim(d, owner, now, until) {
        const { rowCount } = await pool.query(
          `INSERT INTO accepted_deliveries (id, name, payload, accepted_at, claimed_by, claimed_until) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (id) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_until = EXCLUDED.claimed_until
           WHERE accepted_deliveries.claimed_by IS NULL OR accepted_deliveries.claimed_by = $5 OR accepted_deliveries.claimed_until <= $7`,
          [d.id, d.name, JSON.stringify(d.payload), d.receivedAt, owner, until, now],
        );
        return rowCount === 1;
      },
      async settle(id, at) {
        await pool.query("UPDATE accepted_deliveries SET settled_at = $2, claimed_by = NULL WHERE id = $1 AND settled_at IS NULL", [id, at]);
      },
      async pending(before, now, limit) {
        const { rows } = await pool.query<{ id: string; name: string; payload: string; accepted_at: string }>(
          `SELECT id, name, payload, accepted_at FROM accepted_deliveries
           WHERE settled_at IS NULL AND accepted_at < $1 AND claimed_until <= $2 ORDER BY accepted_at LIMIT $3`,
          [before, now, limit],
        );
        return rows.map((r): DeliveryJob => ({ id: r.id, name: r.name, payload: JSON.parse(r.payload) as Record<string, unknown>, receivedAt: Number(r.accepted_at) }));
      },
      async prune(before) {
        return (await pool.query("DELETE FROM accepted_deliveries WHERE settled_at < $1", [before])).rowCount ?? 0;
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
