import assert from "node:assert/strict";
import path from "node:path";
import { beforeEach, describe, it } from "node:test";
import type { Ranking } from "../../src/rank/types.js";
import { getIssue, setIssue, type FakeIssue } from "../fakes/fake-github-issues.js";
import { addLabel, removeLabel } from "../fakes/fake-github-routing.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness, isMapRead, type TestAppOptions } from "./app-harness.js";
import { issueCommentCreated, issuesEdited, issuesOpened } from "./payloads.js";
import { issueClosed } from "./payloads-pulls.js";
import { FakePulls } from "../fakes/fake-github-pulls.js";
import { expectedFooter } from "./expected-footer.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "0123456789abcdef0123456789abcdef01234567";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 7, title: "Invoice total is negative after a refund", body: "compute_total raises ValueError" };

const LABELER_V5 = `
area/billing:
- changed-files:
  - any-glob-to-any-file: 'shopcart/billing/**'
area/auth:
- changed-files:
  - any-glob-to-any-file: ['shopcart/auth/**']
release:
- base-branch: 'main'
`;

const CODEOWNERS = `
*                      @acme/maintainers
/shopcart/billing/     @alice @acme/billing billing@example.com
/shopcart/auth/        @bob
`;

/** First file in billing, named by a stack frame (confidence 0.95); the second far behind (not shown: under the relative cut). */
const BILLING: Ranking = {
  mode: "bm25",
  reason: "no embedding key configured",
  ms: 42,
  confidence: 0.95,
  files: [
    {
      path: "shopcart/billing/invoice.py",
      score: 9.5,
      evidence: {
        terms: ["compute_total", "invoice", "refund"],
        words: ["compute_total", "refund", "invoice", "shop"],
        symbol: { name: "compute_total", qualifiedName: "Invoice.compute_total", kind: "method", startLine: 21, endLine: 31 },
        mention: { kind: "frame", text: "shopcart/billing/invoice.py:30", line: 30 },
      },
    },
    { path: "shopcart/billing/discount.py", score: 2.1, evidence: { terms: ["total"] } },
  ],
};

/** First file in auth, named in the issue. */
const AUTH: Ranking = {
  mode: "bm25",
  reason: "no embedding key configured",
  ms: 42,
  confidence: 0.95,
  files: [{ path: "shopcart/auth/session.py", score: 8, evidence: { terms: ["session"], mention: { kind: "path", text: "shopcart/auth/session.py" } } }],
};

/** A weak ranking: two close files, few terms (confidence below labels.min_confidence). */
const UNSURE: Ranking = {
  mode: "bm25",
  reason: "no embedding key configured",
  ms: 42,
  confidence: 0.12,
  files: [
    { path: "shopcart/billing/invoice.py", score: 1.0, evidence: { terms: ["total"] } },
    { path: "shopcart/auth/session.py", score: 0.98, evidence: { terms: ["total"] } },
  ],
};

const LINK = `https://github.example/acme/shop/blob/${SHA}`;

