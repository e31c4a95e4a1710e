import Database from "better-sqlite3";
import { sqliteOptions } from "../bundle/sqlite-addon.js";
import type { DeliveryJob } from "../queue/delivery-job.js";
import type { ScaleRecords } from "./scale-records.js";

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS processed_deliveries (id TEXT PRIMARY KEY, processed_at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS processed_deliveries_at ON processed_deliveries (processed_at);
   CREATE TABLE IF NOT EXISTS rate_events (key TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS rate_events_key_at ON rate_events (key, at);`,
  `CREATE TABLE IF NOT EXISTS accepted_deliveries (
     id TEXT PRIMARY KEY, name TEXT NOT NULL, payload TEXT NOT NULL, accepted_at INTEGER NOT NULL,
     claimed_by TEXT, claimed_until INTEGER NOT NULL DEFAULT 0, settled_at INTEGER);
   CREATE INDEX IF NOT EXISTS accepted_deliveries_open ON accepted_deliveries (accepted_at) WHERE settled_at IS NULL;
   CREATE INDEX IF NOT EXISTS accepted_deliveries_settled ON accepted_deliveries (settled_at) WHERE settled_at IS NOT NULL;`,
];

/**
 * The records in one SQLite file (`records.sqlite` in the data directory): enough for the embedded mode and for
 * roles sharing one machine. Migrations run on open (`user_version` counts the ones applied).
 */
export function openSqliteScaleRecords(file: string): ScaleRecords {
  const db = new Database(file, sqliteOptions());
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  const applied = db.pragma("user_version", { simple: true }) as number;
  for (let v = applied; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
  const seen = db.prepare<[string], number>("SELECT 1 FROM processed_deliveries WHERE id = ?").pluck();
  const mark = db.prepare("INSERT OR IGNORE INTO processed_deliveries (id, processed_at) VALUES (?, ?)");
  const prune = db.prepare("DELETE FROM processed_deliveries WHERE processed_at < ?");
  const expire = db.prepare("DELETE FROM rate_events WHERE key = ? AND at <= ?");
  const count = db.prepare<[string], number>("SELECT count(*) FROM rate_events WHERE key = ?").pluck();
  const record = db.prepare("INSERT INTO rate_events (key, at) VALUES (?, ?)");
  // IMMEDIATE: two processes deciding for the same key take turns instead of both reading "below the limit".
  const take = db.transaction((key: string, now: number, windowMs: number, limit: number): boolean => {
    expire.run(key, now - windowMs);
    if ((count.get(key) ?? 0) >= limit) return false;
    record.run(key, now);
    return true;
  });
  const accept = db.prepare("INSERT OR IGNORE INTO accepted_deliveries (id, name, payload, accepted_at) VALUES (?, ?, ?, ?)");
  const claim = db.prepare(`INSERT INTO accepted_deliveries (id, name, payload, accepted_at, claimed_by, claimed_until) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
    WHERE accepted_deliveries.claimed_by IS NULL OR accepted_deliveries.claimed_by = excluded.claimed_by OR accepted_deliveries.claimed_until <= ?`);
  const settle = db.prepare("UPDATE accepted_deliveries SET settled_at = ?, claimed_by = NULL WHERE id = ? AND settled_at IS NULL");
  const pending = db.prepare<[number, number, number], { id: string; name: string; payload: string; accepted_at: number }>(
    "SELECT id, name, payload, accepted_at FROM accepted_deliveries WHERE settled_at IS NULL AND accepted_at < ? AND claimed_until <= ? ORDER BY accepted_at LIMIT ?",
  );
  const forget = db.prepare("DELETE FROM accepted_deliveries WHERE settled_at < ?");
  return {
    accepted: {
      accept: async (d) => accept.run(d.id, d.name, JSON.stringify(d.payload), d.receivedAt).changes === 1,
      claim: async (d, owner, now, until) => claim.run(d.id, d.name, JSON.stringify(d.payload), d.receivedAt, owner, until, now).changes === 1,
      settle: async (id, at) => void settle.run(at, id),
      pending: async (before, now, limit) => pending.all(before, now, limit)
        .map((r): DeliveryJob => ({ id: r.id, name: r.name, payload: JSON.parse(r.payload) as Record<string, unknown>, receivedAt: r.accepted_at })),
      prune: async (before) => forget.run(before).changes,
    },
    deliveries: {
      wasProcessed: async (id) => seen.get(id) !== undefined,
      markProcessed: async (id, at) => void mark.run(id, at),
      prune: async (before) => prune.run(before).changes,
    },
    rateWindows: {
      take: async (key, now, windowMs, limit) => take.immediate(key, now, windowMs, limit),
    },
    ping: async () => void db.prepare("SELECT 1").get(),
    close: async () => void db.close(),
  };
}
