import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { issuesOpened } from "./payloads.js";

const SHA = "8888888888888888888888888888888888888888";
const REPO = { owner: "acme", name: "shop", installationId: 42 };

describe("GitHub faults", () => {
  const gh = appHarness({
    repo: { ...REPO, headSha: SHA },
    tarball: () => buildTarball([{ name: "acme-shop-8888888/app.py", content: "def dispatch():\n    pass\n" }]),
    once: true,
  });

  it("retries a 5xx answer and still posts the one comment", async () => {
    const app = await gh.start({ retry: true });
    app.index.ranking = { mode: "bm25", reason: "r", ms: 1, confidence: 0.42, files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch"], words: ["dispatch"] } }] };
    gh.fake.failNext("GET", /\/branches\/main$/, 502, "Bad Gateway");

    assert.equal(await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch", body: "", labels: ["bug"] })), 200);
    await app.close();

    assert.equal(gh.fake.calls().filter((c) => c === "GET /repos/acme/shop/branches/main").length, 2);
    assert.equal(gh.fake.repo("acme", "shop").comments.get(1)?.length, 1);
    assert.deepEqual(gh.fake.unexpected, []);
  });
});
