import { randomBytes } from "node:crypto";
import pg from "pg";

/** The test database (trust auth on loopback, database `test`); override with TEST_DATABASE_URL. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A schema name of its own for one test, so test files can run at once against one database. */
export function uniqueSchema(label: string): string {
  return `t_${label}_${randomBytes(4).toString("hex")}`;
}

/** Drops the schemas a test created. */
export async function dropSchemas(schemas: Iterable<string>): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
