import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { issuesOpened, push } from "./payloads.js";

const OLD = "4444444444444444444444444444444444444444";
const NEW = "5555555555555555555555555555555555555555";
const REPO = { owner: "acme", name: "shop", installationId: 42 };

describe("push", () => {
  const gh = appHarness({
    repo: { ...REPO, headSha: OLD },
    tarball: () => buildTarball([{ name: "acme-shop-4444444/a.py", content: "x = 1\n" }]),
    app: {},
  });
  beforeEach(async () => {
    gh.repo.tarballs.set(NEW, await buildTarball([{ name: "acme-shop-5555555/a.py", content: "x = 2\n" }, { name: "acme-shop-5555555/b.py", content: "y = 1\n" }]));
  });

  it("refreshes an existing index to the pushed commit in the background, with the changed paths", async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, { number: 1, title: "x", body: "" }));
    gh.fake.requests.length = 0;

    const status = await gh.app.deliver("push", push(REPO, { before: OLD, after: NEW, added: ["b.py"], modified: ["a.py"] }));
    await gh.app.deps.background.idle();

    assert.equal(status, 200);
    assert.deepEqual(gh.app.index.indexCalls.map((c) => [c.commit, c.changedPaths]), [[OLD, undefined], [NEW, ["b.py", "a.py"]]]);
    assert.deepEqual([...(gh.app.index.stored.get("42/acme/shop")?.files ?? [])], [["a.py", "x = 2\n"], ["b.py", "y = 1\n"]]);
    assert.deepEqual(gh.fake.calls(), [
      "GET /repos/acme/shop/contents/.github/bugscout.yml",
      "GET /repos/acme/.github/contents/.github/bugscout.yml",
      `GET /repos/acme/shop/tarball/${NEW}`,
      `GET /_codeload/acme/shop/legacy.tar.gz/${NEW}`,
    ]);
    await gh.app.close();
    assert.deepEqual(gh.fake.unexpected, []);
  });

  it("ignores pushes to other branches, branch deletions and repositories never indexed", async () => {
    await gh.app.deliver("push", push(REPO, { before: OLD, after: NEW }));
    await gh.app.deps.background.idle();
    assert.deepEqual(gh.fake.calls(), [], "a repository never indexed is left for its first issue");
    assert.deepEqual(gh.app.index.indexCalls, []);

    await gh.app.deliver("issues", issuesOpened(REPO, { number: 1, title: "x", body: "" }));
    gh.fake.requests.length = 0;
    await gh.app.deliver("push", push(REPO, { before: OLD, after: NEW, ref: "refs/heads/feature" }));
    await gh.app.deliver("push", { ...push(REPO, { before: OLD, after: "0".repeat(40) }), deleted: true });
    await gh.app.deps.background.idle();

    assert.deepEqual(gh.fake.calls(), []);
    assert.equal(gh.app.index.indexCalls.length, 1);
  });

  it("does not refresh when the settings disable BugScout", async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, { number: 1, title: "x", body: "" }));
    gh.repo.settings = "enabled: false\n";

    await gh.app.deliver("push", push(REPO, { before: OLD, after: NEW }));
    await gh.app.deps.background.idle();

    assert.equal(gh.app.index.indexCalls.length, 1);
  });
});
