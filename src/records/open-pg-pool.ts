import pg from "pg";

/** Where a set of versioned PostgreSQL migrations keeps its state, and how its failures read. */
export interface PgMigrationSet {
  /** Table recording the applied versions (one per set, so sets sharing a schema stay independent). */
  readonly table: string;
  /** Advisory lock name; the schema is appended. */
  readonly lock: string;
  /** Names the set in errors: `<label> migrations failed in schema …`. */
  readonly label: string;
  /** Versioned statements; each runs once per schema, in order, inside a transaction. */
  readonly migrations: readonly string[];
  /** Refuse a schema written by a newer build (more versions applied than this build knows). */
  readonly refuseNewer: boolean;
}

/** Connection options shared by the PostgreSQL record stores. */
export interface PgPoolOptions {
  readonly connectionString: string;
  /** Schema holding the tables (created when missing). Default `bugscout`. */
  readonly schema?: string;
  /** Pool size. Default 4. */
  readonly max?: number;
}

/**
 * Opens a pool whose clients use `schema`, and brings the schema up to date with `set` under an advisory lock, so
 * workers starting together apply each migration exactly once.
 */
export async function openMigratedPgPool(options: PgPoolOptions, set: PgMigrationSet): Promise<pg.Pool> {
  const schema = options.schema ?? "bugscout";
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  // The schema is a startup option of every connection, so a connection made again after PostgreSQL dropped the last
  // one (a restart, pg_terminate_backend) is on it before its first query.
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 4, options: `-c search_path=${schema}` });
  // An idle client losing its connection must not crash the process: the pool drops it and the next query connects
  // anew; a query in flight fails (the web role answers 503, a job is retried).
  pool.on("error", () => {});
  await migrate(pool, schema, set);
  return pool;
}

async function migrate(pool: pg.Pool, schema: string, set: PgMigrationSet): Promise<void> {
  const client = await pool.connect();
  const lock = `${set.lock}:${schema}`;
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [lock]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${set.table} (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${set.table}`);
    const applied = rows[0]?.v ?? 0;
    if (set.refuseNewer && applied > set.migrations.length) {
      throw new Error(`the records schema ${schema} was written by a newer BugScout (version ${applied}; this build reads up to ${set.migrations.length})`);
    }
    for (let v = applied; v < set.migrations.length; v++) {
      await client.query("BEGIN");
      await client.query(set.migrations[v]);
      await client.query(`INSERT INTO ${set.table} (version) VALUES ($1)`, [v + 1]);
      await client.query("COMMIT");
    }
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw new Error(`${set.label} migrations failed in schema ${schema}`, { cause: error });
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [lock]).catch(() => {});
    client.release();
  }
}
