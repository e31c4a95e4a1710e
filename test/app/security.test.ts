import assert from "node:assert/strict";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { repoStorePath } from "../../src/triage/data-layout.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { PRIVATE_KEY, startTestApp, WEBHOOK_SECRET, type TestApp } from "./app-harness.js";
import { installationDeleted, issuesOpened, repositoriesRemoved } from "./payloads.js";

const SHA = "2222222222222222222222222222222222222222";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 9, title: "Crash", body: "router dispatch fails" };

describe("security", () => {
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
    fake.requests.length = 0;
    repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([{ name: "acme-shop-2222222/app.py", content: "def dispatch():\n    pass\n" }]));
    app = await startTestApp(fake);
    // A confident ranking: silence below the confidence floor is the default, and these tests read the comment.
    app.index.ranking = {
      mode: "bm25", reason: "no embeddings", ms: 1, confidence: 0.9,
      files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch"], words: ["dispatch"], mention: { kind: "path", text: "app.py" } } }],
    };
  });

  async function finish(): Promise<void> {
    await app.close();
    assert.deepEqual(fake.unexpected, []);
  }

  it("refuses deliveries with a bad or missing signature (400) and calls no API", async () => {
    const payload = issuesOpened(REPO, ISSUE);

    assert.equal(await app.deliver("issues", payload, { signature: "sha256=" + "0".repeat(64) }), 400);
    assert.equal(await app.deliver("issues", payload, { signature: null }), 400);

    assert.deepEqual(fake.requests, []);
    assert.equal(repo.comments.get(9), undefined);
    await finish();
  });

  it("never writes credentials to the logs, even when GitHub fails after the redirect", async () => {
    fake.failNext("GET", /^\/_codeload\//, 500, "codeload broke at https://codeload.example/x.tar.gz?token=TOKEN_IN_URL");
    await app.deliver("issues", issuesOpened(REPO, ISSUE));
    await app.deliver("issues", issuesOpened(REPO, ISSUE));

    const logs = app.logs.join("\n");
    assert.match(logs, /event handling failed/, "the failure itself is logged");
    assert.match(logs, /"status":500/);
    const keyBody = PRIVATE_KEY.split("\n")[1];
    for (const secret of [keyBody, WEBHOOK_SECRET, "ghs_fake_42", "TOKEN_IN_URL"]) {
      assert.ok(!logs.includes(secret), `logs must not contain ${secret.slice(0, 12)}…`);
    }
    assert.equal(repo.comments.get(9)?.length, 1, "the second delivery still answered");
    await finish();
  });

  it("indexes only the safe entries of a hostile tarball and writes nothing outside the snapshot", async () => {
    repo.tarballs.set(SHA, await buildTarball([
      { name: "acme-shop-2222222/app.py", content: "def dispatch():\n    pass\n" },
      { name: "acme-shop-2222222/../../../../escape.py", content: "evil" },
      { name: "/tmp/bugscout-absolute.py", content: "evil" },
      { name: "acme-shop-2222222/link.py", type: "symlink", linkname: "/etc/passwd" },
      { name: "acme-shop-2222222/hard.py", type: "link", linkname: "/etc/passwd" },
    ]));

    await app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.deepEqual([...(app.index.stored.get("42/acme/shop")?.files.keys() ?? [])], ["app.py"]);
    assert.deepEqual(await readdir(app.dataDir), ["installations"]);
    assert.ok(app.logs.some((l) => l.includes('"rejected":4')));
    await finish();
  });

  it("logs a missing tarball (404) and posts nothing, without crashing", async () => {
    repo.tarballs.clear();

    assert.equal(await app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);

    assert.equal(repo.comments.get(9), undefined);
    assert.ok(app.logs.some((l) => l.includes("event handling failed") && l.includes('"status":404')));
    await finish();
  });

  it("keeps each installation's data in its own folder and deletes it on uninstall", async () => {
    const other = { installationId: 43, owner: "acme", repo: "shop" };
    const mine = { installationId: 42, owner: "acme", repo: "shop" };
    for (const key of [mine, other]) {
      await mkdir(path.dirname(repoStorePath(app.dataDir, key)), { recursive: true });
      await writeFile(repoStorePath(app.dataDir, key), `store of ${key.installationId}`);
    }
    assert.notEqual(repoStorePath(app.dataDir, mine), repoStorePath(app.dataDir, other));

    assert.equal(await app.deliver("installation", installationDeleted(42)), 200);

    assert.deepEqual(await readdir(path.join(app.dataDir, "installations")), ["43"]);
    assert.deepEqual(app.index.released, ["42"]);
    assert.deepEqual(fake.requests, [], "uninstalling needs no API call");
    await finish();
  });

  it("deletes only the repositories removed from an installation", async () => {
    const keys = ["shop", "blog"].map((name) => ({ installationId: 42, owner: "acme", repo: name }));
    for (const key of keys) {
      await mkdir(path.dirname(repoStorePath(app.dataDir, key)), { recursive: true });
      await writeFile(repoStorePath(app.dataDir, key), "store");
      await writeFile(`${repoStorePath(app.dataDir, key)}-wal`, "wal");
    }

    assert.equal(await app.deliver("installation_repositories", repositoriesRemoved(42, ["acme/shop"])), 200);

    assert.deepEqual((await readdir(path.join(app.dataDir, "installations/42/acme"))).sort(), ["blog.sqlite", "blog.sqlite-wal"]);
    assert.deepEqual(app.index.released, ["42/acme/shop"]);
    await finish();
  });

  it("refuses a repository name that would leave the data folder", async () => {
    await app.deliver("installation_repositories", repositoriesRemoved(42, ["acme/.."]));

    assert.ok(app.logs.some((l) => l.includes("event handling failed") && l.includes("invalid repository name")));
    await finish();
  });

  it("answers the health route", async () => {
    const response = await fetch(`${app.url}/health`);

    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: "ok", version: "test" });
    await finish();
  });
});
