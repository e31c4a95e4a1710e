import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import Sqlite from "better-sqlite3";
import { SCHEMA_VERSION } from "../../src/store/migrations.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { IndexStoreError, type IndexStoreErrorCode } from "../../src/store/store-error.js";
import { blob, fn, tempStorePath } from "./store-fixtures.js";

function storeError(code: IndexStoreErrorCode, message: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof IndexStoreError, `expected an IndexStoreError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  };
}

/** A store with a few hundred files, checkpointed so every page is in the main file. */
function writeFullStore(path: string): void {
  const store = openIndexStore(path);
  const blobs = Array.from({ length: 300 }, (_, i) => blob(`h${i}`, [fn(`f${i}`, 1, 2)]));
  store.applyTree({ files: blobs.map((b, i) => ({ path: `src/f${i}.py`, hash: b.hash })), blobs });
  store.db.pragma("wal_checkpoint(TRUNCATE)");
  store.close();
}

test("a file that is not a SQLite database is refused as not-a-store", (t) => {
  const path = tempStorePath(t);
  writeFileSync(path, "this is a text file, not an index\n".repeat(200));

  assert.throws(() => openIndexStore(path), storeError("not-a-store", /is not a BugScout index \(not a SQLite/));
});

test("a SQLite database of something else is refused as not-a-store and left untouched", (t) => {
  const path = tempStorePath(t);
  const other = new Sqlite(path);
  other.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'x');");
  other.close();
  const bytes = readFileSync(path);

  assert.throws(() => openIndexStore(path), storeError("not-a-store", /SQLite database but not a BugScout index/));
  assert.deepEqual(readFileSync(path), bytes);
});

test("a store with damaged pages is reported as corrupt, at open or at first read", (t) => {
  const path = tempStorePath(t);
  writeFullStore(path);
  const pristine = readFileSync(path);

  const schemaPage = Buffer.from(pristine).fill(0x55, 100, 4096);
  writeFileSync(path, schemaPage);
  assert.throws(() => openIndexStore(path), storeError("corrupt", /is damaged \(SQLITE_CORRUPT\)\. Delete the file/));

  const dataPages = Buffer.from(pristine).fill(0x55, 4096 * 3, 4096 * 6);
  writeFileSync(path, dataPages);
  assert.throws(() => openIndexStore(path).loadCorpus(), storeError("corrupt", /is damaged/));
});

test("a store written by a newer schema is refused with the versions in the message", (t) => {
  const path = tempStorePath(t);
  const store = openIndexStore(path);
  store.db.prepare("UPDATE meta SET value = '99' WHERE key = 'schema_version'").run();
  store.close();

  const expected = `newer BugScout (schema version 99; this build reads up to ${SCHEMA_VERSION}). Upgrade BugScout`;
  assert.throws(() => openIndexStore(path), storeError("newer-schema", new RegExp(expected.replace(/[().]/g, "\\$&"))));
});

test("a path that cannot hold a database is reported as unavailable", (t) => {
  const path = tempStorePath(t);
  mkdirSync(path);

  assert.throws(() => openIndexStore(path), storeError("unavailable", /cannot be opened/));
});
