import assert from "node:assert/strict";
import { after, afterEach, before, beforeEach, describe, it } from "node:test";
import { renderHelp } from "../../src/triage/render-help.js";
import { issueCommentCreated, issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startReliabilityApp, type ReliabilityApp } from "./reliability-app.js";
import { sharedFakeGitHub } from "./shared-fake-github.js";

const SHA = "abababababababababababababababababababab";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const RANKING = { mode: "bm25" as const, reason: "r", ms: 1, confidence: 0.75, files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch", "route", "handler"], words: ["dispatch", "route", "handler"] } }] };
const DEFAULT_REQUEST = { text: "dispatch fails", topK: 5, mode: "auto", include: [], exclude: [], latencyBudgetMs: 5000 };
const STAR_BOMB = "*a*a*a*a*a*a*a*a*a*a*a*a*b";

/** The one "BugScout settings" check run on the head commit, as `[conclusion, annotations as "line: key: message"]`. */
function checkRunOf(repo: FakeRepo): { conclusion: string | undefined; lines: string[]; summary: string } {
  assert.equal(repo.checkRuns.length, 1, "one check run");
  const [run] = repo.checkRuns;
  assert.deepEqual([run.name, run.head_sha], ["BugScout settings", SHA]);
  return {
    conclusion: run.conclusion,
    lines: run.output.annotations.map((a) => `${a.path}:${a.start_line}: ${a.annotation_level}: ${a.title}: ${a.message}`),
    summary: run.output.summary,
  };
}

describe("bad settings: a readable problem in a check run, never in the issue, never a crash", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let app: ReliabilityApp;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(() => fake?.closeAndCheck());
  beforeEach(async () => {
    repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([{ name: "acme-shop-abababa/app.py", content: "def dispatch():\n    pass\n" }]));
    app = await startReliabilityApp(fake, { index: "fake", octokit: "off" });
    app.fakeIndex.ranking = RANKING;
  });
  // Each test closes its app to read the finished logs; this closes it when an assertion stopped the test first.
  afterEach(() => app?.close());

  /** Delivers an issue under `settings`; the comment (if any) and the check run. */
  async function deliverWith(settings: string, options: { readonly thenFixed?: boolean } = {}): Promise<string | undefined> {
    repo.settings = settings;
    assert.equal(await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "" })), 200);
    if (options.thenFixed) {
      // The process keeps serving: the same app answers the next issue once the file is fixed.
      repo.settings = "ranking:\n  top_k: 3\n";
      assert.equal(await app.deliver("issues", issuesOpened(REPO, { number: 2, title: "dispatch fails", body: "" })), 200);
    }
    await app.close();
    assert.ok(!app.logs.some((l) => l.includes("event handling failed")), app.logs.filter((l) => l.includes('"level":50')).join("\n"));
    const comments = repo.comments.get(1) ?? [];
    assert.ok(comments.length <= 1);
    return comments[0]?.body;
  }

  /** A file BugScout cannot read: no comment, no ranking, one failing check run; fixed, it serves the next issue. */
  async function assertStopped(settings: string, expected: RegExp): Promise<void> {
    const body = await deliverWith(settings, { thenFixed: true });
    assert.equal(body, undefined, "no comment on the issue");
    assert.deepEqual(app.fakeIndex.rankRequests.map((r) => r.request.topK), [3], "only the issue after the fix was ranked");
    assert.equal(repo.comments.get(2)?.length, 1);
    assert.equal(repo.checkRuns[0].conclusion, "failure");
    const [line] = repo.checkRuns[0].output.annotations.map((a) => `${a.path}:${a.start_line}: ${a.annotation_level}: ${a.message}`);
    assert.match(line, expected);
    assert.match(repo.checkRuns[0].output.title, /^BugScout is stopped on this repository/);
    assert.equal(repo.checkRuns.at(-1)?.conclusion, "success", "the fixed file passes");
  }

  it("huge values, overlong strings and lists, NaN and costly patterns: each key alone falls back or is clamped", async () => {
    const settings = [
      "ranking:",
      "  top_k: 1000000000",
      "  min_confidence: .nan",
      "  latency_budget_ms: 1e300",
      "  mode: hybrid",
      `trigger:\n  labels: [${Array.from({ length: 1_000 }, () => "bug").join(", ")}]`,
      `paths:\n  include: [src, "${"x".repeat(1_000)}"]\n  exclude: [docs, "${"**/".repeat(60)}x"]`,
      `comment:\n  header: "${"h".repeat(5_000)}"\n  footer: Thanks`,
      `"[evil](https://evil.example) @octocat <img src=x>": 1`,
    ].join("\n");

    const body = await deliverWith(settings);

    // The include list fell back for its overlong item; the exclude list's costly-looking pattern is matched in linear
    // time (src/index/glob.ts), so it stands.
    assert.deepEqual(app.fakeIndex.rankRequests.map((r) => r.request), [{ ...DEFAULT_REQUEST, mode: "hybrid", topK: 20, latencyBudgetMs: 60_000, exclude: ["docs", `${"**/".repeat(60)}x`] }]);
    assert.ok(body?.includes("\n\nThanks\n\n<sub>Suggested automatically"), "the good footer next to a bad header still applies");
    assert.doesNotMatch(body ?? "", /problem|unknown key|evil/i);
    const run = checkRunOf(repo);
    assert.equal(run.conclusion, "neutral");
    assert.deepEqual(run.lines, [
      ".github/bugscout.yml:14: warning: [evil](https://evil.example) @octocat <img src=x>: unknown key",
      ".github/bugscout.yml:7: warning: trigger.labels: more than 50 items",
      ".github/bugscout.yml:2: warning: ranking.top_k: out of range (1 to 20): 1000000000 is read as 20",
      ".github/bugscout.yml:3: warning: ranking.min_confidence: expected number, got nan",
      ".github/bugscout.yml:4: warning: ranking.latency_budget_ms: out of range (100 to 60000): 1e+300 is read as 60000",
      ".github/bugscout.yml:9: warning: paths.include: longer than 200 characters (item 1)",
      ".github/bugscout.yml:12: warning: comment.header: longer than 1000 characters",
    ]);
    assert.ok(run.summary.includes("- **warning** `.github/bugscout.yml` line 14, `[evil](https://evil.example) @octocat <img src=x>`: unknown key"), "a key the file names is shown in a code span, where nothing is interpreted");
  });

  it("thousands of unknown keys give a bounded report", async () => {
    const body = await deliverWith(Array.from({ length: 3_000 }, (_, i) => `key_${i}: ${i}`).join("\n"));

    assert.ok(body !== undefined && !body.includes("key_0"));
    assert.deepEqual(app.fakeIndex.rankRequests[0].request, DEFAULT_REQUEST);
    const run = checkRunOf(repo);
    assert.equal(run.lines.length, 50, "GitHub's annotation cap");
    assert.equal(run.lines[0], ".github/bugscout.yml:1: warning: key_0: unknown key");
    assert.match(run.summary, /\n- …and 2950 more$/);
  });

  it("YAML nested a thousand deep stops BugScout, and no parser runs out of stack", async () => {
    await assertStopped(`ranking: ${"{a: ".repeat(1_000)}1${"}".repeat(1_000)}\n`, /^\.github\/bugscout\.yml:1: failure: nested deeper than 32 levels; not read$/);
  });

  it("flow nesting that crashes the YAML parser itself (tens of thousands of brackets) is refused before parsing", async () => {
    await assertStopped(`labels:\n  areas: ${"[".repeat(40_000)}${"]".repeat(40_000)}\n`, /^\.github\/bugscout\.yml:2: failure: nested deeper than 32 levels; not read$/);
  });

  it("an alias bomb (billion laughs) stops BugScout without expanding", async () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [prev, name] of [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "g"], ["g", "h"]]) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    await assertStopped(`${levels.join("\n")}\nranking:\n  top_k: 3\n`, /^\.github\/bugscout\.yml:1: failure: its aliases \(`\*name`\) expand past 100 nodes; not read$/);
  });

  it("a huge file stops BugScout with a clear problem, and is not read past the cap", async () => {
    await assertStopped(`# ${"x".repeat(200_000)}\nranking:\n  top_k: 3\n`, /^\.github\/bugscout\.yml:1: failure: larger than 100 KB \(\d+ bytes\); not read$/);
  });

  it("binary content stops BugScout with a clear problem", async () => {
    await assertStopped("\u0000\u0001PNG\u0000\u0000ranking: 1\n", /^\.github\/bugscout\.yml:1: failure: not a text file/);
  });

  it("an _extends that leads back to itself stops BugScout, with the line", async () => {
    await assertStopped("ranking:\n  top_k: 3\n_extends: shop\n", /^\.github\/bugscout\.yml:3: failure: leads back to acme\/shop:\.github\/bugscout\.yml, already read$/);
  });
});

