import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestContext } from "node:test";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer, type RefreshOptions } from "../../src/triage/create-indexer.js";
import { makeTempDir } from "../index/temp-tree.js";

const SAMPLE = join(import.meta.dirname, "../../examples/sample-repo");

/**
 * A copy of the bundled sample (plus `extra` files, path → text) indexed into a new store with `options`; the store
 * and the indexer are closed when the test ends.
 */
export async function indexedSample(t: TestContext, options: RefreshOptions = {}, extra: Readonly<Record<string, string>> = {}) {
  const root = join(makeTempDir(t, "bugscout-tree-"), "repo");
  cpSync(SAMPLE, root, { recursive: true });
  for (const [path, text] of Object.entries(extra)) writeFileSync(join(root, path), text);
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, root, options);
  return { root, store, indexer };
}
