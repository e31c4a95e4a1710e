import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { buildLexicalIndex, type LexicalIndex } from "../../src/rank/lexical-index.js";
import { rankLexical } from "../../src/rank/rank-lexical.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { IndexStoreError } from "../../src/store/store-error.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { loadLexicalIndex, rankCodeVersion } from "../../src/triage/load-lexical-index.js";
import { makeTempDir } from "../index/temp-tree.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const ISSUE = readFileSync(join(import.meta.dirname, "../../examples/sample-issue.md"), "utf8");

/** True when the index came from a snapshot: its files are not plain records (symbols are decoded on access). */
const fromSnapshot = (index: LexicalIndex): boolean => Object.getPrototypeOf(index.files[0]) !== Object.prototype;

test("the CLI's index is saved once per generation and code version, and always ranks like a fresh build", async (t) => {
  const root = join(makeTempDir(t), "repo");
  cpSync(SAMPLE, root, { recursive: true });
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, root);
  const fresh = () => rankLexical(buildLexicalIndex(store.loadCorpus()), ISSUE);
  const key = () => store.db.prepare("SELECT key FROM lexical_snapshot").pluck().get() as string | undefined;

  const built = loadLexicalIndex(store, "code-a");
  assert.equal(fromSnapshot(built), false);
  assert.equal(key(), "generation-1|" + store.getMeta("content_version") + "|code-code-a");
  const saved = loadLexicalIndex(store, "code-a");
  assert.equal(fromSnapshot(saved), true);
  assert.deepEqual(rankLexical(saved, ISSUE), fresh());
  assert.equal(rankLexical(saved, ISSUE)[0].path, "pantry/units.py");

  // Another build of the ranking code, or a changed tree: the saved index is not used.
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-b")), false);
  writeFileSync(join(root, "pantry", "units.py"), "def convert(quantity, unit, target):\n    return quantity / 1000\n");
  await indexer.refresh(store, root);
  const changed = loadLexicalIndex(store, "code-b");
  assert.equal(fromSnapshot(changed), false);
  assert.match(key()!, /^generation-2\|/);
  assert.deepEqual(rankLexical(changed, ISSUE), fresh());
  assert.deepEqual(rankLexical(loadLexicalIndex(store, "code-b"), ISSUE), fresh());

  // A damaged blob under the right key is rebuilt, not trusted.
  store.db.prepare("UPDATE lexical_snapshot SET bytes = zeroblob(64)").run();
  const rebuilt = loadLexicalIndex(store, "code-b");
  assert.equal(fromSnapshot(rebuilt), false);
  assert.deepEqual(rankLexical(rebuilt, ISSUE), fresh());
});

test("a mapped index reads analyses from the state it was saved from, and says so when the store moved on", async (t) => {
  const root = join(makeTempDir(t), "repo");
  cpSync(SAMPLE, root, { recursive: true });
  const path = join(makeTempDir(t, "bugscout-store-"), "index.sqlite");
  const store = openIndexStore(path);
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, root);
  loadLexicalIndex(store, "code-a");

  const mapped = loadLexicalIndex(store, "code-a");
  assert.equal(fromSnapshot(mapped), true);
  // Another process re-indexes a changed tree before this one's ranking reads its first analysis.
  writeFileSync(join(root, "pantry", "units.py"), "def convert(quantity, unit, target):\n    return quantity / 1000\n");
  const other = openIndexStore(path);
  await indexer.refresh(other, root);
  other.close();
  assert.throws(() => rankLexical(mapped, ISSUE), (error: unknown) =>
    error instanceof IndexStoreError && error.code === "changed" && /changed while it was being read/.test(error.message));
  assert.deepEqual(rankLexical(loadLexicalIndex(store, "code-a"), ISSUE), rankLexical(buildLexicalIndex(store.loadCorpus()), ISSUE));
});

test("the code version hashes this installation's ranking modules", () => {
  assert.match(rankCodeVersion(), /^[0-9a-f]{16}$/);
  assert.equal(rankCodeVersion(), rankCodeVersion());
});
