import assert from "node:assert/strict";
import path from "node:path";
import { beforeEach, describe, it } from "node:test";
import type { Ranking } from "../../src/rank/types.js";
import { renderHelp } from "../../src/triage/render-help.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness, isMapRead, type TestAppOptions } from "./app-harness.js";
import { issueCommentCreated } from "./payloads.js";
import { expectedFooter } from "./expected-footer.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "1111111111111111111111111111111111111111";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 3, title: "Session expires too early", body: "SessionStore.lookup returns None", author: { login: "reporter", id: 77 } };
const RANKING: Ranking = {
  mode: "bm25",
  reason: "no embedding key configured",
  ms: 5,
  confidence: 0.75,
  files: [{ path: "shopcart/auth/session.py", score: 4, evidence: { terms: ["session", "lookup", "store"], words: ["session", "lookup", "store"] } }],
};

describe("/bugscout commands", () => {
  const gh = appHarness({ repo: { ...REPO, headSha: SHA }, tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-1111111") });
  beforeEach(() => {
    gh.repo.roles.set("maint", "maintain");
    gh.repo.roles.set("triager", "triage");
    gh.repo.roles.set("reader", "read");
  });

  async function withApp(fn: () => Promise<void>, options: TestAppOptions = {}): Promise<void> {
    const app = await gh.start(options);
    app.index.ranking = RANKING;
    await fn();
    await app.close();
    assert.deepEqual(gh.fake.unexpected, []);
  }

  function command(body: string, login = "maint", id = 101, user: { type?: "User" | "Bot"; id?: number } = {}) {
    return issueCommentCreated(REPO, ISSUE, { id, body, user: { login, ...user } });
  }

  it("re-ranks with the command's options and hints, reacts, and posts the comment", () => withApp(async () => {
    const status = await gh.app.deliver("issue_comment", command("/bugscout top=3 mode=bm25 path:shopcart/auth -path:tests expiry clock\nthe ttl seems off"));

    assert.equal(status, 200);
    assert.deepEqual(gh.fake.calls().filter((c) => !isMapRead(c)), [
      "POST /app/installations/42/access_tokens",
      "GET /repos/acme/shop/contents/.github/bugscout.yml",
      "GET /repos/acme/.github/contents/.github/bugscout.yml",
      "GET /repos/acme/shop/collaborators/maint/permission",
      "POST /repos/acme/shop/issues/comments/101/reactions",
      "GET /repos/acme/shop/contents/.github/ISSUE_TEMPLATE",
      "GET /repos/acme/shop/branches/main",
      `GET /repos/acme/shop/tarball/${SHA}`,
      `GET /_codeload/acme/shop/legacy.tar.gz/${SHA}`,
      "GET /repos/acme/shop/issues/3/comments",
      "POST /repos/acme/shop/issues/3/comments",
    ]);
    assert.deepEqual(gh.repo.reactions, ["101:eyes"]);
    assert.deepEqual(gh.app.index.rankRequests.map((r) => r.request), [{
      text: "Session expires too early\n\nSessionStore.lookup returns None\n\nexpiry clock\nthe ttl seems off",
      topK: 3,
      mode: "bm25",
      include: ["shopcart/auth"],
      exclude: ["tests"],
      latencyBudgetMs: 5000,
    }]);
    const [comment] = gh.repo.comments.get(3) ?? [];
    assert.equal(comment.body, [
      "<!-- bugscout -->",
      "",
      "**BugScout**: the file most likely to need a change:",
      "",
      `1. [shopcart/auth/session\\.py](https://github.example/acme/shop/blob/${SHA}/shopcart/auth/session.py) — matches \`session\`, \`lookup\`, \`store\``,
      "",
      ...expectedFooter("mode bm25: no embedding key configured · type bug (model) · confidence 0.75 · ranked in 5 ms · commit 1111111 · `/bugscout help` for commands"),
    ].join("\n"));
  }));

  it("edits the existing comment in place on a second command", () => withApp(async () => {
    await gh.app.deliver("issue_comment", command("/bugscout"));
    // A new ranking time alone is no reason to edit (upsert-own-comment.test.ts); a new reason is.
    gh.app.index.ranking = { ...RANKING, ms: 6, reason: "ranked again on request" };

    await gh.app.deliver("issue_comment", command("/bugscout top=1", "triager", 102));

    const comments = gh.repo.comments.get(3) ?? [];
    assert.equal(comments.length, 1);
    assert.match(comments[0].body, /mode bm25: ranked again on request · .* · ranked in 6 ms/);
    assert.deepEqual(gh.repo.reactions, ["101:eyes", "102:eyes"]);
  }));

  it("does nothing for a user without triage or write access", () => withApp(async () => {
    await gh.app.deliver("issue_comment", command("/bugscout", "reader"));
    await gh.app.deliver("issue_comment", command("/bugscout", "stranger", 103));

    assert.deepEqual(gh.repo.reactions, []);
    assert.equal(gh.repo.comments.get(3), undefined);
    assert.deepEqual(gh.app.index.rankRequests, []);
    assert.deepEqual(gh.fake.calls().filter((c) => !c.includes("bugscout.yml") && !c.includes("access_tokens")), [
      "GET /repos/acme/shop/collaborators/reader/permission",
      "GET /repos/acme/shop/collaborators/stranger/permission",
    ]);
  }));

  it("lets the issue's author run commands only when the settings allow it", () => withApp(async () => {
    await gh.app.deliver("issue_comment", command("/bugscout", "reporter", 104, { id: 77 }));
    assert.deepEqual(gh.repo.reactions, []);

    gh.repo.settings = "commands:\n  allow: author\n";
    await gh.app.deliver("issue_comment", command("/bugscout", "reporter", 105, { id: 77 }));

    assert.deepEqual(gh.repo.reactions, ["105:eyes"]);
    assert.equal(gh.repo.comments.get(3)?.length, 1);
  }));

  it("only maintainers run commands when allow is maintainers", () => withApp(async () => {
    gh.repo.settings = "commands:\n  allow: maintainers\n";

    await gh.app.deliver("issue_comment", command("/bugscout", "triager", 106));
    await gh.app.deliver("issue_comment", command("/bugscout", "maint", 107));

    assert.deepEqual(gh.repo.reactions, ["107:eyes"]);
  }));

  it("ignores bots, comments without a command, disabled commands and edited comments", () => withApp(async () => {
    await gh.app.deliver("issue_comment", command("/bugscout", "helper[bot]", 108, { type: "Bot" }));
    await gh.app.deliver("issue_comment", command("thanks! > /bugscout is neat"));
    await gh.app.deliver("issue_comment", command("> /bugscout\nquoted, not a command"));
    await gh.app.deliver("issue_comment", command("```\n/bugscout\n```"));
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, ISSUE, { id: 109, body: "/bugscout", user: { login: "maint" } }, "edited"));
    gh.repo.settings = "commands:\n  enabled: false\n";
    await gh.app.deliver("issue_comment", command("/bugscout"));

    assert.deepEqual(gh.repo.reactions, []);
    assert.deepEqual(gh.fake.calls().filter((c) => !c.includes("bugscout.yml") && !c.includes("access_tokens")), []);
  }));

  it("answers help with the usage, in one help comment kept apart from the ranking", () => withApp(async () => {
    await gh.app.deliver("issue_comment", command("/bugscout help"));
    await gh.app.deliver("issue_comment", command("/bugscout help", "maint", 110));

    assert.deepEqual(gh.repo.comments.get(3)?.map((c) => c.body), [renderHelp("collaborators")]);
    assert.deepEqual(gh.app.index.rankRequests, []);
    assert.ok(renderHelp("collaborators").startsWith("<!-- bugscout:help -->\n\n**BugScout commands** (for people with triage, write, maintain or admin access):"));
  }));

  it("answers two help commands that arrive together with one help comment (and two stats commands with one stats comment)", () => withApp(async () => {
    // Each request to the fake takes a while, so without the issue's lock both answers would list the comments
    // before either posts.
    gh.fake.latencyMs = 30;
    try {
      const statuses = await Promise.all([
        gh.app.deliver("issue_comment", command("/bugscout help", "maint", 120)),
        gh.app.deliver("issue_comment", command("/bugscout help", "maint", 121)),
        gh.app.deliver("issue_comment", command("/bugscout stats", "maint", 122)),
        gh.app.deliver("issue_comment", command("/bugscout stats", "maint", 123)),
      ]);
      assert.deepEqual(statuses, [200, 200, 200, 200]);
    } finally {
      gh.fake.latencyMs = 0;
    }
    const markers = (gh.repo.comments.get(3) ?? []).map((c) => c.body.split("\n")[0]).sort();
    assert.deepEqual(markers, ["<!-- bugscout:help -->", "<!-- bugscout:stats -->"]);
    assert.equal(gh.repo.reactions.length, 4);
  }));

  it("answers a malformed command with what is wrong and the usage", () => withApp(async () => {
    await gh.app.deliver("issue_comment", command("/bugscout top=500 mode=fast path:../etc"));

    const [comment] = gh.repo.comments.get(3) ?? [];
    assert.equal(comment.body, renderHelp("collaborators", [
      "`top` must be a whole number from 1 to 20",
      "`mode` must be one of `auto`, `bm25`, `dense`, `hybrid`",
      "a `path:` option needs a relative directory without `..`",
    ]));
    assert.match(comment.body, /That command could not be read:\n- top must be a whole number from 1 to 20\n/);
    assert.deepEqual(gh.app.index.rankRequests, []);
  }));

  it("rate-limits commands per repository", () => withApp(async () => {
    for (let i = 0; i < 4; i++) await gh.app.deliver("issue_comment", command("/bugscout help", "maint", 200 + i));

    assert.deepEqual(gh.repo.reactions, ["200:eyes", "201:eyes"]);
    assert.ok(gh.app.logs.some((l) => l.includes("command refused: repository rate limit")));
  }, { commandLimit: 2 }));
});
