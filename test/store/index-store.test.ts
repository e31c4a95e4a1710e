import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { IndexStoreError } from "../../src/store/store-error.js";
import { blob, fn, tempStorePath } from "./store-fixtures.js";

test("a new store is created with its parent directories, in WAL mode, empty, at generation 0", (t) => {
  const path = join(tempStorePath(t), "..", "a", "b", "repo.sqlite");

  const store = openIndexStore(path);
  t.after(() => store.close());

  assert.equal(existsSync(path), true);
  assert.equal(store.db.pragma("journal_mode", { simple: true }), "wal");
  assert.equal(store.getMeta("schema_version"), "6");
  assert.equal(store.generation(), 0);
  assert.deepEqual(store.loadCorpus(), []);
});

test("a tree is stored and loaded back in path order, files with equal content sharing one blob", (t) => {
  const store = openIndexStore(tempStorePath(t));
  t.after(() => store.close());

  const result = store.applyTree({
    files: [{ path: "src/b.py", hash: "h1" }, { path: "src/a.py", hash: "h2" }, { path: "copy/b.py", hash: "h1" }],
    blobs: [blob("h1", [fn("load", 1, 4), fn("save", 6, 9)]), blob("h2", [], 3)],
    meta: { commit: "abc123" },
  });

  assert.deepEqual(result, { generation: 1, added: 3, changed: 0, removed: 0, collectedBlobs: 0 });
  const corpus = store.loadCorpus();
  assert.deepEqual(corpus.map((f) => [f.path, f.hash, f.language, f.lineCount, Buffer.from(f.analysis).toString()]), [
    ["copy/b.py", "h1", "python", 10, "a:h1"],
    ["src/a.py", "h2", "python", 3, "a:h2"],
    ["src/b.py", "h1", "python", 10, "a:h1"],
  ]);
  assert.deepEqual(corpus[0].symbols, [fn("load", 1, 4), fn("save", 6, 9)]);
  assert.deepEqual(corpus[1].symbols, []);
  assert.equal(corpus[2].symbols, corpus[0].symbols);
  assert.equal(store.getMeta("commit"), "abc123");
  assert.deepEqual(store.knownHashes(["h2", "h9", "h1"]), new Set(["h2", "h1"]));
});

test("re-applying the same tree changes nothing and keeps the generation", (t) => {
  const store = openIndexStore(tempStorePath(t));
  t.after(() => store.close());
  const files = [{ path: "a.py", hash: "h1" }, { path: "b.py", hash: "h2" }];
  store.applyTree({ files, blobs: [blob("h1"), blob("h2")] });

  const again = store.applyTree({ files, blobs: [], meta: { commit: "same-tree" } });

  assert.deepEqual(again, { generation: 1, added: 0, changed: 0, removed: 0, collectedBlobs: 0 });
  assert.equal(store.getMeta("commit"), "same-tree");
});

test("a renamed file reuses its blob; removed and changed files drop blobs, symbols and chunks but not embeddings",
  (t) => {
    const store = openIndexStore(tempStorePath(t));
    t.after(() => store.close());
    store.applyTree({
      files: [{ path: "old.py", hash: "h1" }, { path: "gone.py", hash: "h2" }, { path: "edit.py", hash: "h3" }],
      blobs: [blob("h1", [fn("f", 1, 2)]), blob("h2", [fn("g", 1, 2)]), blob("h3", [fn("h", 1, 2)])],
    });
    store.db.prepare("INSERT INTO chunks VALUES (?, 0, ?, 1, 2, 'function', 'g')").run("h2", "c2");
    store.db.prepare("INSERT INTO chunks VALUES (?, 0, ?, 1, 2, 'function', 'f')").run("h1", "c1");
    store.db.prepare("INSERT INTO embeddings VALUES (?, 'voyage-code-3', x'00')").run("c2");
    for (const hash of ["h1", "h2"]) store.db.prepare("INSERT INTO links VALUES (?, '{\"imports\":[],\"types\":[]}')").run(hash);

    const result = store.applyTree({
      files: [{ path: "new.py", hash: "h1" }, { path: "edit.py", hash: "h4" }],
      blobs: [blob("h4", [fn("h2", 1, 3)])],
    });

    assert.deepEqual(result, { generation: 2, added: 1, changed: 1, removed: 2, collectedBlobs: 2 });
    assert.deepEqual(store.loadCorpus().map((f) => `${f.path} ${f.hash} ${f.symbols.map((s) => s.name)}`),
      ["edit.py h4 h2", "new.py h1 f"]);
    const count = (sql: string): unknown => store.db.prepare(sql).pluck().get();
    assert.equal(count("SELECT group_concat(hash) FROM (SELECT hash FROM blobs ORDER BY hash)"), "h1,h4");
    assert.equal(count("SELECT group_concat(hash) FROM (SELECT DISTINCT hash FROM symbols ORDER BY hash)"), "h1,h4");
    assert.equal(count("SELECT group_concat(hash) FROM links"), "h1");
    assert.equal(count("SELECT group_concat(file_hash) FROM chunks"), "h1");
    assert.equal(count("SELECT group_concat(chunk_hash) FROM embeddings"), "c2");
  });

