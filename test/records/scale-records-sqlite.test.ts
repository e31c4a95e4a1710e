import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe } from "node:test";
import { openSqliteScaleRecords } from "../../src/records/sqlite-scale-records.js";
import { scaleRecordsContract } from "./scale-records-contract.js";

describe("scale records in SQLite (records.sqlite in the data directory)", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "bugscout-records-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  let n = 0;
  const fresh = new Map<string, string>();
  scaleRecordsContract(async (shared) => {
    if (!fresh.has(shared)) fresh.set(shared, path.join(dir, `${n++}.sqlite`));
    return openSqliteScaleRecords(fresh.get(shared)!);
  });
});
