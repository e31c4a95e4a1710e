import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { SqliteIndexStore } from "../../src/store/open-index-store.js";
import { createStorePool } from "../../src/triage/store-pool.js";

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** A promise and the function that resolves it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

test("a store opened while the pool is full of busy stores stays open for its caller, and the pool shrinks back once they finish", async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bugscout-pool-"));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const closing: string[] = [];
  const pool = createStorePool({ dataDir, maxOpen: 2, log: silent, onClosing: (store) => closing.push(store.getMeta("name") ?? "?") });
  const keys = ["a", "b", "c"].map((repo) => ({ installationId: 9, owner: "acme", repo }));
  const held = gate();
  const stores: SqliteIndexStore[] = [];

  // Two long users fill the pool (as 20 cold repositories indexing at once did, with 16 slots).
  const busy = keys.slice(0, 2).map((key) => pool.use(key, async (store) => {
    store.setMeta("name", key.repo);
    stores.push(store);
    await held.promise;
  }));
  await new Promise((resolve) => setImmediate(resolve));
  const third = await pool.use(keys[2], async (store) => {
    store.setMeta("name", "c");
    stores.push(store);
    return store.getMeta("name");
  });

  assert.equal(third, "c", "the third store was usable although the pool was over its size");
  assert.deepEqual(closing, ["c"], "it was closed once idle, the busy ones were left alone");
  held.open();
  await Promise.all(busy);
  assert.deepEqual(closing, ["c"], "two stores fit the pool: none of the others is closed");
  assert.equal(await pool.use(keys[0], async (store) => store.getMeta("name")), "a");
});
