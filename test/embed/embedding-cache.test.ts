import assert from "node:assert/strict";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fillEmbeddings } from "../../src/embed/fill-embeddings.js";
import { createTreeSourceReader } from "../../src/embed/source-reader.js";
import { createVoyageEmbedder } from "../../src/embed/voyage-embedder.js";
import { createFsTreeSource } from "../../src/index/fs-tree-source.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import { createEmbeddingRepo } from "../../src/store/embedding-repo.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { scoreDense } from "../../src/rank/dense/dense-score.js";
import { startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";
import { indexFixture, writeFixtureRepo, writeModule } from "./fixture-repo.js";

describe("embedding cache", () => {
  let fake: FakeVoyage;
  let extractor: SymbolExtractor;
  before(async () => {
    fake = await startFakeVoyage();
    extractor = await createSymbolExtractor({ languages: ["python"] });
  });
  after(async () => {
    extractor.dispose();
    await fake.close();
  });

  test("a re-index after 10 changed files embeds only the 10 changed units", async () => {
    const root = writeFixtureRepo(40);
    const store = openIndexStore(join(root, ".index.sqlite"));
    try {
      const repo = createEmbeddingRepo(store.db);
      const embedder = createVoyageEmbedder({ apiKey: "k", baseUrl: fake.baseUrl, dims: 64 });
      const deps = { repo, embedder, source: createTreeSourceReader(createFsTreeSource(root)) };
      await indexFixture(root, store, extractor);
      assert.deepEqual(pick(repo.coverage(embedder.modelKey)), { contents: 40, unchunked: 40, chunks: 0, embedded: 0 });

      const progress: number[] = [];
      const first = await fillEmbeddings(deps, { groupSize: 50, onProgress: (p) => progress.push(p.embedded) });
      // per file: header, class outline, 2 methods, 1 function
      assert.deepEqual([first.outcome, first.files, first.embedded], ["done", 40, 200]);
      assert.deepEqual(progress, [50, 100, 150, 200]);
      assert.equal(fake.embedded.length, 200);
      assert.deepEqual(pick(repo.coverage(embedder.modelKey)), { contents: 40, unchunked: 0, chunks: 200, embedded: 200 });
      assert.equal(repo.coverage(embedder.modelKey).missingTokens, 0);

      for (let i = 0; i < 10; i++) writeModule(root, i, 1); // change the body of save_* in 10 files
      await indexFixture(root, store, extractor);
      const stale = repo.coverage(embedder.modelKey);
      assert.deepEqual(pick(stale), { contents: 40, unchunked: 10, chunks: 150, embedded: 150 });
      fake.embedded.length = 0;
      const second = await fillEmbeddings(deps);
      assert.deepEqual([second.outcome, second.files, second.embedded], ["done", 10, 10]);
      assert.equal(fake.embedded.length, 10, "only the changed units went to the service");
      for (const text of fake.embedded) {
        assert.match(text.split("\n")[1], /^method \w+Manager\d+\.save_\w+$/);
        assert.match(text, /return 1$/);
      }

      fake.embedded.length = 0;
      await indexFixture(root, store, extractor);
      const third = await fillEmbeddings(deps);
      assert.deepEqual([third.files, third.embedded, fake.embedded.length], [0, 0, 0]);

      for (let i = 0; i < 10; i++) writeModule(root, i, 0); // revert: those vectors are still cached
      await indexFixture(root, store, extractor);
      const reverted = await fillEmbeddings(deps);
      assert.deepEqual([reverted.files, reverted.embedded, fake.embedded.length], [10, 0, 0]);
    } finally {
      store.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a renamed file gets units under its new path; a changed-on-disk file waits for the next index", async () => {
    const root = writeFixtureRepo(3);
    const store = openIndexStore(join(root, ".index.sqlite"));
    try {
      const repo = createEmbeddingRepo(store.db);
      const embedder = createVoyageEmbedder({ apiKey: "k", baseUrl: fake.baseUrl, dims: 64 });
      const deps = { repo, embedder, source: createTreeSourceReader(createFsTreeSource(root)) };
      await indexFixture(root, store, extractor);
      await fillEmbeddings(deps);
      renameSync(join(root, "shop/invoice/m0.py"), join(root, "shop/invoice/billing.py"));
      await indexFixture(root, store, extractor);
      assert.deepEqual(repo.findFilesNeedingEmbeddings(embedder.modelKey), [{ path: "shop/invoice/billing.py", hash: repo.findFilesNeedingEmbeddings(embedder.modelKey)[0].hash, reason: "renamed" }]);
      fake.embedded.length = 0;
      const report = await fillEmbeddings(deps);
      assert.equal(report.embedded, 5);
      assert.ok(fake.embedded.every((t) => t.startsWith("shop/invoice/billing.py\n")));
      const ranked = scoreDense(repo.loadDenseIndex(embedder.modelKey, 64), await embedder.embedQuery("create_invoice fails"));
      assert.equal(ranked[0].path, "shop/invoice/billing.py");
      assert.equal(ranked[0].evidence.symbol?.qualifiedName, "InvoiceManager0.create_invoice");

      writeModule(root, 1, 7); // changed after indexing: the text no longer matches the stored hash
      await fillEmbeddings(deps);
      writeModule(root, 2, 7);
      rmSync(join(root, "shop/shipment/m1.py"));
      store.db.prepare("DELETE FROM chunks").run();
      const skipped = await fillEmbeddings(deps);
      assert.deepEqual([skipped.files, skipped.skippedFiles], [3, 2]);
    } finally {
      store.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

function pick(c: { contents: number; unchunked: number; chunks: number; embedded: number }) {
  return { contents: c.contents, unchunked: c.unchunked, chunks: c.chunks, embedded: c.embedded };
}
