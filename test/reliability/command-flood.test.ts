import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createRateLimiter } from "../../src/triage/rate-limit.js";
import { issueCommentCreated } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startReliabilityApp } from "./reliability-app.js";

const SHA = "0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f";
const ISSUE = { number: 4, title: "dispatch fails", body: "" };

describe("a command flood across repositories", () => {
  let fake: FakeGitHub;
  const repos = [
    { owner: "acme", name: "api", installationId: 61 },
    { owner: "acme", name: "web", installationId: 61 },
    { owner: "acme", name: "cli", installationId: 61 },
    { owner: "acme", name: "api", installationId: 62 },
  ];

  before(async () => {
    fake = await startFakeGitHub();
    for (const spec of repos) {
      const repo = fake.addRepo({ ...spec, headSha: SHA });
      repo.roles.set("maint", "maintain");
      repo.tarballs.set(SHA, await buildTarball([{ name: "x-y-0f0f0f0/app.py", content: "def dispatch():\n    pass\n" }]));
    }
  });
  after(() => fake?.closeAndCheck());

  it("is limited per repository: each repository answers its first N commands, the rest are logged and dropped", async (t) => {
    const app = await startReliabilityApp(fake, { index: "fake", octokit: "off", commandLimit: 2 });
    t.after(() => app.close());
    app.fakeIndex.ranking = { mode: "bm25", reason: "r", ms: 1, confidence: 0.42, files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch"], words: ["dispatch"] } }] };
    let id = 700;
    const deliveries: Promise<number>[] = [];
    for (let round = 0; round < 5; round++) {
      for (const spec of repos) {
        const body = round % 2 === 0 ? "/bugscout" : "/bugscout help";
        deliveries.push(app.deliver("issue_comment", issueCommentCreated(spec, ISSUE, { id: id++, body, user: { login: "maint" } })));
      }
    }

    assert.deepEqual(new Set(await Promise.all(deliveries)), new Set([200]));
    await app.close();

    for (const spec of repos) {
      const repo = fake.repo(spec.owner, spec.name, spec.installationId);
      assert.equal(repo.reactions.length, 2, `${spec.installationId}/${spec.name} answered two commands`);
      // Which two won depends on arrival order; each answer is the ranking comment or the help comment, once each.
      const markers = (repo.comments.get(4) ?? []).map((c) => c.body.split("\n")[0]).sort();
      assert.ok(["<!-- bugscout -->", "<!-- bugscout:help -->", "<!-- bugscout -->,<!-- bugscout:help -->"].includes(markers.join()), markers.join());
    }
    const refused = app.logs.filter((l) => l.includes("command refused: repository rate limit"));
    assert.equal(refused.length, 3 * repos.length);
  });

  it("keeps bounded memory: past maxKeys the least recently used repositories are forgotten", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, clock: { now: () => now }, maxKeys: 3 });

    const first = ["a", "b", "c", "d"].map((k) => limiter.take(k));
    now += 1;
    const again = ["b", "c", "d", "a"].map((k) => limiter.take(k));

    assert.deepEqual(first, [true, true, true, true]);
    assert.deepEqual(again, [false, false, false, true], "`a` was forgotten when `d` came, so it is admitted again");
  });
});
