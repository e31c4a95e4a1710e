import { join } from "node:path";
import type { TestContext } from "node:test";
import { buildLexicalIndex, type LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { loadLexicalIndex } from "../../src/triage/load-lexical-index.js";
import { makeTempDir, writeTree, type TreeSpec } from "../index/temp-tree.js";

/**
 * Writes `tree` to a temporary directory and indexes it as the CLI does (file selection, tree-sitter symbols,
 * content analysis, the SQLite store); returns the lexical index and the tree's root. Removed when the test ends.
 */
export async function indexFixtureTree(t: TestContext, tree: TreeSpec): Promise<{ index: LexicalIndex; root: string }> {
  const root = join(makeTempDir(t, "bugscout-tree-"), "repo");
  writeTree(root, tree);
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, root);
  return { index: buildLexicalIndex(store.loadCorpus()), root };
}

/**
 * Writes and indexes `tree` as {@link indexFixtureTree} does, then builds its lexical index once to save it and
 * returns the index opened from the saved snapshot, as a later `bugscout rank` opens it: what a test reads from it
 * must survive the snapshot.
 */
export async function indexSavedFixtureTree(t: TestContext, tree: TreeSpec): Promise<LexicalIndex> {
  const root = makeTempDir(t);
  writeTree(root, tree);
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "repo.sqlite"));
  const indexer = await createIndexer();
  await indexer.refresh(store, root);
  indexer.dispose();
  loadLexicalIndex(store).release();
  const loaded = loadLexicalIndex(store);
  t.after(() => {
    loaded.release();
    store.close();
  });
  return loaded.index;
}