describe("path patterns of any shape are matched without backtracking", () => {
  const github = sharedFakeGitHub();

  it("in settings and in a command, against a repository with a long file name, the app answers", { timeout: 60_000 }, async (t) => {
    // `*a*a*…*b` against a 123-character name took minutes as a regular expression (the settings once refused it);
    // matched by src/index/glob.ts in pattern × path steps, it is an ordinary pattern.
    const repo = github().addRepo({ ...REPO, headSha: SHA, settings: `paths:\n  exclude: ["${STAR_BOMB}", "*.test.*"]\n` });
    repo.roles.set("maint", "maintain");
    repo.tarballs.set(SHA, await buildTarball([
      { name: `acme-shop-abababa/${"a".repeat(120)}.py`, content: "def dispatch_everything():\n    pass\n" },
      { name: "acme-shop-abababa/router.py", content: "def dispatch():\n    return route()\n" },
      { name: "acme-shop-abababa/dispatch.test.py", content: "def test_dispatch_everything():\n    dispatch_everything()\n" },
    ]));
    const app = await startReliabilityApp(github(), { octokit: "off" });
    t.after(() => app.close());
    const issue = { number: 2, title: "dispatch fails", body: "dispatch_everything is never called" };

    await app.deliver("issues", issuesOpened(REPO, issue));
    const opened = repo.comments.get(2)?.[0]?.body ?? "";
    assert.match(opened, /^1\. \[a+\\\.py\]/m, "the long name does not match the star pattern and stays");
    assert.doesNotMatch(opened, /dispatch\\\.test\\\.py/, "`*.test.*` excludes the test file");
    // The same shape with `.py` at the end does match the long name: the command's exclusion leaves router.py first.
    await app.deliver("issue_comment", issueCommentCreated(REPO, issue, { id: 501, body: `/bugscout -path:${"*a".repeat(12)}*.py`, user: { login: "maint" } }));
    await app.close();

    assert.deepEqual(repo.checkRuns.flatMap((r) => r.output.annotations.map((a) => a.message)), [], "no settings problem");
    const answers = (repo.comments.get(2) ?? []).map((c) => c.body);
    assert.equal(answers.length, 1, "the command's ranking replaced the first in place");
    assert.match(answers[0], /^1\. \[router\\\.py\]/m);
    assert.doesNotMatch(answers[0], /a{120}/);
  });
});
