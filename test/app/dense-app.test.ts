import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { after, afterEach, before, describe, it } from "node:test";
import { deadVoyageUrl, startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { startTestApp, VOYAGE_KEY, type TestApp } from "./app-harness.js";
import { closeAll } from "../support/close-all.js";
import { issuesOpened } from "./payloads.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "8888888888888888888888888888888888888888";
const ISSUE = { title: "Invoice total is negative", body: "The invoice total goes negative when a discount is applied to the cart." };

/** The footer line that says which mode ran and why. */
function modeLine(body: string): string {
  const line = body.split("\n").find((l) => /mode (bm25|dense|hybrid):/.test(l));
  assert.ok(line, `no mode line in:\n${body}`);
  return line;
}

/** Waits (bounded) until the app logged `message`, polling; fails with the logs when it never does. */
async function waitForLog(app: TestApp, message: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!app.logs.some((l) => l.includes(message))) {
    if (Date.now() > deadline) assert.fail(`no "${message}" log within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the app ranking dense-first through the real voyageai client", () => {
  let github: FakeGitHub;
  let voyage: FakeVoyage;
  let app: TestApp | undefined;
  let tarball: Buffer;

  before(async () => {
    github = await startFakeGitHub();
    voyage = await startFakeVoyage({ apiKey: VOYAGE_KEY });
    tarball = await tarballFromDirectory(FIXTURE, "acme-dense-8888888");
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  after(() => closeAll(() => voyage?.close(), () => github?.closeAndCheck()));

  function addRepo(name: string, installationId: number, settings?: string) {
    const repo = github.addRepo({ owner: "acme", name, installationId, headSha: SHA, ...(settings ? { settings } : {}) });
    repo.tarballs.set(SHA, tarball);
    return { repo, spec: { owner: "acme", name, installationId } };
  }

  it("embeds a small repository within the budget and answers dense, keeping only the indexed snapshot", async () => {
    const { repo, spec } = addRepo("small", 71);
    app = await startTestApp(github, { realIndex: true, voyageBaseUrl: voyage.baseUrl });
    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 1, ...ISSUE })), 200);
    const body = repo.comments.get(1)?.[0]?.body ?? "";
    assert.match(modeLine(body), /mode (dense|hybrid): .*embedding the missing/);
    assert.ok(voyage.requests.some((r) => r.inputType === "query"));
    const kept = await readdir(path.join(app.dataDir, "installations", "71", "acme", "small.snapshot"));
    assert.deepEqual(kept, [SHA]);
    assert.ok(app.logs.every((l) => !l.includes(VOYAGE_KEY)));
  });

  it("answers lexically at once when embedding does not fit the budget, fills in the background, then goes dense", async () => {
    voyage.configure({ latencyMs: 400 });
    const { repo, spec } = addRepo("slow", 72, "ranking:\n  latency_budget_ms: 200\n");
    app = await startTestApp(github, { realIndex: true, voyageBaseUrl: voyage.baseUrl });
    try {
      assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 1, ...ISSUE })), 200);
      assert.match(modeLine(repo.comments.get(1)?.[0]?.body ?? ""), /mode bm25: .*filling embeddings in background/);
      await waitForLog(app, "embedding fill finished");
      // The planner remembers the slow calls it measured, so the next request gets a budget that fits them.
      repo.settings = "ranking:\n  latency_budget_ms: 5000\n";
      const queriesBefore = voyage.requests.filter((r) => r.inputType === "query").length;
      assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 2, ...ISSUE })), 200);
      assert.equal(voyage.requests.filter((r) => r.inputType === "query").length, queriesBefore + 1);
      assert.match(modeLine(repo.comments.get(2)?.[0]?.body ?? ""), /mode (dense|hybrid): embeddings 100\\% warm/);
    } finally {
      voyage.configure({ latencyMs: 0 });
    }
  });

  it("falls back to BM25 with the reason when Voyage is down, and still names the right file", async () => {
    const { repo, spec } = addRepo("down", 73);
    app = await startTestApp(github, { realIndex: true, voyageBaseUrl: await deadVoyageUrl() });
    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 1, ...ISSUE })), 200);
    const body = repo.comments.get(1)?.[0]?.body ?? "";
    assert.match(modeLine(body), /mode bm25: /);
    assert.match(body, /invoice\.py/);
    assert.ok(app.logs.every((l) => !l.includes(VOYAGE_KEY)));
  });
});
