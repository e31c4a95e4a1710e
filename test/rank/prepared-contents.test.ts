import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { prepareContents } from "../../src/rank/lexical/prepared-contents.js";
import { createLexicalIndexCache } from "../../src/triage/lexical-index-cache.js";
import { rankIssue } from "../../src/triage/rank-issue.js";
import { indexedSample } from "./indexed-sample.js";

const QUERIES = [
  readFileSync(join(import.meta.dirname, "../../examples/sample-issue.md"), "utf8"),
  "The shopping list prints kilograms wrong",
  "Traceback (most recent call last):\n  File \"pantry/cli.py\", line 20, in main\nValueError: unknown unit",
  "recipes scale servings",
];

test("an index run's new contents numbered while it runs build the same ranking index as a build from the store", async (t) => {
  const cache = createLexicalIndexCache();
  const prepared = prepareContents();
  let offered = 0;
  const { store } = await indexedSample(t, {
    onContents: (records) => {
      offered += records.length;
      // In reverse, as batches may come back: the numbering order must not matter.
      prepared.add([...records].reverse());
    },
  });
  assert.ok(offered > 5, `only ${offered} contents offered`);
  // The cache's own preparation, filled as the run above filled its own.
  const fromCache = cache.prepare(store);
  fromCache.add(store.loadCorpus());

  const ahead = buildLexicalIndex(store.loadCorpus(), prepared);
  const cached = cache.get(store);
  const plain = buildLexicalIndex(store.loadCorpus());
  assert.deepEqual(ahead.files, plain.files);
  for (const text of QUERIES) {
    const expected = await rankIssue({ index: plain, now: () => 0 }, { text, top: 10, mode: "bm25" });
    assert.ok(expected.files.length > 0);
    assert.deepEqual(await rankIssue({ index: ahead, now: () => 0 }, { text, top: 10, mode: "bm25" }), expected);
    assert.deepEqual(await rankIssue({ index: cached, now: () => 0 }, { text, top: 10, mode: "bm25" }), expected);
  }
  for (const term of ["kg", "convert", "pantry", "shopping", "servings"]) assert.deepEqual(ahead.postings(term), plain.postings(term), term);

  // One build per preparation: a second would number terms under the first index; later additions are ignored.
  assert.throws(() => buildLexicalIndex(store.loadCorpus(), prepared), /used by a build already/);
  assert.doesNotThrow(() => prepared.add([{ hash: "late", analysis: new Uint8Array() }]));
});

test("prepared contents that no file has add nothing a ranking sees", async (t) => {
  const { store } = await indexedSample(t);
  // A content of another tree (its terms never occur here): numbered, never posted.
  const { store: other } = await indexedSample(t, {}, { "zebra.py": "def quagga_zebra_okapi():\n    return 'zebra'\n" });
  const stray = other.loadCorpus().find((f) => f.path === "zebra.py")!;
  const prepared = prepareContents();
  prepared.add([stray]);

  const corpus = store.loadCorpus();
  const ahead = buildLexicalIndex(corpus, prepared);
  const plain = buildLexicalIndex(corpus);
  assert.equal(ahead.postings("quagga"), undefined);
  for (const text of QUERIES) {
    assert.deepEqual(await rankIssue({ index: ahead, now: () => 0 }, { text, top: 10, mode: "bm25" }),
      await rankIssue({ index: plain, now: () => 0 }, { text, top: 10, mode: "bm25" }));
  }
});
