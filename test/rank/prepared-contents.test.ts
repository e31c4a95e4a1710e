import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { buildLexicalIndex, prepareContents } from "../../src/rank/lexical-index.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { createLexicalIndexCache } from "../../src/triage/lexical-index-cache.js";
import { rankIssue } from "../../src/triage/rank-issue.js";
import { makeTempDir } from "../index/temp-tree.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");
const QUERIES = [
  readFileSync(join(import.meta.dirname, "../../examples/sample-issue.md"), "utf8"),
  "The shopping list prints kilograms wrong",
  "Traceback (most recent call last):\n  File \"pantry/cli.py\", line 20, in main\nValueError: unknown unit",
  "recipes scale servings",
];

test("an index run's new contents numbered while it runs build the same ranking index as a build from the store", async (t) => {
  const root = join(makeTempDir(t, "bugscout-tree-"), "repo");
  cpSync(SAMPLE, root, { recursive: true });
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  const cache = createLexicalIndexCache();

  const prepared = cache.prepare(store);
  let offered = 0;
  await indexer.refresh(store, root, {
    onContents: (records) => {
      offered += records.length;
      // In reverse, as batches may come back: the numbering order must not matter.
      for (const record of [...records].reverse()) prepared.add(record.hash, record.analysis);
    },
  });
  assert.ok(offered > 5, `only ${offered} contents offered`);

  const ahead = cache.get(store);
  const plain = buildLexicalIndex(store.loadCorpus());
  assert.deepEqual(ahead.files, plain.files);
  for (const text of QUERIES) {
    const a = await rankIssue({ index: ahead, now: () => 0 }, { text, top: 10, mode: "bm25" });
    const b = await rankIssue({ index: plain, now: () => 0 }, { text, top: 10, mode: "bm25" });
    assert.ok(b.files.length > 0);
    assert.deepEqual(a, b);
  }
  for (const term of ["kg", "convert", "pantry", "shopping", "servings"]) assert.deepEqual(ahead.postings(term), plain.postings(term), term);

  // One build per preparation: a second would number terms under the first index; later additions are ignored.
  assert.throws(() => buildLexicalIndex(store.loadCorpus(), prepared), /used by a build already/);
  assert.doesNotThrow(() => prepared.add("late", new Uint8Array()));
});

test("prepared contents that no file has add nothing a ranking sees", async (t) => {
  const root = join(makeTempDir(t, "bugscout-tree-"), "repo");
  cpSync(SAMPLE, root, { recursive: true });
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, root);
  const corpus = store.loadCorpus();

  // A content of another tree (its terms never occur here): numbered, never posted.
  const other = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "other.sqlite"));
  t.after(() => other.close());
  const otherRoot = join(makeTempDir(t, "bugscout-tree-"), "other");
  cpSync(SAMPLE, otherRoot, { recursive: true });
  const { writeFileSync } = await import("node:fs");
  writeFileSync(join(otherRoot, "zebra.py"), "def quagga_zebra_okapi():\n    return 'zebra'\n");
  await indexer.refresh(other, otherRoot);
  const stray = other.loadCorpus().find((f) => f.path === "zebra.py")!;
  const prepared = prepareContents();
  prepared.add(stray.hash, stray.analysis);

  const ahead = buildLexicalIndex(corpus, prepared);
  const plain = buildLexicalIndex(corpus);
  assert.equal(ahead.postings("quagga"), undefined);
  for (const text of QUERIES) {
    assert.deepEqual(await rankIssue({ index: ahead, now: () => 0 }, { text, top: 10, mode: "bm25" }),
      await rankIssue({ index: plain, now: () => 0 }, { text, top: 10, mode: "bm25" }));
  }
});
