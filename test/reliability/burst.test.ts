import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildLoadFixture } from "../../bench/load-fixtures.js";
import { issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startReliabilityApp } from "./reliability-app.js";

const SHA = "5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b";
const REPOS = 6;
const ISSUES = 3;

describe("a burst of deliveries, each sent twice at once, across more repositories than the store pool holds", () => {
  let fake: FakeGitHub;
  const repos: FakeRepo[] = [];
  const fixtures = Array.from({ length: REPOS }, (_, i) => buildLoadFixture(i, ISSUES));
  const specs = fixtures.map((f, i) => ({ owner: "acme", name: f.name, installationId: 80 + (i % 2) }));

  before(async () => {
    fake = await startFakeGitHub();
    for (const [i, fixture] of fixtures.entries()) {
      const repo = fake.addRepo({ ...specs[i], headSha: SHA });
      repo.tarballs.set(SHA, await buildTarball([...fixture.files].map(([path, content]) => ({ name: `top/${path}`, content }))));
      repos.push(repo);
    }
  });
  after(() => fake?.closeAndCheck());

  it("gives every issue exactly one comment naming its file, indexes each repository once, and logs no error", async (t) => {
    const app = await startReliabilityApp(fake, { octokit: "off", maxOpenStores: 2 });
    t.after(() => app.close());
    const deliveries = fixtures.flatMap((fixture, r) => fixture.issues.flatMap((issue, k) => {
      const payload = issuesOpened(specs[r], { number: k + 1, title: issue.title, body: issue.body });
      return [app.deliver("issues", payload), app.deliver("issues", payload)];
    }));

    // Probot answers 202 ("still processing") when a delivery takes longer than 9 s and keeps handling it: under load
    // some of these do, so both mean accepted, and the comments are awaited before the app closes.
    const statuses = await Promise.all(deliveries);
    assert.ok(statuses.every((s) => s === 200 || s === 202), `statuses ${[...new Set(statuses)].join(", ")}`);
    const all = () => fixtures.every((f, r) => f.issues.every((_, k) => (repos[r].comments.get(k + 1) ?? []).length > 0));
    const deadline = Date.now() + 120_000;
    while (!all() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();

    for (const [r, fixture] of fixtures.entries()) {
      for (const [k, issue] of fixture.issues.entries()) {
        const comments = repos[r].comments.get(k + 1) ?? [];
        assert.equal(comments.length, 1, `${fixture.name}#${k + 1}`);
        assert.match(comments[0].body, new RegExp(`^1\\. \\[[^\\]]*\\]\\([^)]*/blob/${SHA}/${issue.expected.replace(/\./g, "\\.")}[#)]`, "m"));
      }
    }
    assert.equal(fake.calls().filter((c) => c.includes("/tarball/")).length, REPOS, "one snapshot per repository");
    assert.deepEqual(app.logs.filter((l) => l.includes('"level":50')), []);
  });
});
