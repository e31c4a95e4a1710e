import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import pg from "pg";
import { openPgScaleRecords } from "../../src/records/pg-scale-records.js";
import { scaleRecordsContract } from "./scale-records-contract.js";
import { dropSchemas, TEST_DATABASE_URL, uniqueSchema } from "./pg-test-schema.js";

describe("scale records in PostgreSQL (DATABASE_URL), one schema per test", () => {
  const schemas = new Map<string, string>();
  after(() => dropSchemas(schemas.values()));
  scaleRecordsContract(async (shared) => {
    if (!schemas.has(shared)) schemas.set(shared, uniqueSchema(shared));
    return openPgScaleRecords({ connectionString: TEST_DATABASE_URL, schema: schemas.get(shared)! });
  });

  it("runs each migration once, even when several processes open the schema at once", async () => {
    const schema = uniqueSchema("migrate");
    schemas.set("migrate", schema);
    const opened = await Promise.all([1, 2, 3].map(() => openPgScaleRecords({ connectionString: TEST_DATABASE_URL, schema })));
    await Promise.all(opened.map((r) => r.close()));
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
      assert.deepEqual(rows.map((r: { version: number }) => r.version), [1, 2]);
    } finally {
      await client.end();
    }
  });

  it("fails with a clear error when the database cannot be reached", async () => {
    await assert.rejects(
      openPgScaleRecords({ connectionString: "postgres://postgres@127.0.0.1:1/test", schema: uniqueSchema("down") }),
      /PostgreSQL|ECONNREFUSED/,
    );
  });
});
