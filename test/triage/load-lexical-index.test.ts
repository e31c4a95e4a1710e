import assert from "node:assert/strict";
import {
  existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { test, type TestContext } from "node:test";
import { buildLexicalIndex, type LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { encodeLexicalIndex } from "../rank/snapshot-in-memory.js";
import { prepareContents } from "../../src/rank/lexical/prepared-contents.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { openIndexStore, type SqliteIndexStore } from "../../src/store/open-index-store.js";
import { IndexStoreError } from "../../src/store/store-error.js";
import { loadLexicalIndex as loadReleasable, rankCodeVersion, saveLexicalIndex } from "../../src/triage/load-lexical-index.js";
import { indexedSample } from "../rank/indexed-sample.js";

const ISSUE = readFileSync(join(import.meta.dirname, "../../examples/sample-issue.md"), "utf8");

/** Loads the store's index, released when the test ends (the snapshot file stays open while the index is used). */
function loader(t: TestContext) {
  return (store: SqliteIndexStore, codeVersion: string): LexicalIndex => {
    const loaded = loadReleasable(store, codeVersion);
    t.after(() => loaded.release());
    return loaded.index;
  };
}

/** True when the index came from a snapshot: its files are not plain records (symbols are decoded on access). */
const fromSnapshot = (index: LexicalIndex): boolean => Object.getPrototypeOf(index.files[0]) !== Object.prototype;

test("`bugscout index` saves the index when it is missing or stale and leaves a current one unread", async (t) => {
  const loadLexicalIndex = loader(t);
  const { store } = await indexedSample(t);
  const key = () => store.db.prepare("SELECT key FROM lexical_snapshot").pluck().get() as string | undefined;
  const file = `${store.path}.lexical`;
  saveLexicalIndex(store, "code-a");
  assert.equal(key(), "generation-1|" + store.getMeta("content_version") + "|code-code-a");
  const saved = readFileSync(file);
  // A current snapshot is neither rebuilt nor decoded: a file cut short goes unnoticed here, and the next load
  // (which reads it) rebuilds it from the corpus.
  truncateSync(file, 4096);
  saveLexicalIndex(store, "code-a");
  assert.equal(statSync(file).size, 4096);
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-a")), false);
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-a")), true);
  // Another build of the ranking code saves its own.
  saveLexicalIndex(store, "code-b");
  assert.equal(key(), "generation-1|" + store.getMeta("content_version") + "|code-code-b");
  assert.notDeepEqual(readFileSync(file).subarray(0, 16), saved.subarray(0, 16));
});

test("the CLI's index is saved once per generation and code version, and always ranks like a fresh build", async (t) => {
  const loadLexicalIndex = loader(t);
  const { root, store, indexer } = await indexedSample(t);
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

  // A damaged file under the right key is rebuilt, not trusted: cut short, or another save's file.
  const file = `${store.path}.lexical`;
  truncateSync(file, 4096);
  const rebuilt = loadLexicalIndex(store, "code-b");
  assert.equal(fromSnapshot(rebuilt), false);
  assert.deepEqual(rankLexical(rebuilt, ISSUE), fresh());
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-b")), true);
  const before = readFileSync(file);
  store.db.prepare("UPDATE lexical_snapshot SET bytes = randomblob(16)").run();
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-b")), false);
  assert.notDeepEqual(readFileSync(file).subarray(0, 16), before.subarray(0, 16));
});

test("an index that cannot be saved (its file's place is taken) is built every time and ranks the same", async (t) => {
  const loadLexicalIndex = loader(t);
  const { store } = await indexedSample(t);
  const file = `${store.path}.lexical`;
  mkdirSync(join(file, "taken"), { recursive: true });
  const expected = rankLexical(buildLexicalIndex(store.loadCorpus()), ISSUE);
  for (let run = 0; run < 2; run++) {
    const index = loadLexicalIndex(store, "code-a");
    assert.equal(fromSnapshot(index), false);
    assert.deepEqual(rankLexical(index, ISSUE), expected);
  }
  assert.ok(statSync(file).isDirectory());
  // No temporary file is left beside the store.
  assert.deepEqual(readdirSync(dirname(file)).filter((name) => name.endsWith(".tmp")), []);
});

test("a save removes temporary files that a process dying half-way through a save left, and only those", async (t) => {
  const loadLexicalIndex = loader(t);
  const { store } = await indexedSample(t);
  const folder = dirname(store.path);
  const stale = `${store.path}.lexical.4242-deadbeef.tmp`;
  const recent = `${store.path}.lexical.4343-cafebabe.tmp`;
  const unrelated = join(folder, "notes.tmp");
  for (const path of [stale, recent, unrelated]) writeFileSync(path, "partial");
  const hourAgo = new Date(Date.now() - 3600_000);
  utimesSync(stale, hourAgo, hourAgo);
  utimesSync(unrelated, hourAgo, hourAgo);
  loadLexicalIndex(store, "code-a");
  assert.equal(existsSync(stale), false);
  assert.equal(existsSync(recent), true);
  assert.equal(existsSync(unrelated), true);
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-a")), true);
});

test("a loaded snapshot keeps ranking from its own file when another process saves a new one", async (t) => {
  const loadLexicalIndex = loader(t);
  const { store } = await indexedSample(t);
  const expected = rankLexical(buildLexicalIndex(store.loadCorpus()), ISSUE);
  loadLexicalIndex(store, "code-a");
  const first = loadLexicalIndex(store, "code-a");
  assert.equal(fromSnapshot(first), true);
  // Another build saves its own snapshot over the file: the open one still reads the bytes it opened.
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-b")), false);
  assert.deepEqual(rankLexical(first, ISSUE), expected);
  assert.equal(fromSnapshot(loadLexicalIndex(store, "code-b")), true);
});

test("a mapped index reads analyses from the state it was saved from, and says so when the store moved on", async (t) => {
  const loadLexicalIndex = loader(t);
  const { root, store, indexer } = await indexedSample(t);
  const { path } = store;
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

test("with saveLater a built index is saved by save(), once, under the state it was built from", async (t) => {
  const { store } = await indexedSample(t);
  const key = () => store.db.prepare("SELECT key FROM lexical_snapshot").pluck().get() as string | undefined;

  const built = loadReleasable(store, "code-a", { saveLater: true });
  t.after(() => built.release());
  assert.equal(fromSnapshot(built.index), false);
  assert.equal(key(), undefined);
  assert.equal(existsSync(`${store.path}.lexical`), false);
  built.save();
  assert.equal(key(), "generation-1|" + store.getMeta("content_version") + "|code-code-a");
  const bytes = readFileSync(`${store.path}.lexical`);
  built.save();
  assert.deepEqual(readFileSync(`${store.path}.lexical`), bytes);

  // Read from the saved one: nothing to save, and ranked alike.
  const read = loadReleasable(store, "code-a", { saveLater: true });
  t.after(() => read.release());
  assert.equal(fromSnapshot(read.index), true);
  read.save();
  assert.deepEqual(readFileSync(`${store.path}.lexical`), bytes);
  assert.deepEqual(rankLexical(read.index, ISSUE), rankLexical(built.index, ISSUE));
});

test("an index built only to be saved reads just the analyses its build needs, and saves what a full read saves", async (t) => {
  const template = "ISSUE_TEMPLATE.md";
  const extra = { [template]: "## Steps to reproduce\n\nWhat did you run?\n" };
  // Every content numbered ahead: the build reads the issue template's analysis (its vocabulary is kept) and no other.
  const withTemplate = await indexedSample(t, {}, extra);
  const eager = withTemplate.store.loadCorpus();
  const numbered = prepareContents();
  numbered.add(eager);
  const reads: string[] = [];
  const stored = new Map(eager.map((f) => [f.hash, f.analysis]));
  const lazy = withTemplate.store.loadCorpus((hash) => {
    reads.push(hash);
    return stored.get(hash)!;
  });
  assert.equal(reads.length, 0);
  const built = buildLexicalIndex(lazy, numbered);
  const templateHash = lazy.find((f) => f.path === template)!.hash;
  assert.deepEqual(reads, [templateHash]);
  assert.deepEqual(encodeLexicalIndex(built), encodeLexicalIndex(buildLexicalIndex(eager)));
  // The built index's files still answer their analysis, through the corpus.
  assert.deepEqual(built.files.find((f) => f.path === "pantry/units.py")!.analysis, stored.get(lazy.find((f) => f.path === "pantry/units.py")!.hash));

  // `bugscout index`'s save, with the contents numbered while the run parsed them: the bytes a full read gives.
  const prepared = prepareContents();
  const first = await indexedSample(t, { onContents: prepared.add }, extra);
  saveLexicalIndex(first.store, "code-a", prepared);
  const saved = readFileSync(`${first.store.path}.lexical`);
  assert.deepEqual(new Uint8Array(saved.subarray(16)), encodeLexicalIndex(buildLexicalIndex(first.store.loadCorpus())));
});
