import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startTestApp, type TestApp } from "./app-harness.js";
import { issuesOpened, push } from "./payloads.js";

const OLD = "4444444444444444444444444444444444444444";
const NEW = "5555555555555555555555555555555555555555";
const REPO = { owner: "acme", name: "shop", installationId: 42 };

describe("push", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let app: TestApp;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(async () => {
    assert.deepEqual(fake.unexpected, [], "the fake GitHub saw no unexpected request");
    await fake.close();
  });
  beforeEach(async () => {
    repo = fake.addRepo({ ...REPO, headSha: OLD });
    repo.tarballs.set(OLD, await buildTarball([{ name: "acme-shop-4444444/a.py", content: "x = 1\n" }]));
    repo.tarballs.set(NEW, await buildTarball([{ name: "acme-shop-5555555/a.py", content: "x = 2\n" }, { name: "acme-shop-5555555/b.py", content: "y = 1\n" }]));
    app = await startTestApp(fake);
    fake.requests.length = 0;
  });

  it("refreshes an existing index to the pushed commit in the background, with the changed paths", async () => {
    await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "x", body: "" }));
    fake.requests.length = 0;

    const status = await app.deliver("push", push(REPO, { before: OLD, after: NEW, added: ["b.py"], modified: ["a.py"] }));
    await app.deps.background.idle();

    assert.equal(status, 200);
    assert.deepEqual(app.index.indexCalls.map((c) => [c.commit, c.changedPaths]), [[OLD, undefined], [NEW, ["b.py", "a.py"]]]);
    assert.deepEqual([...(app.index.stored.get("42/acme/shop")?.files ?? [])], [["a.py", "x = 2\n"], ["b.py", "y = 1\n"]]);
    assert.deepEqual(fake.calls(), [
      "GET /repos/acme/shop/contents/.github/bugscout.yml",
      "GET /repos/acme/.github/contents/.github/bugscout.yml",
      `GET /repos/acme/shop/tarball/${NEW}`,
      `GET /_codeload/acme/shop/legacy.tar.gz/${NEW}`,
    ]);
    await app.close();
    assert.deepEqual(fake.unexpected, []);
  });

  it("ignores pushes to other branches, branch deletions and repositories never indexed", async () => {
    await app.deliver("push", push(REPO, { before: OLD, after: NEW }));
    await app.deps.background.idle();
    assert.deepEqual(fake.calls(), [], "a repository never indexed is left for its first issue");
    assert.deepEqual(app.index.indexCalls, []);

    await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "x", body: "" }));
    fake.requests.length = 0;
    await app.deliver("push", push(REPO, { before: OLD, after: NEW, ref: "refs/heads/feature" }));
    await app.deliver("push", { ...push(REPO, { before: OLD, after: "0".repeat(40) }), deleted: true });
    await app.deps.background.idle();

    assert.deepEqual(fake.calls(), []);
    assert.equal(app.index.indexCalls.length, 1);
    await app.close();
  });

  it("does not refresh when the settings disable BugScout", async () => {
    await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "x", body: "" }));
    repo.settings = "enabled: false\n";

    await app.deliver("push", push(REPO, { before: OLD, after: NEW }));
    await app.deps.background.idle();

    assert.equal(app.index.indexCalls.length, 1);
    await app.close();
  });
});