describe("area labels and code owners", () => {
  const gh = appHarness({ repo: { ...REPO, headSha: SHA }, tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-0123456") });
  let issue: FakeIssue;

  beforeEach(() => {
    gh.repo.files.set(".github/labeler.yml", LABELER_V5);
    gh.repo.labels.push("bug", "area/billing", "area/auth");
    issue = { number: ISSUE.number, title: ISSUE.title, body: ISSUE.body, labels: ["bug"] };
    setIssue(gh.repo, issue);
  });

  async function withApp(ranking: Ranking, fn: () => Promise<void>, options: TestAppOptions = {}): Promise<void> {
    const app = await gh.start(options);
    app.index.ranking = ranking;
    await fn();
    await app.close();
    assert.deepEqual(gh.fake.unexpected, []);
    assert.deepEqual(gh.repo.createdLabels, [], "BugScout never creates a label");
  }

  const comments = () => gh.repo.comments.get(ISSUE.number) ?? [];
  const writes = () => gh.fake.calls().filter((c) => !c.startsWith("GET ") && !c.includes("access_tokens"));

  it("adds the area label of the leading file, once, and keeps its state in the one comment", () => withApp(BILLING, async () => {
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["bug"] })), 200);

    assert.deepEqual(gh.fake.calls().filter((c) => !isMapRead(c) && !c.includes("bugscout.yml") && !c.includes("access_tokens")), [
      "GET /repos/acme/shop/contents/.github/ISSUE_TEMPLATE",
      "GET /repos/acme/shop/branches/main",
      `GET /repos/acme/shop/tarball/${SHA}`,
      `GET /_codeload/acme/shop/legacy.tar.gz/${SHA}`,
      // Read once for the missing-label report and reused by routing.
      "GET /repos/acme/shop/labels",
      "GET /repos/acme/shop/issues/7/comments",
      "GET /repos/acme/shop/issues/7",
      "GET /repos/acme/shop/issues/7/events",
      "POST /repos/acme/shop/issues/7/labels",
      "GET /repos/acme/shop/issues/7/comments",
      "POST /repos/acme/shop/issues/7/comments",
    ]);
    assert.deepEqual(issue.labels, ["bug", "area/billing"]);
    assert.deepEqual(comments().map((c) => c.body), [[
      "<!-- bugscout -->",
      "",
      "**BugScout**: the file most likely to need a change:",
      "",
      `1. [shopcart/billing/invoice\\.py](${LINK}/shopcart/billing/invoice.py#L21-L31)`
        + " — `Invoice.compute_total` (lines 21–31) · stack frame `shopcart/billing/invoice.py:30` · matches `compute_total`, `refund`, `invoice`",
      "",
      ...expectedFooter("mode bm25: no embedding key configured · type bug (label) · confidence 0.95 · ranked in 42 ms · commit 0123456 · `/bugscout help` for commands"),
      '<!-- bugscout:routing {"added":["area/billing"],"declined":[],"assigned":[]} -->',
      "",
    ].join("\n")]);
    assert.ok(gh.app.logs.some((l) => l.includes("head-branch and base-branch rules are about pull requests")), "the ignored branch rule is said once in the log");

    // A redelivery converges: nothing is written again.
    gh.fake.requests.length = 0;
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["bug"] })), 200);
    assert.deepEqual(writes(), []);
    assert.deepEqual(issue.labels, ["bug", "area/billing"]);
    assert.equal(comments().length, 1);
  }));

  it("never puts back a label a person removed: not on a redelivery, a command or an edit", () => withApp(BILLING, async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    removeLabel(issue, "area/billing");

    gh.fake.requests.length = 0;
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(writes(), [`PATCH /repos/acme/shop/issues/comments/${comments()[0].id}`], "only the comment's state changes");
    assert.match(comments()[0].body, /<!-- bugscout:routing \{"added":\[\],"declined":\["area\/billing"\],"assigned":\[\]\} -->\n$/);

    gh.repo.roles.set("maint", "write");
    gh.fake.requests.length = 0;
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, ISSUE, { id: 501, body: "/bugscout", user: { login: "maint" } }));
    issue.body = "compute_total raises ValueError in invoice.py";
    await gh.app.deliver("issues", issuesEdited(REPO, { ...ISSUE, body: issue.body }, { body: ISSUE.body }));
    assert.deepEqual(writes().filter((c) => c.includes("/labels")), []);
    assert.deepEqual(issue.labels, ["bug"]);
    assert.equal(comments().length, 1);
  }));

  it("also respects a label a person removed before BugScout ever added it", () => withApp(BILLING, async () => {
    addLabel(issue, "area/billing", { login: "reporter", type: "User" });
    removeLabel(issue, "area/billing");
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(issue.labels, ["bug"]);
    assert.deepEqual(writes().filter((c) => c.includes("/labels")), []);
  }));

  it("on a re-rank removes its own label that no longer fits, adds the new one, and leaves people's labels alone", () => withApp(BILLING, async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    addLabel(issue, "area/auth-later", { login: "maintainer", type: "User" });
    gh.app.index.ranking = AUTH;
    issue.title = "Session expires too early";
    gh.fake.requests.length = 0;

    assert.equal(await gh.app.deliver("issues", issuesEdited(REPO, { ...ISSUE, title: issue.title }, { title: ISSUE.title })), 200);

    assert.deepEqual(writes(), [
      "DELETE /repos/acme/shop/issues/7/labels/area/billing",
      "POST /repos/acme/shop/issues/7/labels",
      `PATCH /repos/acme/shop/issues/comments/${comments()[0].id}`,
    ], "the same comment is edited in place");
    assert.deepEqual(issue.labels, ["bug", "area/auth-later", "area/auth"]);
    assert.equal(comments().length, 1);
    assert.match(comments()[0].body, /shopcart\/auth\/session\\.py/);
    assert.equal(gh.app.index.rankRequests.at(-1)?.request.text, `Session expires too early\n\n${ISSUE.body}`);
  }));

  it("removes its label when a re-rank falls below labels.min_confidence, and edits the comment instead of going silent", () => withApp(BILLING, async () => {
    gh.repo.settings = "comment:\n  below_confidence: silent\n";
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    gh.app.index.ranking = UNSURE;
    issue.body = "something about totals";
    gh.fake.requests.length = 0;

    await gh.app.deliver("issues", issuesEdited(REPO, { ...ISSUE, body: issue.body }, { body: ISSUE.body }));
    assert.deepEqual(issue.labels, ["bug"]);
    assert.equal(comments().length, 1);
    assert.match(comments()[0].body, /BugScout is not confident about any file for this issue/);
  }));

  it("re-ranks an edit only when the title or body changed and trigger.on_edit allows it, once per burst", () => withApp(BILLING, async () => {
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    const ranked = gh.app.index.rankRequests.length;

    const labelsOnly = { ...issuesEdited(REPO, ISSUE, {}), changes: { labels: {} } };
    await gh.app.deliver("issues", labelsOnly);
    await gh.app.deliver("issues", issuesEdited(REPO, ISSUE, { body: "old" }, { login: "some-bot[bot]", type: "Bot" }));
    assert.equal(gh.app.index.rankRequests.length, ranked, "no re-rank for a milestone/label edit or a bot's edit");

    // Three edits in a burst; GitHub's issue already holds the last text when the deliveries are handled.
    issue.body = "third text";
    const burst = ["first text", "second text", "third text"].map((body, i, all) =>
      gh.app.deliver("issues", issuesEdited(REPO, { ...ISSUE, body }, { body: i === 0 ? ISSUE.body : all[i - 1] })));
    assert.deepEqual(await Promise.all(burst), [200, 200, 200]);
    assert.equal(gh.app.index.rankRequests.length, ranked + 1, "the burst is ranked once, on its last text");
    assert.equal(gh.app.index.rankRequests.at(-1)?.request.text, `${ISSUE.title}\n\nthird text`);
    assert.equal(comments().length, 1);

    gh.repo.settings = "trigger:\n  on_edit: false\n";
    issue.body = "fourth text";
    await gh.app.deliver("issues", issuesEdited(REPO, { ...ISSUE, body: issue.body }, { body: "third text" }));
    assert.equal(gh.app.index.rankRequests.length, ranked + 1, "trigger.on_edit: false");
  }, { editSettleMs: 20 }));

  it("names a map label the repository lacks as a problem and creates nothing", () => withApp(BILLING, async () => {
    gh.repo.labels.splice(gh.repo.labels.indexOf("area/billing"), 1);
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(issue.labels, ["bug"]);
    assert.deepEqual(writes().filter((c) => c.includes("/labels")), []);
    assert.doesNotMatch(comments()[0].body, /no such label|Problems/, "never in the issue thread");
    assert.equal(gh.repo.checkRuns.length, 1);
    const [run] = gh.repo.checkRuns;
    assert.deepEqual([run.name, run.head_sha, run.conclusion], ["BugScout settings", SHA, "neutral"]);
    assert.deepEqual(run.output.annotations.map((a) => [a.path, a.annotation_level, a.title, a.message]), [
      [".github/labeler.yml", "warning", "area/billing", "the repository has no such label; BugScout never creates one (create it, or take it out of the map)"],
    ]);
    // A second issue finds the same problem: reported once, not per issue.
    for (const number of [8, 9, 10]) setIssue(gh.repo, { number, title: ISSUE.title, body: ISSUE.body, labels: ["bug"] });
    await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, number: 8 }));
    assert.equal(gh.repo.checkRuns.length, 1);
    // Once the label exists, the next triage passes the check, and says nothing more after that.
    gh.repo.labels.push("area/billing");
    await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, number: 9 }));
    await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, number: 10 }));
    assert.deepEqual(gh.repo.checkRuns.map((r) => r.conclusion), ["neutral", "success"]);
  }));

  it("still posts the comment with the problem named, and no label, when labeler.yml is broken", () => withApp(BILLING, async () => {
    gh.repo.files.set(".github/labeler.yml", "area/billing: [shopcart/billing/**\n");
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);
    assert.deepEqual(issue.labels, ["bug"]);
    assert.equal(comments().length, 1);
    assert.doesNotMatch(comments()[0].body, /labeler|Problems/);
    const [annotation] = gh.repo.checkRuns[0].output.annotations;
    assert.deepEqual([annotation.path, annotation.title], [".github/labeler.yml", "(file)"]);
    assert.match(annotation.message, /^not valid YAML: .+; no label is read from it$/);
    assert.match(comments()[0].body, /1\. \[shopcart\/billing\/invoice\\\.py\]/);
  }));

  it("reads labels.areas over the labeler's map, labels with odd characters included, and stays within labels.max", () => withApp(BILLING, async () => {
    gh.repo.labels.push("💸 billing, money");
    gh.repo.settings = "labels:\n  max: 2\n  areas:\n    \"💸 billing, money\": [shopcart/billing/]\n    area/billing: [nothing/**]\n";
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(issue.labels, ["bug", "💸 billing, money"], "the settings' area/billing replaced the labeler's");
  }));

  it("names two owners of the leading file from CODEOWNERS, in code spans by default; max_owners names more", () => withApp(BILLING, async () => {
    gh.repo.files.set("CODEOWNERS", CODEOWNERS);
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.ok(comments()[0].body.includes("\n\nCode owners (`CODEOWNERS`): `@alice`, `@acme/billing`\n\n<sub>"), comments()[0].body);
    gh.repo.settings = "max_owners: 3\n";
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.ok(comments()[0].body.includes("\n\nCode owners (`CODEOWNERS`): `@alice`, `@acme/billing`, `billing@example.com`\n\n<sub>"), comments()[0].body);
    assert.deepEqual(writes().filter((c) => c.includes("assignees")), []);
  }));

  it("mentions owners with owners: mention and leaves them out with owners: off", () => withApp(BILLING, async () => {
    gh.repo.files.set(".github/CODEOWNERS", CODEOWNERS);
    gh.repo.files.set("CODEOWNERS", "* @someone-else\n");
    gh.repo.settings = "owners: mention\nmax_owners: 3\n";
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.ok(comments()[0].body.includes("Code owners (`.github/CODEOWNERS`): @alice, @acme/billing, `billing@example.com`"), ".github/ comes first");
    gh.repo.settings = "owners: off\n";
    gh.fake.requests.length = 0;
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.doesNotMatch(comments()[0].body, /Code owners/);
    assert.deepEqual(gh.fake.calls().filter((c) => c.includes("CODEOWNERS")), [], "owners: off reads no CODEOWNERS");
  }));

  it("with owners: assign, assigns the users who can be assigned (never a team), once", () => withApp(BILLING, async () => {
    gh.repo.files.set("CODEOWNERS", CODEOWNERS);
    gh.repo.settings = "owners: assign\n";
    gh.repo.assignable.add("alice");
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(issue.assignees, ["alice"]);
    assert.deepEqual(gh.fake.calls().filter((c) => c.includes("assignees")), ["GET /repos/acme/shop/assignees/alice", "POST /repos/acme/shop/issues/7/assignees"]);
    assert.match(comments()[0].body, /"assigned":\["alice"\]/);

    // A person unassigns alice: BugScout does not assign again.
    issue.assignees = [];
    gh.fake.requests.length = 0;
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(gh.fake.calls().filter((c) => c.includes("assignees")), []);
    assert.deepEqual(issue.assignees, []);
  }));

  it("with owners: assign, says who could not be assigned and reports GitHub's 422 without failing", () => withApp(BILLING, async () => {
    gh.repo.files.set("CODEOWNERS", "/shopcart/ @carol @dave\n");
    gh.repo.settings = "owners: assign\n";
    gh.repo.assignable.add("dave");
    gh.fake.failNext("POST", /\/issues\/7\/assignees$/, 422, "Validation Failed");
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);
    assert.deepEqual(issue.assignees ?? [], []);
    const body = comments()[0].body;
    assert.ok(body.includes([
      "_BugScout could not assign carol\\: GitHub says they cannot be assigned in this repository\\._",
      "",
      "_BugScout could not assign dave\\: GitHub answered 422 \\(Validation Failed\\)\\._",
      "",
      "<sub>Suggested automatically",
    ].join("\n")), body);
    assert.ok(body.endsWith('</details>\n\n<!-- bugscout:routing {"added":["area/billing"],"declined":[],"assigned":[]} -->\n'), body);
    assert.deepEqual(issue.labels, ["bug", "area/billing"], "the label still went on");
  }));

  it("does not assign when a person already assigned someone, or below labels.min_confidence", () => withApp(BILLING, async () => {
    gh.repo.files.set("CODEOWNERS", CODEOWNERS);
    gh.repo.settings = "owners: assign\n";
    gh.repo.assignable.add("alice");
    issue.assignees = ["zoe"];
    await gh.app.deliver("issues", issuesOpened(REPO, ISSUE));
    assert.deepEqual(issue.assignees, ["zoe"]);
    gh.app.index.ranking = UNSURE;
    issue.assignees = [];
    await gh.app.deliver("issues", { ...issuesOpened(REPO, { ...ISSUE, number: 8 }) });
    assert.deepEqual(getIssue(gh.repo, 8)?.assignees ?? [], []);
    assert.deepEqual(gh.fake.calls().filter((c) => c.startsWith("POST") && c.includes("assignees")), []);
  }));

  it("reports area label accuracy in /bugscout stats: closed issues carrying a label of the map, and how often it was BugScout's", () => withApp(BILLING, async () => {
    new FakePulls(gh.fake);
    gh.repo.roles.set("maint", "write");
    const open = async (number: number, ranking: Ranking) => {
      gh.app.index.ranking = ranking;
      setIssue(gh.repo, { number, title: `issue ${number}`, body: "text", labels: [] });
      await gh.app.deliver("issues", issuesOpened(REPO, { number, title: `issue ${number}`, body: "text" }));
    };
    await open(7, BILLING); // BugScout: area/billing, kept
    await open(8, AUTH); // BugScout: area/auth, replaced by a person with area/billing
    await open(9, UNSURE); // BugScout: no label
    await open(10, BILLING); // closed without a label of the map: not counted
    assert.deepEqual([7, 8, 9].map((n) => getIssue(gh.repo, n)?.labels), [["area/billing"], ["area/auth"], []]);
    for (const [number, labels] of [[7, ["bug", "area/billing"]], [8, ["area/billing"]], [9, ["area/billing"]], [10, ["bug"]]] as const) {
      assert.equal(await gh.app.deliver("issues", issueClosed(REPO, { number, title: `issue ${number}`, body: "text", labels: [...labels] })), 200);
    }

    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, { number: 7, title: "issue 7", body: "text" }, { id: 900, body: "/bugscout stats", user: { login: "maint" } }));
    const stats = comments().find((c) => c.body.startsWith("<!-- bugscout:stats -->"))?.body ?? "";
    assert.ok(stats.includes([
      "| Closed issues carrying an area label of the map | 3 | 3 |",
      "| Area label chosen by BugScout for them | 67% (2/3) | 67% (2/3) |",
      "| BugScout's label was the issue's | 50% (1/2) | 50% (1/2) |",
    ].join("\n")), stats);
  }));

  it("answers huge or hostile maps with a problem line, in bounded time, and still comments", () => withApp(BILLING, async () => {
    gh.repo.files.set(".github/labeler.yml", `area/billing: ['shopcart/billing/**']\n# ${"x".repeat(1_100_000)}\n`);
    // Thousands of rules (under 1 MB), one built to make a backtracking matcher take exponential time, one escaping.
    const rules = Array.from({ length: 60_000 }, (_, i) => `*a${i}* @t${i % 7}`);
    rules.splice(10, 0, `${"*a".repeat(30)}*b @x`, "!shopcart/ @x", "../../etc/** @escape");
    gh.repo.files.set(".github/CODEOWNERS", `${rules.join("\n")}\n`);
    const started = performance.now();
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);
    assert.ok(performance.now() - started < 60_000, "bounded time");
    const body = comments()[0].body;
    assert.deepEqual(gh.repo.checkRuns[0].output.annotations.map((a) => [a.path, a.start_line, a.message]), [
      [".github/labeler.yml", 1, "larger than 1 MB (1100041 bytes); not read"],
      [".github/CODEOWNERS", 12, "GitHub does not support `!` patterns in CODEOWNERS; the line is skipped"],
      [".github/CODEOWNERS", 50002, "more than 50000 rules: the rest are not read"],
    ]);
    assert.doesNotMatch(body, /Code owners/, "no rule matched the leading file");
    assert.deepEqual(issue.labels, ["bug"]);
  }));
});
