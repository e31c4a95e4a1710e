import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import Sqlite from "better-sqlite3";
import { createSqliteRecordStore, RecordStoreError } from "../../src/records/sqlite-record-store.js";
import { RECORD_MIGRATIONS, RECORD_SCHEMA_VERSION } from "../../src/records/record-migrations.js";
import { recordStoreContract } from "./record-store-contract.js";

const perInstallation = (dir: string) => (id: number) => path.join(dir, "installations", String(id), "records.sqlite");

recordStoreContract("SQLite, one file per installation", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "bugscout-records-"));
  return {
    open: async () => createSqliteRecordStore({ locate: perInstallation(dir) }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

recordStoreContract("SQLite, one shared file", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "bugscout-records-"));
  return {
    open: async () => createSqliteRecordStore({ locate: () => path.join(dir, "records.sqlite") }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe("SQLite records files", () => {
  it("keeps each installation in its own file and overwrites forgotten rows", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bugscout-records-"));
    try {
      const store = createSqliteRecordStore({ locate: perInstallation(dir) });
      const key = { installationId: 5, owner: "o", repo: "r" };
      const text = "SECRET-ISSUE-TEXT-5f1e";
      await store.recordOutcome(key, { issueNumber: 1, pullNumber: 2, issueText: text, files: [], status: "no-reachable-file", source: "app", fixedAt: 1, recordedAt: 1 });
      assert.ok(existsSync(perInstallation(dir)(5)));
      assert.ok(!existsSync(perInstallation(dir)(6)));
      await store.forgetInstallation(5);
      await store.close();
      const bytes = [await readFile(perInstallation(dir)(5))];
      if (existsSync(`${perInstallation(dir)(5)}-wal`)) bytes.push(await readFile(`${perInstallation(dir)(5)}-wal`));
      assert.ok(bytes.every((b) => !b.includes(text)), "the forgotten issue text is not left in the file");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("migrates a records file of schema version 1 in place, keeping its predictions", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bugscout-records-"));
    try {
      const file = path.join(dir, "records.sqlite");
      const db = new Sqlite(file);
      db.exec("CREATE TABLE records_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO records_meta VALUES ('schema_version', '1')");
      RECORD_MIGRATIONS[0].up(db);
      db.prepare("INSERT INTO predictions (installation_id, owner, repo, issue_number, commit_sha, mode, files, source, ranked_at) VALUES (1, 'o', 'r', 3, 'c', 'bm25', '[]', 'app', 10)").run();
      db.close();
      const store = createSqliteRecordStore({ locate: () => file });
      const key = { installationId: 1, owner: "o", repo: "r" };
      assert.deepEqual(await store.findPrediction(key, 3), { issueNumber: 3, commit: "c", mode: "bm25", files: [], source: "app", rankedAt: 10 });
      await store.recordClosedLabels(key, 3, ["area/x"]);
      assert.equal((await store.readStats(key, 0)).labels, undefined, "a prediction without a map counts for no label figure");
      await store.close();
      const after = new Sqlite(file, { readonly: true });
      assert.equal(after.prepare("SELECT value FROM records_meta WHERE key = 'schema_version'").pluck().get(), String(RECORD_SCHEMA_VERSION));
      after.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a records file from a newer BugScout and leaves it as it was", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bugscout-records-"));
    try {
      const file = path.join(dir, "records.sqlite");
      const db = new Sqlite(file);
      db.exec("CREATE TABLE records_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO records_meta VALUES ('schema_version', '99')");
      db.close();
      const store = createSqliteRecordStore({ locate: () => file });
      await assert.rejects(store.readStats({ installationId: 1, owner: "o", repo: "r" }, 0), (err: unknown) =>
        err instanceof RecordStoreError && /newer BugScout \(schema version 99/.test(err.message));
      const again = new Sqlite(file, { readonly: true });
      assert.equal(again.prepare("SELECT value FROM records_meta").pluck().get(), "99");
      assert.deepEqual(again.prepare("SELECT name FROM sqlite_master WHERE name = 'outcomes'").all(), []);
      again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
