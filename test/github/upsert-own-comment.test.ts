import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fetchOwnLogin } from "../../src/github/fetch-issue.js";
import { createRestClient } from "../../src/github/rest-client.js";
import { upsertComment } from "../../src/github/upsert-comment.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";

describe("upsertComment for a person's token (bugscout triage --post with a PAT)", () => {
  let fake: FakeGitHub;
  before(async () => {
    fake = await startFakeGitHub();
  });
  after(() => fake?.closeAndCheck());

  it("finds the comment that user posted before (and only theirs), and an installation token has no user", async () => {
    const repo = fake.addRepo({ owner: "acme", name: "shop", installationId: 42, headSha: "1".repeat(40) });
    const client = createRestClient({ token: "ghs_fake_42", baseUrl: fake.apiUrl, noRetry: true });
    const ref = { owner: "acme", repo: "shop" };
    fake.seedComment(repo, 3, "<!-- bugscout -->\nby mallory", { login: "mallory", type: "User", id: 2 });
    const mine = fake.seedComment(repo, 3, "<!-- bugscout -->\nold", { login: "Alice", type: "User", id: 1 });

    assert.equal(await upsertComment(client, ref, 3, "<!-- bugscout -->", "<!-- bugscout -->\nnew", "alice"), "updated");
    assert.equal(mine.body, "<!-- bugscout -->\nnew");
    assert.deepEqual(repo.comments.get(3)?.map((c) => c.body), ["<!-- bugscout -->\nby mallory", "<!-- bugscout -->\nnew"]);
    assert.equal(await fetchOwnLogin(client), undefined, "GET /user answers 403 for an installation token");
  });

  it("leaves a comment alone when only the ranking time differs, and edits it when the ranking does", async () => {
    const repo = fake.addRepo({ owner: "acme", name: "time", installationId: 43, headSha: "2".repeat(40) });
    const client = createRestClient({ token: "ghs_fake_43", baseUrl: fake.apiUrl, noRetry: true });
    const ref = { owner: "acme", repo: "time" };
    const footer = (files: string, took: string) => `<!-- bugscout -->\n${files}\n<sub>mode bm25 · ranked in ${took} · commit 2222222</sub>`;
    const seeded = fake.seedComment(repo, 5, footer("1. a.py", "120 ms"), { login: "bugscout[bot]", type: "Bot", id: 9 });

    assert.equal(await upsertComment(client, ref, 5, "<!-- bugscout -->", footer("1. a.py", "1.4 s")), "unchanged");
    assert.equal(seeded.body, footer("1. a.py", "120 ms"));
    assert.equal(await upsertComment(client, ref, 5, "<!-- bugscout -->", footer("1. b.py", "95 ms")), "updated");
    assert.equal(seeded.body, footer("1. b.py", "95 ms"));
  });
});
