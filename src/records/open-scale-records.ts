import { mkdirSync } from "node:fs";
import path from "node:path";
import { openPgScaleRecords } from "./pg-scale-records.js";
import type { ScaleRecords } from "./scale-records.js";
import { openSqliteScaleRecords } from "./sqlite-scale-records.js";

/** PostgreSQL when `databaseUrl` is set (migrations run now), else `records.sqlite` in the data directory. */
export async function openScaleRecords(options: { readonly databaseUrl?: string; readonly dataDir: string; readonly schema?: string }): Promise<ScaleRecords> {
  if (options.databaseUrl) {
    return openPgScaleRecords({ connectionString: options.databaseUrl, ...(options.schema ? { schema: options.schema } : {}) });
  }
  mkdirSync(options.dataDir, { recursive: true });
  return openSqliteScaleRecords(path.join(options.dataDir, "records.sqlite"));
}