test("a failure in the middle of an update leaves the previous tree whole", (t) => {
  const store = openIndexStore(tempStorePath(t));
  t.after(() => store.close());
  store.applyTree({
    files: [{ path: "a.py", hash: "h1" }], blobs: [blob("h1", [fn("f", 1, 2)])], meta: { commit: "c1" },
  });
  const before = store.loadCorpus();

  // The first blob is written, then the second one's symbol violates NOT NULL (NaN binds as NULL).
  assert.throws(() => store.applyTree({
    files: [{ path: "b.py", hash: "h2" }, { path: "c.py", hash: "h3" }],
    blobs: [blob("h2", [fn("g", 1, 2)]), blob("h3", [fn("h", Number.NaN, 2)])],
    meta: { commit: "c2" },
  }), /NOT NULL/);
  // A file whose content is neither stored nor sent is refused after the other writes began.
  assert.throws(() => store.applyTree({
    files: [{ path: "b.py", hash: "h2" }, { path: "d.py", hash: "missing" }], blobs: [blob("h2")],
  }), (error: unknown) => error instanceof IndexStoreError && error.code === "invalid-update" &&
    error.message === "d.py references content missing that is not stored");

  assert.deepEqual(store.loadCorpus(), before);
  assert.equal(store.generation(), 1);
  assert.equal(store.getMeta("commit"), "c1");
  assert.deepEqual(store.knownHashes(["h1", "h2", "h3"]), new Set(["h1"]));
});

test("the store owns schema_version and generation", (t) => {
  const store = openIndexStore(tempStorePath(t));
  t.after(() => store.close());

  assert.throws(() => store.setMeta("generation", "7"), { name: "IndexStoreError", code: "invalid-update" });
  assert.throws(() => store.applyTree({ files: [], blobs: [], meta: { schema_version: "9" } }),
    { name: "IndexStoreError", code: "invalid-update" });
  store.setMeta("root", "/src/repo");
  assert.equal(store.getMeta("root"), "/src/repo");
  assert.equal(store.getMeta("nothing"), undefined);
});

test("a closed and reopened store has the same tree, generation and meta", (t) => {
  const path = tempStorePath(t);
  const first = openIndexStore(path);
  first.applyTree({ files: [{ path: "a.py", hash: "h1" }], blobs: [blob("h1", [fn("f", 2, 5)])], meta: { k: "v" } });
  const corpus = first.loadCorpus();
  first.close();

  const second = openIndexStore(path);
  t.after(() => second.close());

  assert.deepEqual(second.loadCorpus(), corpus);
  assert.equal(second.generation(), 1);
  assert.equal(second.getMeta("k"), "v");
});

test("contents stored ahead are invisible until a tree references them, and collected when none does", (t) => {
  const store = openIndexStore(tempStorePath(t));
  t.after(() => store.close());
  store.applyTree({ files: [{ path: "a.py", hash: "h1" }], blobs: [blob("h1")] });
  const before = store.loadCorpus();

  store.putContents([blob("h2", [fn("fresh", 1, 3)]), blob("h3")]);

  assert.equal(store.generation(), 1, "the tree and its generation are untouched");
  assert.deepEqual(store.loadCorpus(), before);
  assert.deepEqual(store.knownHashes(["h2", "h3"]), new Set(["h2", "h3"]));

  // The run that stored them ahead applies its tree: h2 is referenced, h3 (a content its tree dropped) is collected.
  const result = store.applyTree({ files: [{ path: "a.py", hash: "h1" }, { path: "b.py", hash: "h2" }], blobs: [], storedAhead: 2 });

  assert.deepEqual(result, { generation: 2, added: 1, changed: 0, removed: 0, collectedBlobs: 1 });
  assert.deepEqual(store.loadCorpus().map((f) => [f.path, f.hash, f.symbols]), [["a.py", "h1", []], ["b.py", "h2", [fn("fresh", 1, 3)]]]);
  assert.deepEqual(store.knownHashes(["h3"]), new Set());
});
