import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startTestApp } from "./app-harness.js";
import { issuesOpened } from "./payloads.js";

const SHA = "8888888888888888888888888888888888888888";
const REPO = { owner: "acme", name: "shop", installationId: 42 };

describe("GitHub faults", () => {
  let fake: FakeGitHub;

  before(async () => {
    fake = await startFakeGitHub();
    const repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([{ name: "acme-shop-8888888/app.py", content: "def dispatch():\n    pass\n" }]));
  });
  after(async () => {
    assert.deepEqual(fake.unexpected, [], "the fake GitHub saw no unexpected request");
    await fake.close();
  });

  it("retries a 5xx answer and still posts the one comment", async () => {
    const app = await startTestApp(fake, { retry: true });
    app.index.ranking = { mode: "bm25", reason: "r", ms: 1, confidence: 0.42, files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch"], words: ["dispatch"] } }] };
    fake.failNext("GET", /\/branches\/main$/, 502, "Bad Gateway");

    assert.equal(await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch", body: "" })), 200);
    await app.close();

    assert.equal(fake.calls().filter((c) => c === "GET /repos/acme/shop/branches/main").length, 2);
    assert.equal(fake.repo("acme", "shop").comments.get(1)?.length, 1);
    assert.deepEqual(fake.unexpected, []);
  });
});
