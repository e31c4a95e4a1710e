import assert from "node:assert/strict";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { repoStorePath } from "../../src/triage/data-layout.js";
import { COMMIT_META_KEY, TRUNCATED_META_KEY } from "../../src/triage/store-repo-index.js";
import { addCommit } from "../fakes/fake-github-commits.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { startTestApp, type TestApp } from "./app-harness.js";
import { issuesOpened, push } from "./payloads.js";
import { closeAll } from "../support/close-all.js";

const A = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const B = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
const C = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const KEY = { installationId: 42, owner: "acme", repo: "shop" };

const treeA = new Map<string, Buffer>([
  ["shop/cart.py", Buffer.from("class Cart:\n    def total(self):\n        return sum(self.items)\n")],
  ["shop/pricing.py", Buffer.from("def discount(total, pct):\n    return total - total * pct\n")],
  ["shop/old_name.py", Buffer.from("def legacy_helper():\n    return 42\n")],
  ["docs/guide.md", Buffer.from("# Guide\nHow to check out.\n")],
  ["README.md", Buffer.from("# Shop\n")],
]);
// Modified, added, removed, renamed, plus changes the selection rules drop (vendored, binary).
const treeB = new Map<string, Buffer>([
  ["shop/cart.py", Buffer.from("class Cart:\n    def total(self):\n        return max(0, sum(self.items))\n")],
  ["shop/pricing.py", treeA.get("shop/pricing.py")!],
  ["shop/new_name.py", treeA.get("shop/old_name.py")!],
  ["shop/refunds.py", Buffer.from("def refund(order):\n    return order.total\n")],
  ["vendor/lib/dep.py", Buffer.from("def vendored():\n    pass\n")],
  ["shop/logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2])],
  ["README.md", treeA.get("README.md")!],
]);

/** Paths, contents and analyses of a stored index, for comparing two indexes. */
function dump(file: string) {
  const store = openIndexStore(file);
  try {
    return {
      files: store.listFiles(),
      corpus: store.loadCorpus().map((f) => ({ ...f, analysis: Buffer.from(f.analysis).toString("base64") })),
      commit: store.getMeta(COMMIT_META_KEY),
    };
  } finally {
    store.close();
  }
}

describe("push deltas: only the changed files are fetched and applied", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let app: TestApp;
  let work: string;

  before(async () => {
    fake = await startFakeGitHub();
    repo = fake.addRepo({ ...REPO, headSha: A });
    await addCommit(fake, repo, A, treeA);
    await addCommit(fake, repo, B, treeB);
    await addCommit(fake, repo, C, new Map([...treeB, ...Array.from({ length: 12 }, (_, i) => [`shop/gen_${i}.py`, Buffer.from(`X_${i} = ${i}\n`)] as const)]));
    app = await startTestApp(fake, { realIndex: true, pushDeltaMaxFiles: 10 });
    work = await mkdtemp(path.join(tmpdir(), "bugscout-delta-"));
  });
  after(() => closeAll(() => app?.close(), () => fake?.close(), () => work && rm(work, { recursive: true, force: true })));

  it("applies a push at the stored commit from the compare API and the files' contents, and equals a full re-index", async () => {
    await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "cart total", body: "" }));
    fake.requests.length = 0;

    await app.deliver("push", push(REPO, { before: A, after: B }));
    await app.deps.background.idle();

    assert.deepEqual(fake.calls().filter((c) => !c.includes("bugscout.yml")).sort(), [
      `GET /repos/acme/shop/compare/${A}...${B}`,
      "GET /repos/acme/shop/contents/shop/cart.py",
      "GET /repos/acme/shop/contents/shop/logo.png",
      "GET /repos/acme/shop/contents/shop/new_name.py",
      "GET /repos/acme/shop/contents/shop/refunds.py",
      "GET /repos/acme/shop/contents/vendor/lib/dep.py",
    ]);
    assert.deepEqual(fake.unexpected, []);

    // The same commit indexed from scratch by the full path (the tree on disk, the same indexer).
    const root = path.join(work, "tree");
    for (const [name, content] of treeB) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), content);
    }
    const fullFile = path.join(work, "full.sqlite");
    const indexer = await createIndexer();
    const full = openIndexStore(fullFile);
    await indexer.refresh(full, root, { meta: { [COMMIT_META_KEY]: B, [TRUNCATED_META_KEY]: "" } });
    full.close();
    indexer.dispose();

    const viaDelta = dump(repoStorePath(app.dataDir, KEY));
    const viaFull = dump(fullFile);
    assert.equal(viaDelta.commit, B);
    assert.deepEqual(viaDelta.files.map((f) => f.path), ["README.md", "shop/cart.py", "shop/new_name.py", "shop/pricing.py", "shop/refunds.py"]);
    assert.deepEqual(viaDelta, viaFull);
  });

  it("downloads the tarball when the push changed more files than the cap", async () => {
    fake.requests.length = 0;
    await app.deliver("push", push(REPO, { before: B, after: C }));
    await app.deps.background.idle();
    assert.deepEqual(fake.calls().filter((c) => !c.includes("bugscout.yml")), [
      `GET /repos/acme/shop/compare/${B}...${C}`,
      `GET /repos/acme/shop/tarball/${C}`,
      `GET /_codeload/acme/shop/legacy.tar.gz/${C}`,
    ]);
    assert.equal(dump(repoStorePath(app.dataDir, KEY)).files.length, 17);
  });

  it("downloads the tarball when the stored index is not at the push's `before` commit", async () => {
    fake.requests.length = 0;
    await app.deliver("push", push(REPO, { before: A, after: B }));
    await app.deps.background.idle();
    assert.deepEqual(fake.calls().filter((c) => !c.includes("bugscout.yml")), [`GET /repos/acme/shop/tarball/${B}`, `GET /_codeload/acme/shop/legacy.tar.gz/${B}`]);
    assert.equal(dump(repoStorePath(app.dataDir, KEY)).commit, B);
  });
});
