import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { deferSymbolExtractor } from "../../src/index/symbols/defer-symbol-extractor.js";
import { PARSED_LANGUAGES } from "../../src/index/symbols/extractor-version.js";
import { LANGUAGE_RULES } from "../../src/index/symbols/language-rules.js";
import {
  createSymbolExtractor, symbolExtractorVersion, type SymbolExtractorOptions,
} from "../../src/index/symbols/symbol-extractor.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { makeTempDir, writeTree } from "./temp-tree.js";

const PYTHON: SymbolExtractorOptions = { languages: ["python"] };

/** A deferred extractor whose grammar loads are counted. */
function countedExtractor() {
  const counter = { loads: 0 };
  const deferred = deferSymbolExtractor(PYTHON, (options) => {
    counter.loads++;
    return createSymbolExtractor(options);
  });
  return { deferred, counter };
}

test("a refresh that finds every content stored loads no grammar; a changed file loads them once", async (t) => {
  const root = makeTempDir(t);
  writeTree(root, { "pkg/a.py": "def alpha():\n    pass\n", "pkg/b.py": "def beta():\n    pass\n" });
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());

  const cold = countedExtractor();
  const first = await (await createIndexer(cold.deferred)).refresh(store, root);
  assert.deepEqual([first.analyzed, cold.counter.loads], [2, 1]);
  cold.deferred.dispose();

  // A new process (a new indexer) over the same tree: nothing new, so nothing to parse.
  const warm = countedExtractor();
  const indexer = await createIndexer(warm.deferred);
  const second = await indexer.refresh(store, root);
  assert.deepEqual([second.analyzed, second.reused, warm.counter.loads], [0, 2, 0]);

  writeTree(root, { "pkg/b.py": "def gamma():\n    pass\n" });
  const third = await indexer.refresh(store, root);
  await indexer.refresh(store, root);
  assert.deepEqual([third.analyzed, warm.counter.loads], [1, 1]);
  assert.deepEqual(store.loadCorpus().map((f) => f.symbols[0].name), ["alpha", "gamma"]);
  indexer.dispose();
});

test("the announced version is the loaded extractor's, and a mismatch is refused", async () => {
  const loaded = await createSymbolExtractor(PYTHON);
  assert.equal(symbolExtractorVersion(PYTHON), loaded.version);
  assert.equal(symbolExtractorVersion({ languages: ["python", "go", "python"] }), symbolExtractorVersion({ languages: ["go", "python"] }));
  loaded.dispose();

  // The version is computed from a list of the languages with rules, so it needs no rule table: the two must agree.
  assert.deepEqual([...PARSED_LANGUAGES], Object.keys(LANGUAGE_RULES));

  const lying = deferSymbolExtractor(PYTHON, () => createSymbolExtractor({ languages: ["go"] }));
  await assert.rejects(lying.load(), /differs from the announced/);
});
