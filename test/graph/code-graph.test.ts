import assert from "node:assert/strict";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import type { LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { openIndexStore, type SqliteIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer, type Indexer } from "../../src/triage/create-indexer.js";
import { loadLexicalIndex } from "../../src/triage/load-lexical-index.js";
import { makeTempDir, removeFiles, writeTree, type TreeSpec } from "../index/temp-tree.js";

// The code graph end to end: files on disk, indexed by the real indexer into a real SQLite store, loaded as the
// CLI loads an index (built, saved as a snapshot, then opened from the snapshot by the next process).

const TREE: TreeSpec = {
  "src/http/body.ts": `export interface BodyHandler { handle(body: string): void }\n`,
  "src/http/json-body.ts": `import { BodyHandler } from "./body.js";\nexport class JsonBody implements BodyHandler {\n  handle(body: string) {}\n}\n`,
  "src/http/form-body.ts": `import type { BodyHandler } from "./body";\nexport class FormBody implements BodyHandler {\n  handle(body: string) {}\n}\n`,
  "src/server.ts": `import { JsonBody } from "./http/json-body";\nexport function serve() { return new JsonBody(); }\n`,
  "README.md": "# demo\n",
};

async function indexed(t: TestContext, spec: TreeSpec): Promise<{ root: string; store: SqliteIndexStore; indexer: Indexer }> {
  const root = makeTempDir(t);
  writeTree(root, spec);
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "repo.sqlite"));
  const indexer = await createIndexer();
  t.after(() => {
    store.close();
    indexer.dispose();
  });
  await indexer.refresh(store, root);
  return { root, store, indexer };
}

function byPath(index: LexicalIndex) {
  const number = (path: string): number => index.files.findIndex((f) => f.path === path);
  const paths = (files: ArrayLike<number>): string[] => Array.from(files, (d) => index.files[d].path).sort();
  return {
    importsOf: (path: string) => paths(index.graph.importsOf(number(path))),
    importersOf: (path: string) => paths(index.graph.importersOf(number(path))),
    subtypesOf: (name: string) => index.graph.subtypesOf(name).map((t) => `${index.files[t.file].path}:${t.name}@${t.line}`).sort(),
    supertypesOf: (name: string) => index.graph.supertypesOf(name).map((t) => `${index.files[t.file].path}:${t.name}`).sort(),
  };
}

test("imports and type relations are resolved to files, and read back the same from the saved snapshot", async (t) => {
  const { store } = await indexed(t, TREE);
  const built = loadLexicalIndex(store);
  t.after(() => built.release());
  const reopened = loadLexicalIndex(store);
  t.after(() => reopened.release());
  assert.equal("interner" in reopened.index, false, "the second load opens the saved snapshot");
  for (const { index } of [built, reopened]) {
    const g = byPath(index);
    assert.deepEqual(g.importersOf("src/http/body.ts"), ["src/http/form-body.ts", "src/http/json-body.ts"]);
    assert.deepEqual(g.importsOf("src/server.ts"), ["src/http/json-body.ts"]);
    assert.deepEqual(g.importsOf("README.md"), []);
    assert.deepEqual(g.subtypesOf("BodyHandler"), ["src/http/form-body.ts:FormBody@2", "src/http/json-body.ts:JsonBody@2"]);
    assert.deepEqual(g.supertypesOf("JsonBody"), ["src/http/body.ts:BodyHandler"]);
    assert.deepEqual(g.subtypesOf("NoSuchType"), []);
  }
});

test("a changed file's links are re-extracted and a removed file's links are collected with its content", async (t) => {
  const { root, store, indexer } = await indexed(t, TREE);
  writeTree(root, { "src/server.ts": `import { FormBody } from "./http/form-body";\nexport const s = new FormBody();\n` });
  removeFiles(root, ["src/http/json-body.ts"]);
  await indexer.refresh(store, root);
  const { index, release } = loadLexicalIndex(store);
  t.after(release);
  const g = byPath(index);
  assert.deepEqual(g.importsOf("src/server.ts"), ["src/http/form-body.ts"]);
  assert.deepEqual(g.importersOf("src/http/body.ts"), ["src/http/form-body.ts"]);
  assert.deepEqual(g.subtypesOf("BodyHandler"), ["src/http/form-body.ts:FormBody@2"]);
  // Only current contents with links keep rows (form-body.ts, the new server.ts): the removed file's and the old
  // server.ts's are gone, and body.ts, the README and the package-less tree never had one.
  const rows = store.db.prepare("SELECT count(*) FROM links").pluck().get();
  assert.equal(rows, 2);
});
