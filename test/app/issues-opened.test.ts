import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import type { Ranking } from "../../src/rank/types.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness, isMapRead } from "./app-harness.js";
import { issuesLabeled, issuesOpened } from "./payloads.js";
import { expectedFooter } from "./expected-footer.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "0123456789abcdef0123456789abcdef01234567";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 7, title: "Invoice total is negative after a refund", body: "compute_total raises ValueError" };

const RANKING: Ranking = {
  mode: "bm25",
  reason: "no embedding key configured",
  ms: 42,
  confidence: 0.95,
  files: [
    {
      path: "shopcart/billing/invoice.py",
      score: 9.5,
      evidence: {
        terms: ["compute_total", "invoice", "refund"], words: ["compute_total", "invoice", "refund"],
        symbol: { name: "compute_total", qualifiedName: "Invoice.compute_total", kind: "method", startLine: 21, endLine: 31 },
        mention: { kind: "frame", text: "shopcart/billing/invoice.py:30", line: 30 },
      },
    },
    // Over `ranking.min_relative_score` of the first: listed.
    { path: "shopcart/billing/discount.py", score: 5.2, evidence: { terms: ["total"], words: ["total"] } },
  ],
};

const EXPECTED_BODY = [
  "<!-- bugscout -->",
  "",
  "**BugScout**: 2 files most likely to need a change:",
  "",
  "1. [shopcart/billing/invoice\\.py](https://github.example/acme/shop/blob/0123456789abcdef0123456789abcdef01234567/shopcart/billing/invoice.py#L21-L31)"
    + " — `Invoice.compute_total` (lines 21–31) · stack frame `shopcart/billing/invoice.py:30` · matches `compute_total`, `invoice`, `refund`",
  "2. [shopcart/billing/discount\\.py](https://github.example/acme/shop/blob/0123456789abcdef0123456789abcdef01234567/shopcart/billing/discount.py)"
    + " — matches `total`",
  "",
  ...expectedFooter("mode bm25: no embedding key configured · type bug (model) · confidence 0.95 · ranked in 42 ms · commit 0123456 · `/bugscout help` for commands"),
].join("\n");

/** The reads of the area map and CODEOWNERS (none of them exists in this repository: GitHub's three places are tried). */
const MAP_READS = [
  "GET /repos/acme/shop/contents/.github/labeler.yml",
  "GET /repos/acme/shop/contents/.github/CODEOWNERS",
  "GET /repos/acme/shop/contents/CODEOWNERS",
  "GET /repos/acme/shop/contents/docs/CODEOWNERS",
];

