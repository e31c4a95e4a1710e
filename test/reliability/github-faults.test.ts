import assert from "node:assert/strict";
import { after, before, describe, it, type TestContext } from "node:test";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { issuesOpened } from "../app/payloads.js";
import { startReliabilityApp, type ReliabilityApp } from "./reliability-app.js";

const SHA = "9999999999999999999999999999999999999999";
const RANKING = { mode: "bm25" as const, reason: "r", ms: 1, confidence: 0.42, files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch"], words: ["dispatch"] } }] };

/** Lines of the app's log that match `pattern`, parsed. */
function logged(app: ReliabilityApp, pattern: RegExp): Record<string, unknown>[] {
  return app.logs.filter((l) => pattern.test(l)).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** `name status: message` of a logged error summary. */
function errorOf(line: Record<string, unknown>): string {
  const err = line.err as { name: string; status?: number; message: string };
  return `${err.name} ${err.status ?? "-"}: ${err.message}`;
}

describe("GitHub faults, through the app's Octokit retry and throttling plugins", () => {
  let fake: FakeGitHub;
  // Each test has its own installation: the throttling plugin spaces writes per installation for the whole process.
  let nextInstallation = 300;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(() => fake?.closeAndCheck());

  /** A repository with its own installation and an app for it, closed after the test `t` whether it passed or not. */
  async function setUp(t: TestContext): Promise<{ app: ReliabilityApp; repo: FakeRepo; spec: { owner: string; name: string; installationId: number } }> {
    const spec = { owner: "acme", name: `shop${nextInstallation}`, installationId: nextInstallation++ };
    const repo = fake.addRepo({ ...spec, headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([{ name: `acme-${spec.name}-9999999/app.py`, content: "def dispatch():\n    pass\n" }]));
    const app = await startReliabilityApp(fake, { index: "fake" });
    t.after(() => app.close());
    app.fakeIndex.ranking = RANKING;
    fake.requests.length = 0;
    return { app, repo, spec };
  }

  function count(call: string): number {
    return fake.calls().filter((c) => c === call).length;
  }

  it("a 5xx that outlasts the retries is logged with its status, nothing is posted, and the next delivery comments", async (t) => {
    const { app, repo, spec } = await setUp(t);
    fake.failNext("GET", /\/branches\/main$/, 502, "Bad Gateway", { times: 4 });

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 1, title: "dispatch", body: "", labels: ["bug"] })), 200);

    assert.equal(count(`GET /repos/acme/${spec.name}/branches/main`), 4, "the first try and three retries");
    assert.equal(repo.comments.get(1), undefined);
    const failures = logged(app, /event handling failed/);
    assert.deepEqual(failures.map((f) => [f.event, errorOf(f)]), [["issues", "HttpError 502: Bad Gateway"]]);

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 1, title: "dispatch", body: "", labels: ["bug"] })), 200);
    assert.equal(repo.comments.get(1)?.length, 1);
  });

  it("a primary rate limit (403, x-ratelimit-remaining 0) is waited out until x-ratelimit-reset, then the comment is posted once", async (t) => {
    const { app, repo, spec } = await setUp(t);
    const reset = String(Math.ceil(Date.now() / 1000) + 1);
    fake.failNext("POST", /\/issues\/2\/comments$/, 403, `API rate limit exceeded for installation ID ${spec.installationId}.`, {
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset },
    });

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 2, title: "dispatch", body: "", labels: ["bug"] })), 200);

    assert.equal(count(`POST /repos/acme/${spec.name}/issues/2/comments`), 2);
    assert.equal(repo.comments.get(2)?.length, 1);
    assert.equal(logged(app, /event handling failed/).length, 0);
    assert.equal(logged(app, /Request quota exhausted/).length, 1);
  });

  it("a primary rate limit that outlasts three waits is reported, and the next delivery after the reset comments", async (t) => {
    const { app, repo, spec } = await setUp(t);
    const headers = { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000)) };
    fake.failNext("GET", /\/branches\/main$/, 403, "API rate limit exceeded", { headers, times: 4 });

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 3, title: "dispatch", body: "", labels: ["bug"] })), 200);

    assert.equal(count(`GET /repos/acme/${spec.name}/branches/main`), 4, "the first try and three retries (Probot retries while retryCount <= 2)");
    assert.equal(repo.comments.get(3), undefined);
    assert.deepEqual(logged(app, /event handling failed/).map(errorOf), ["HttpError 403: API rate limit exceeded"]);

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 3, title: "dispatch", body: "", labels: ["bug"] })), 200);
    assert.equal(repo.comments.get(3)?.length, 1);
  });

  it("a 429 with retry-after is retried and the comment is posted once", async (t) => {
    const { app, repo, spec } = await setUp(t);
    fake.failNext("GET", /\/branches\/main$/, 429, "Too Many Requests", { headers: { "retry-after": "1" } });

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 4, title: "dispatch", body: "", labels: ["bug"] })), 200);

    assert.equal(count(`GET /repos/acme/${spec.name}/branches/main`), 2);
    assert.equal(repo.comments.get(4)?.length, 1);
  });

  it("a secondary rate limit on the comment is waited out (retry-after) and the comment is posted once", async (t) => {
    const { app, repo, spec } = await setUp(t);
    fake.failNext("POST", /\/issues\/5\/comments$/, 403, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", {
      headers: { "retry-after": "2" },
    });

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 5, title: "dispatch", body: "", labels: ["bug"] })), 200);

    assert.equal(count(`POST /repos/acme/${spec.name}/issues/5/comments`), 2);
    assert.equal(repo.comments.get(5)?.length, 1);
  });

  it("a comment GitHub created but answered 502 for is not posted twice", async (t) => {
    const { app, repo, spec } = await setUp(t);
    fake.failNext("POST", /\/issues\/6\/comments$/, 502, "Bad Gateway", { afterEffect: true });

    assert.equal(await app.deliver("issues", issuesOpened(spec, { number: 6, title: "dispatch", body: "", labels: ["bug"] })), 200);

    assert.equal(repo.comments.get(6)?.length, 1);
  });
});
