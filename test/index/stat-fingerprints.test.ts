import assert from "node:assert/strict";
import { renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { STAT_VERSION_KEY } from "../../src/index/index-tree.js";
import type { IndexStore } from "../../src/store/index-store.js";
import { SCHEMA_VERSION } from "../../src/store/migrations.js";
import type { SqliteIndexStore } from "../../src/store/open-index-store.js";
import { refreshHarness, storeAtSchema } from "./refresh-harness.js";
import { writeTree, type TreeSpec } from "./temp-tree.js";

const TREE: TreeSpec = {
  "pkg/a.py": "def alpha():\n    pass\n",
  "pkg/b.py": "def beta():\n    pass\n",
  "pkg/c.py": "def gamma():\n    pass\n",
  "README.md": "# Sample\n",
};
async function setUp(t: TestContext, path?: string) {
  const h = await refreshHarness(t, TREE, path);
  const symbols = () => h.store.loadCorpus().map((f) => `${f.path}:${f.symbols.map((s) => s.name).join(",")}`);
  return { ...h, symbols };
}

test("a refresh of an unchanged tree reads and hashes no file, and keeps the generation", async (t) => {
  const h = await setUp(t);
  const cold = await h.run();
  assert.deepEqual(cold.reads, ["README.md", "pkg/a.py", "pkg/b.py", "pkg/c.py"]);
  const before = h.symbols();

  const indexedAt = h.store.getMeta("indexed_at");
  const warm = await h.run({ now: () => Date.UTC(2030, 0, 1) });
  assert.deepEqual(warm.reads, []);
  assert.deepEqual([warm.report.files, warm.report.analyzed, warm.report.reused, warm.report.generation], [4, 0, 4, 1]);
  assert.deepEqual(h.symbols(), before);
  // Nothing changed, so nothing was written.
  assert.equal(h.store.getMeta("indexed_at"), indexedAt);

  // A new meta value is written; a removed file is noticed although every remaining file is recognised.
  await h.run({ meta: { commit: "abc" } });
  assert.equal(h.store.getMeta("commit"), "abc");
  rmSync(join(h.root, "pkg/c.py"));
  const removed = await h.run({ meta: { commit: "abc" } });
  assert.deepEqual([removed.reads, removed.report.files, removed.report.removed, removed.report.generation], [[], 3, 1, 2]);
  writeTree(h.root, { "pkg/c.py": TREE["pkg/c.py"] as string });
  await h.run({ fileClock: Date.now });

  // Selection options still apply to files recognised by their fingerprint.
  const excluded = await h.run({ selection: { exclude: ["pkg/b.py"] } });
  assert.deepEqual([excluded.report.files, excluded.report.skipped.excluded], [3, 1]);
});

test("a rewritten file is read again, even with its size and modification time restored", async (t) => {
  const h = await setUp(t);
  await h.run();
  const path = join(h.root, "pkg/b.py");
  const { atime, mtime } = statSync(path);
  writeFileSync(path, "def delta():\n    pass\n"); // same length as beta's body
  utimesSync(path, atime, mtime);

  const after = await h.run();
  assert.deepEqual(after.reads, ["pkg/b.py"]);
  assert.deepEqual([after.report.analyzed, after.report.generation], [1, 2]);
  assert.deepEqual(h.symbols().slice(1), ["pkg/a.py:alpha", "pkg/b.py:delta", "pkg/c.py:gamma"]);
  assert.equal((await h.run()).reads.length, 0);
});

test("fingerprints recorded in another format (bigint nanoseconds, before 2026-12) are re-read once, then trusted", async (t) => {
  const h = await setUp(t);
  await h.run();
  const before = h.symbols();
  const { ino, size } = statSync(join(h.root, "pkg/a.py"), { bigint: true });
  h.store.db.prepare("UPDATE files SET stat = ? || ':1764583200123456789:1764583200123456789:' || ?").run(String(size), String(ino));

  const upgraded = await h.run();
  assert.deepEqual(upgraded.reads, ["README.md", "pkg/a.py", "pkg/b.py", "pkg/c.py"]);
  assert.deepEqual([upgraded.report.analyzed, upgraded.report.generation], [0, 1]);
  assert.deepEqual(h.symbols(), before);
  assert.deepEqual((await h.run()).reads, []);
});

test("a renamed file is seen under its new path, its content reused, and an added file is read", async (t) => {
  const h = await setUp(t);
  await h.run();
  renameSync(join(h.root, "pkg/c.py"), join(h.root, "pkg/d.py"));
  writeFileSync(join(h.root, "pkg/e.py"), "def epsilon():\n    pass\n");
  const after = await h.run();
  assert.deepEqual(after.reads, ["pkg/d.py", "pkg/e.py"]);
  assert.deepEqual([after.report.files, after.report.analyzed, after.report.removed], [5, 1, 1]);
  assert.deepEqual(h.symbols().slice(1), ["pkg/a.py:alpha", "pkg/b.py:beta", "pkg/d.py:gamma", "pkg/e.py:epsilon"]);
});

test("files changed within the settle time get no fingerprint and are read every time", async (t) => {
  const h = await setUp(t);
  await h.run({ fileClock: Date.now });
  assert.equal(h.store.db.prepare("SELECT count(*) FROM files WHERE stat IS NOT NULL").pluck().get(), 0);
  assert.equal((await h.run({ fileClock: Date.now })).reads.length, 4);
});

test("any doubt falls back to reading every file: a vanished content, new selection rules", async (t) => {
  const h = await setUp(t);
  await h.run();

  // Another process replaced the stored tree (and could have collected its contents) while the fingerprints were
  // being matched: the generation they were read at is no longer current.
  const s = h.store;
  let walks = 0;
  const overtaken: IndexStore = {
    knownHashes: (hashes) => s.knownHashes(hashes), applyTree: (u) => s.applyTree(u), putContents: (b) => s.putContents(b),
    loadCorpus: () => s.loadCorpus(),
    loadFileStats: () => (walks++, s.loadFileStats()), listFiles: () => s.listFiles(),
    loadFolderListings: () => s.loadFolderListings(), replaceFolderListings: (l) => s.replaceFolderListings(l),
    generation: () => s.generation() + (walks === 1 ? 1 : 0), getMeta: (k) => s.getMeta(k),
    setMeta: (k, v) => s.setMeta(k, v), close: () => s.close(),
  };
  const before = h.symbols();
  const vanished = await h.run({}, overtaken);
  assert.equal(walks, 1);
  assert.equal(vanished.reads.length, 4);
  assert.deepEqual(h.symbols(), before);

  h.store.setMeta(STAT_VERSION_KEY, "0");
  assert.equal((await h.run()).reads.length, 4);
  assert.equal((await h.run()).reads.length, 0);
});

test("a schema-2 store gains the stat column, fills it on the next refresh and reads nothing after", async (t) => {
  const h = await setUp(t, storeAtSchema(t, 2));
  assert.equal(h.store.getMeta("schema_version"), String(SCHEMA_VERSION));
  assert.equal((await h.run()).reads.length, 4);
  assert.equal((await h.run()).reads.length, 0);
  const store: SqliteIndexStore = h.store;
  assert.equal(store.db.prepare("SELECT count(*) FROM files WHERE stat IS NULL").pluck().get(), 0);
});