describe("issues.opened", () => {
  const gh = appHarness({ repo: { ...REPO, headSha: SHA }, tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-0123456") });

  async function withApp(fn: () => Promise<void>): Promise<void> {
    const app = await gh.start();
    app.index.ranking = RANKING;
    await fn();
    await app.close();
    assert.deepEqual(gh.fake.unexpected, []);
  }

  it("indexes the default branch snapshot, ranks the issue and posts exactly one comment", () => withApp(async () => {
    const status = await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.equal(status, 200);
    assert.deepEqual(gh.fake.calls().filter((c) => !isMapRead(c)), [
      "POST /app/installations/42/access_tokens",
      "GET /repos/acme/shop/contents/.github/bugscout.yml",
      "GET /repos/acme/.github/contents/.github/bugscout.yml",
      "GET /repos/acme/shop/contents/.github/ISSUE_TEMPLATE",
      "GET /repos/acme/shop/branches/main",
      `GET /repos/acme/shop/tarball/${SHA}`,
      `GET /_codeload/acme/shop/legacy.tar.gz/${SHA}`,
      "GET /repos/acme/shop/issues/7/comments",
      "POST /repos/acme/shop/issues/7/comments",
    ]);
    assert.deepEqual(gh.fake.calls().filter(isMapRead), MAP_READS, "the maps are read (alongside the index) at the ranked commit");
    assert.ok(gh.fake.requests.filter((r) => isMapRead(`${r.method} ${r.path}`)).every((r) => r.query.ref === SHA));
    assert.deepEqual(gh.repo.comments.get(7)?.map((c) => c.body), [EXPECTED_BODY]);
    const stored = gh.app.index.stored.get("42/acme/shop");
    assert.equal(stored?.commit, SHA);
    assert.deepEqual([...(stored?.files.keys() ?? [])], [
      "README.md",
      "docs/sessions.md",
      "shopcart/__init__.py",
      "shopcart/auth/session.py",
      "shopcart/billing/__init__.py",
      "shopcart/billing/discount.py",
      "shopcart/billing/invoice.py",
      "shopcart/http/router.py",
      "shopcart/storage/cache.py",
      "tests/test_discount.py",
    ]);
    assert.deepEqual(gh.app.index.rankRequests.map((r) => r.request), [{
      text: `${ISSUE.title}\n\n${ISSUE.body}`,
      topK: 5,
      mode: "auto",
      include: [],
      exclude: [],
      latencyBudgetMs: 5000,
    }]);
    const snapshots = await readdir(path.join(gh.app.dataDir, "installations/42/acme/shop.snapshot"));
    assert.deepEqual(snapshots, [], "the extracted snapshot is removed after indexing");
  }));

  it("edits nothing on a second delivery with the same ranking, and edits in place when it changed", () => withApp(async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    gh.fake.requests.length = 0;

    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);
    assert.deepEqual(gh.fake.calls().filter((c) => !isMapRead(c)), [
      "GET /repos/acme/shop/contents/.github/bugscout.yml",
      "GET /repos/acme/.github/contents/.github/bugscout.yml",
      "GET /repos/acme/shop/contents/.github/ISSUE_TEMPLATE",
      "GET /repos/acme/shop/branches/main",
      "GET /repos/acme/shop/issues/7/comments",
    ], "the index is cached per commit and an unchanged body is not posted");

    gh.app.index.ranking = { ...RANKING, files: RANKING.files.slice(0, 1) };
    gh.fake.requests.length = 0;
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);
    const comments = gh.repo.comments.get(7) ?? [];
    assert.equal(comments.length, 1);
    assert.match(comments[0].body, /^<!-- bugscout -->\n\n\*\*BugScout\*\*: the file most likely to need a change:\n/);
    assert.deepEqual(gh.fake.calls().slice(-1), [`PATCH /repos/acme/shop/issues/comments/${comments[0].id}`]);
  }));

  it("recreates the comment when it was deleted", () => withApp(async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    gh.repo.comments.set(7, []);

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.deepEqual(gh.repo.comments.get(7)?.map((c) => c.body), [EXPECTED_BODY]);
  }));

  it("produces exactly one comment for two simultaneous deliveries", () => withApp(async () => {
    const statuses = await Promise.all([
      gh.app.deliver("issues", issuesOpened(REPO, ISSUE)),
      gh.app.deliver("issues", issuesOpened(REPO, ISSUE)),
    ]);

    assert.deepEqual(statuses, [200, 200]);
    assert.equal(gh.repo.comments.get(7)?.length, 1);
    assert.equal(gh.app.index.indexCalls.length, 1, "the snapshot is indexed once");
  }));

  it("finds its comment on a later page among many others", () => withApp(async () => {
    for (let i = 0; i < 130; i++) gh.fake.seedComment(gh.repo, 7, `comment ${i}`, { login: "someone", type: "User", id: 3 });
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    gh.app.index.ranking = { ...RANKING, ms: 43, reason: "ranked again" };

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    const ours = (gh.repo.comments.get(7) ?? []).filter((c) => c.body.startsWith("<!-- bugscout -->"));
    assert.equal(ours.length, 1);
    assert.match(ours[0].body, /mode bm25: ranked again · .* · ranked in 43 ms/);
    assert.ok(gh.fake.calls().includes("PATCH /repos/acme/shop/issues/comments/" + ours[0].id));
  }));

  it("ignores a comment by a human that carries the marker", () => withApp(async () => {
    gh.fake.seedComment(gh.repo, 7, "<!-- bugscout --> quoted by a person", { login: "someone", type: "User", id: 3 });

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    const bodies = gh.repo.comments.get(7)?.map((c) => c.body);
    assert.deepEqual(bodies, ["<!-- bugscout --> quoted by a person", EXPECTED_BODY]);
  }));

  it("does not post on a locked issue", () => withApp(async () => {
    gh.repo.lockedIssues.add(7);

    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, locked: true })), 200);

    assert.equal(gh.repo.comments.get(7), undefined);
    assert.ok(!gh.fake.calls().some((c) => c.startsWith("POST /repos/acme/shop/issues/7/comments")));
    assert.ok(gh.app.logs.some((l) => l.includes("issue is locked")));
  }));

  it("handles an issue locked after the event was sent (403 from GitHub) without an error", () => withApp(async () => {
    gh.repo.lockedIssues.add(7);

    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);

    assert.equal(gh.repo.comments.get(7), undefined);
    assert.ok(!gh.app.logs.some((l) => l.includes("event handling failed")));
  }));

  it("comments on a trigger label when on_open is off, and not on open", () => withApp(async () => {
    gh.repo.settings = "trigger:\n  on_open: false\n  labels: [bug]\n";

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.equal(gh.repo.comments.get(7), undefined);
    await gh.app.deliver("issues", issuesLabeled(REPO, ISSUE, "question"));
    assert.equal(gh.repo.comments.get(7), undefined);
    await gh.app.deliver("issues", issuesLabeled(REPO, ISSUE, "Bug"));

    // The label is also the issue's type: the details say where the type came from.
    assert.deepEqual(gh.repo.comments.get(7)?.map((c) => c.body), [EXPECTED_BODY.replace("type bug (model)", "type bug (label)")]);
  }));

  it("skips issues by bots, with an ignored label, or when disabled, calling only the settings API", () => withApp(async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, author: { login: "dependabot[bot]", type: "Bot" } }));
    gh.repo.settings = "trigger:\n  ignore_labels: [wontfix]\n";
    await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["wontfix"] }));
    gh.repo.settings = "enabled: false\n";
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.equal(gh.repo.comments.get(7), undefined);
    assert.deepEqual(new Set(gh.fake.calls()), new Set([
      "POST /app/installations/42/access_tokens",
      "GET /repos/acme/shop/contents/.github/bugscout.yml",
      "GET /repos/acme/.github/contents/.github/bugscout.yml",
    ]));
  }));

  it("logs the comment instead of posting it in dry-run mode", () => withApp(async () => {
    gh.repo.settings = "dry_run: true\n";

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.equal(gh.repo.comments.get(7), undefined);
    assert.ok(!gh.fake.calls().some((c) => c.includes("/comments")));
    const line = gh.app.logs.find((l) => l.includes("dry run: comment not posted"));
    assert.equal(JSON.parse(line ?? "{}").body, EXPECTED_BODY);
  }));

  it("stays silent below the confidence floor when the settings say so", () => withApp(async () => {
    gh.repo.settings = "ranking:\n  min_confidence: 0.99\ncomment:\n  below_confidence: silent\n";

    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));

    assert.equal(gh.repo.comments.get(7), undefined);
    assert.ok(!gh.fake.calls().some((c) => c.includes("/comments")));
  }));
});
