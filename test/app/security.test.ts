import assert from "node:assert/strict";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, it } from "node:test";
import { repoStorePath } from "../../src/triage/data-layout.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { appHarness, PRIVATE_KEY, WEBHOOK_SECRET } from "./app-harness.js";
import { installationDeleted, issuesOpened, repositoriesRemoved } from "./payloads.js";

const SHA = "2222222222222222222222222222222222222222";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 9, title: "Crash", body: "router dispatch fails" };

describe("security", () => {
  const gh = appHarness({
    repo: { ...REPO, headSha: SHA },
    tarball: () => buildTarball([{ name: "acme-shop-2222222/app.py", content: "def dispatch():\n    pass\n" }]),
    app: {},
  });
  beforeEach(() => {
    // A confident ranking: silence below the confidence floor is the default, and these tests read the comment.
    gh.app.index.ranking = {
      mode: "bm25", reason: "no embeddings", ms: 1, confidence: 0.9,
      files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch"], words: ["dispatch"], mention: { kind: "path", text: "app.py" } } }],
    };
  });

  async function finish(): Promise<void> {
    await gh.app.close();
    assert.deepEqual(gh.fake.unexpected, []);
  }

  it("refuses deliveries with a bad or missing signature (400) and calls no API", async () => {
    const payload = issuesOpened(REPO, ISSUE);

    assert.equal(await gh.app.deliver("issues", payload, { signature: "sha256=" + "0".repeat(64) }), 400);
    assert.equal(await gh.app.deliver("issues", payload, { signature: null }), 400);

    assert.deepEqual(gh.fake.requests, []);
    assert.equal(gh.repo.comments.get(9), undefined);
    await finish();
  });

  it("never writes credentials to the logs, even when GitHub fails after the redirect", async () => {
    gh.fake.failNext("GET", /^\/_codeload\//, 500, "codeload broke at https://codeload.example/x.tar.gz?token=TOKEN_IN_URL");
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    const logs = gh.app.logs.join("\n");
    assert.match(logs, /event handling failed/, "the failure itself is logged");
    assert.match(logs, /"status":500/);
    const keyBody = PRIVATE_KEY.split("\n")[1];
    for (const secret of [keyBody, WEBHOOK_SECRET, "ghs_fake_42", "TOKEN_IN_URL"]) {
      assert.ok(!logs.includes(secret), `logs must not contain ${secret.slice(0, 12)}…`);
    }
    assert.equal(gh.repo.comments.get(9)?.length, 1, "the second delivery still answered");
    await finish();
  });

  it("indexes only the safe entries of a hostile tarball and writes nothing outside the snapshot", async () => {
    gh.repo.tarballs.set(SHA, await buildTarball([
      { name: "acme-shop-2222222/app.py", content: "def dispatch():\n    pass\n" },
      { name: "acme-shop-2222222/../../../../escape.py", content: "evil" },
      { name: "/tmp/bugscout-absolute.py", content: "evil" },
      { name: "acme-shop-2222222/link.py", type: "symlink", linkname: "/etc/passwd" },
      { name: "acme-shop-2222222/hard.py", type: "link", linkname: "/etc/passwd" },
    ]));

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.deepEqual([...(gh.app.index.stored.get("42/acme/shop")?.files.keys() ?? [])], ["app.py"]);
    assert.deepEqual(await readdir(gh.app.dataDir), ["installations"]);
    assert.ok(gh.app.logs.some((l) => l.includes('"rejected":4')));
    await finish();
  });

  it("logs a missing tarball (404) and posts nothing, without crashing", async () => {
    gh.repo.tarballs.clear();

    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);

    assert.equal(gh.repo.comments.get(9), undefined);
    assert.ok(gh.app.logs.some((l) => l.includes("event handling failed") && l.includes('"status":404')));
    await finish();
  });

  it("keeps each installation's data in its own folder and deletes it on uninstall", async () => {
    const other = { installationId: 43, owner: "acme", repo: "shop" };
    const mine = { installationId: 42, owner: "acme", repo: "shop" };
    for (const key of [mine, other]) {
      await mkdir(path.dirname(repoStorePath(gh.app.dataDir, key)), { recursive: true });
      await writeFile(repoStorePath(gh.app.dataDir, key), `store of ${key.installationId}`);
    }
    assert.notEqual(repoStorePath(gh.app.dataDir, mine), repoStorePath(gh.app.dataDir, other));

    assert.equal(await gh.app.deliver("installation", installationDeleted(42)), 200);

    assert.deepEqual(await readdir(path.join(gh.app.dataDir, "installations")), ["43"]);
    assert.deepEqual(gh.app.index.released, ["42"]);
    assert.deepEqual(gh.fake.requests, [], "uninstalling needs no API call");
    await finish();
  });

  it("deletes only the repositories removed from an installation", async () => {
    const keys = ["shop", "blog"].map((name) => ({ installationId: 42, owner: "acme", repo: name }));
    for (const key of keys) {
      await mkdir(path.dirname(repoStorePath(gh.app.dataDir, key)), { recursive: true });
      await writeFile(repoStorePath(gh.app.dataDir, key), "store");
      await writeFile(`${repoStorePath(gh.app.dataDir, key)}-wal`, "wal");
    }

    assert.equal(await gh.app.deliver("installation_repositories", repositoriesRemoved(42, ["acme/shop"])), 200);

    assert.deepEqual((await readdir(path.join(gh.app.dataDir, "installations/42/acme"))).sort(), ["blog.sqlite", "blog.sqlite-wal"]);
    assert.deepEqual(gh.app.index.released, ["42/acme/shop"]);
    await finish();
  });

  it("refuses a repository name that would leave the data folder", async () => {
    await gh.app.deliver("installation_repositories", repositoriesRemoved(42, ["acme/.."]));

    assert.ok(gh.app.logs.some((l) => l.includes("event handling failed") && l.includes("invalid repository name")));
    await finish();
  });

  it("answers the health route", async () => {
    const response = await fetch(`${gh.app.url}/health`);

    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: "ok", version: "test" });
    await finish();
  });
});
