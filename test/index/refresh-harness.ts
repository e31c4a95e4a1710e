import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { test, type TestContext } from "node:test";
import { createFsTreeSource } from "../../src/index/fs-tree-source.js";
import { indexTree, type IndexTreeOptions } from "../../src/index/index-tree.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { TreeSource } from "../../src/index/tree-source.js";
import { analyzeToBytes } from "../../src/rank/lexical/analyze-content.js";
import type { IndexStore } from "../../src/store/index-store.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { makeTempDir, writeTree, type TreeSpec } from "./temp-tree.js";

/** A clock far after every file's and folder's times, so every fingerprint is settled and trusted. */
export const LATER = () => Date.now() + 3_600_000;

let extractor: SymbolExtractor | undefined;
/** One Python extractor for the test file, disposed when it ends (registered as the file loads this module). */
async function python(): Promise<SymbolExtractor> {
  extractor ??= await createSymbolExtractor({ languages: ["python"] });
  return extractor;
}
test.after(() => extractor?.dispose());

/** A directory source that records which folders were listed and which files were read. */
function countingSource(root: string): TreeSource & { listed: string[]; reads: string[] } {
  const fs = createFsTreeSource(root);
  const listed: string[] = [];
  const reads: string[] = [];
  return {
    ...fs, listed, reads,
    listDirectory: (path) => (listed.push(path), fs.listDirectory(path)),
    readFile: (path) => (reads.push(path), fs.readFile(path)),
  };
}

/**
 * A checkout of `tree` in a temporary folder and a store (at `storePath`, or a fresh one), and `run`, a refresh of
 * the checkout that reports which files it read and which folders it listed (sorted), under the settled clock.
 */
export async function refreshHarness(t: TestContext, tree: TreeSpec, storePath?: string) {
  const root = makeTempDir(t);
  writeTree(root, tree);
  const store = openIndexStore(storePath ?? join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const ex = await python();
  const run = async (overrides: Partial<IndexTreeOptions> = {}, over: IndexStore = store) => {
    const source = countingSource(root);
    const report = await indexTree({ root, store: over, source, extractor: ex, analyze: analyzeToBytes, fileClock: LATER, ...overrides });
    return { report, reads: source.reads.sort(), listed: source.listed.sort() };
  };
  return { root, store, run };
}

/** A store file as a build of schema `version` left it (its migrations only, no tree), for upgrade tests. */
export function storeAtSchema(t: TestContext, version: number): string {
  const path = join(makeTempDir(t, "bugscout-store-"), "old.sqlite");
  const db = new Sqlite(path);
  for (const m of MIGRATIONS.filter((m) => m.version <= version)) m.up(db);
  db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(version));
  db.close();
  return path;
}
