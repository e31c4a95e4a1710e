import assert from "node:assert/strict";
import path from "node:path";
import { beforeEach, describe, it } from "node:test";
import type { Ranking } from "../../src/rank/types.js";
import { setIssue, type FakeIssue } from "../fakes/fake-github-issues.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { issueCommentCreated, issuesOpened } from "./payloads.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "0123456789abcdef0123456789abcdef01234567";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 7, title: "Invoice total is negative after a refund", body: "compute_total raises ValueError" };
const LABELER = "area/billing:\n- changed-files:\n  - any-glob-to-any-file: 'shopcart/billing/**'\n";
const CODEOWNERS = "/shopcart/billing/ @alice\n";

const BILLING: Ranking = {
  mode: "bm25",
  reason: "no embedding key configured",
  ms: 42,
  confidence: 0.95,
  files: [{ path: "shopcart/billing/invoice.py", score: 9.5, evidence: { terms: ["compute_total", "invoice"], mention: { kind: "path", text: "shopcart/billing/invoice.py" } } }],
};

/** The state BugScout keeps in its comment once the label is added. */
const ROUTED = '<!-- bugscout:routing {"added":["area/billing"],"declined":[],"assigned":[]} -->';

// Routing (area labels, owners) and the 👀 reaction are extras: a failing GitHub call there is logged and counted,
// never shown in the issue, and never costs the comment (issue 66: a 404 from the issue's events lost it).
describe("a failing extra never costs the comment", () => {
  const gh = appHarness({ repo: { ...REPO, headSha: SHA }, tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-0123456") });
  let issue: FakeIssue;

  beforeEach(() => {
    gh.repo.files.set(".github/labeler.yml", LABELER);
    gh.repo.files.set(".github/CODEOWNERS", CODEOWNERS);
    gh.repo.labels.push("bug", "area/billing");
    issue = { number: ISSUE.number, title: ISSUE.title, body: ISSUE.body, labels: ["bug"] };
    setIssue(gh.repo, issue);
  });

  async function withApp(fn: (failures: string[]) => Promise<void>, extraTimeoutMs?: number): Promise<void> {
    const failures: string[] = [];
    const app = await gh.start({ ...(extraTimeoutMs ? { extraTimeoutMs } : {}), onExtraFailure: (step) => failures.push(step) });
    app.index.ranking = BILLING;
    await fn(failures);
  }

  const comments = () => gh.repo.comments.get(ISSUE.number) ?? [];
  const extraWarnings = () => gh.app.logs.map((l) => JSON.parse(l) as { msg: string; step?: string; err?: { status?: number } }).filter((l) => l.msg === "triage extra failed; the comment goes on without it");

  for (const status of [404, 500]) {
    it(`a ${status} from the issue's events (routing) still leaves exactly one comment, without the label, and the next delivery routes`, () => withApp(async (failures) => {
      gh.fake.failNext("GET", /^\/repos\/acme\/shop\/issues\/7\/events$/, status);
      assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["bug"] })), 200);

      assert.equal(comments().length, 1);
      const body = comments()[0].body;
      assert.match(body, /shopcart\/billing\/invoice\\\.py/);
      assert.match(body, /Code owners \(`.github\/CODEOWNERS`\): `@alice`/, "the owners line comes from CODEOWNERS, which was read");
      assert.doesNotMatch(body, /could not|events|fault injected/i, "the failure is not shown in the issue");
      assert.doesNotMatch(body, /bugscout:routing \{"added":\["area/, "no label was added, so none is recorded");
      assert.deepEqual(issue.labels, ["bug"]);
      assert.deepEqual(failures, ["routing"]);
      assert.deepEqual(extraWarnings().map((w) => [w.step, w.err?.status]), [["routing", status]]);
      assert.equal(gh.app.logs.some((l) => l.includes("event handling failed")), false);
      // Shown to the maintainers in the "BugScout settings" check run on the ranked commit, not in the issue.
      assert.deepEqual(gh.repo.checkRuns.map((r) => [r.name, r.head_sha, r.conclusion]), [["BugScout settings", SHA, "neutral"]]);
      assert.equal(gh.repo.checkRuns[0].output.summary, [
        "BugScout runs; the parts named below are not used (the default, or the nearest value in range, is used instead).",
        "",
        `- **warning** \`area labels and owners\`: BugScout could not apply them to an issue\\: GitHub answered ${status} \\(fault injected\\)\\. The comment was posted without them\\; the next triage of that issue tries again\\.`,
      ].join("\n"));

      // GitHub answers again: a later delivery (an edit, a command, a redelivery) adds the label; still one comment,
      // and the check run says the problem is gone.
      assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["bug"] })), 200);
      assert.equal(comments().length, 1);
      assert.deepEqual(issue.labels, ["bug", "area/billing"]);
      assert.ok(comments()[0].body.includes(ROUTED));
      assert.deepEqual(gh.repo.checkRuns.map((r) => r.conclusion), ["neutral", "success"]);
    }));
  }

  it("a stalled routing call is given up at the deadline: one comment at once, and no label added when the stalled answer comes", () => withApp(async (failures) => {
    gh.fake.stallNext("GET", /^\/repos\/acme\/shop\/issues\/7\/events$/, 1_500);
    const started = performance.now();
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["bug"] })), 200);
    assert.ok(performance.now() - started < 1_400, "the comment did not wait for the stalled call");
    assert.equal(comments().length, 1);
    assert.deepEqual(failures, ["routing"]);
    assert.match(gh.repo.checkRuns[0]?.output.summary ?? "", /could not apply them to an issue\\: routing did not finish within 300 ms/);
    // The stalled answer arrives; routing, given up, changes nothing the comment would not record.
    await new Promise((r) => setTimeout(r, 1_800));
    assert.deepEqual(issue.labels, ["bug"]);
    assert.equal(gh.fake.calls().includes("POST /repos/acme/shop/issues/7/labels"), false);
    assert.equal(comments().length, 1);
  }, 300));

  it("a failing map read (CODEOWNERS answering 500) is routing without that map, and the comment goes out", () => withApp(async () => {
    gh.fake.failNext("GET", /^\/repos\/acme\/shop\/contents\/\.github\/CODEOWNERS$/, 500);
    assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { ...ISSUE, labels: ["bug"] })), 200);
    assert.equal(comments().length, 1);
    assert.doesNotMatch(comments()[0].body, /Code owners/);
    assert.deepEqual(issue.labels, ["bug", "area/billing"], "the labeler map was read and applied");
  }));

  it("a command whose 👀 reaction fails (500) is still answered, once", () => withApp(async (failures) => {
    gh.repo.roles.set("maint", "maintain");
    gh.fake.failNext("POST", /^\/repos\/acme\/shop\/issues\/comments\/\d+\/reactions$/, 500);
    const payload = issueCommentCreated(REPO, { ...ISSUE, labels: ["bug"] }, { id: 301, body: "/bugscout", user: { login: "maint" } });
    assert.equal(await gh.app.deliver("issue_comment", payload), 200);
    assert.deepEqual(gh.repo.reactions, []);
    assert.equal(comments().filter((c) => c.body.startsWith("<!-- bugscout -->")).length, 1);
    assert.deepEqual(failures, ["reaction"]);
    assert.deepEqual(gh.repo.checkRuns, [], "a missing 👀 is no problem to report");
  }));
});
