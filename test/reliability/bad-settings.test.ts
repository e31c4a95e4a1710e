import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { pathPatternProblem, TOO_MANY_WILDCARDS } from "../../src/triage/check-path-pattern.js";
import { renderHelp } from "../../src/triage/render-help.js";
import { issueCommentCreated, issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { buildTarball } from "../fakes/fake-github-tarball.js";
import { startReliabilityApp, type ReliabilityApp } from "./reliability-app.js";

const SHA = "abababababababababababababababababababab";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const RANKING = { mode: "bm25" as const, reason: "r", ms: 1, confidence: 0.75, files: [{ path: "app.py", score: 1, evidence: { terms: ["dispatch", "route", "handler"], words: ["dispatch", "route", "handler"] } }] };
const DEFAULT_REQUEST = { text: "dispatch fails", topK: 5, mode: "auto", include: [], exclude: [], latencyBudgetMs: 5000 };
const PROBLEMS_TITLE = "**Settings problems** in `.github/bugscout.yml` (defaults used instead):";
const STAR_BOMB = "*a*a*a*a*a*a*a*a*a*a*a*a*b";

/** The settings-problems section of a comment, as lines. */
function problemLines(body: string): string[] {
  const start = body.indexOf(PROBLEMS_TITLE);
  assert.ok(start >= 0, body.slice(0, 2000));
  return body.slice(start).split("\n\n")[0].trimEnd().split("\n").slice(1);
}

describe("bad settings: defaults plus a readable problem in the comment, never a crash", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let app: ReliabilityApp;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(async () => {
    assert.deepEqual(fake.unexpected, [], "the fake GitHub saw no unexpected request");
    await fake.close();
  });
  beforeEach(async () => {
    repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([{ name: "acme-shop-abababa/app.py", content: "def dispatch():\n    pass\n" }]));
    app = await startReliabilityApp(fake, { index: "fake", octokit: "off" });
    app.fakeIndex.ranking = RANKING;
  });

  async function commentWith(settings: string): Promise<string> {
    repo.settings = settings;
    assert.equal(await app.deliver("issues", issuesOpened(REPO, { number: 1, title: "dispatch fails", body: "" })), 200);
    await app.close();
    assert.ok(!app.logs.some((l) => l.includes("event handling failed")), app.logs.filter((l) => l.includes('"level":50')).join("\n"));
    const comments = repo.comments.get(1) ?? [];
    assert.equal(comments.length, 1);
    return comments[0].body;
  }

  it("huge values, overlong strings and lists, NaN and costly patterns each fall back to their default", async () => {
    const settings = [
      "ranking:",
      "  top_k: 1000000000",
      "  min_confidence: .nan",
      "  latency_budget_ms: 1e300",
      "  mode: hybrid",
      `trigger:\n  labels: [${Array.from({ length: 10_000 }, () => "bug").join(", ")}]`,
      `paths:\n  include: [src, "${"x".repeat(100_000)}"]\n  exclude: [docs, "${"**/".repeat(60)}x"]`,
      `comment:\n  header: "${"h".repeat(1_000_000)}"\n  footer: Thanks`,
      `"[evil](https://evil.example) @octocat <img src=x>": 1`,
    ].join("\n");

    const body = await commentWith(settings);

    assert.deepEqual(app.fakeIndex.rankRequests.map((r) => r.request), [{ ...DEFAULT_REQUEST, mode: "hybrid" }]);
    assert.deepEqual(problemLines(body), [
      "- `[evil](https://evil.example) @octocat <img src=x>`: unknown key",
      "- `trigger.labels`: more than 50 items",
      "- `ranking.top_k`: must be at most 20",
      "- `ranking.min_confidence`: expected number\\, got nan",
      "- `ranking.latency_budget_ms`: must be at most 60000",
      "- `paths.include`: longer than 200 characters \\(item 1\\)",
      "- `comment.header`: longer than 1000 characters",
      "- `paths.exclude`: too many wildcards\\: use \\`\\*\\*\\` at most once and \\`\\*\\` at most once per directory level \\(item 1\\)",
    ]);
    assert.ok(body.includes("\n\nThanks\n\n<sub>Suggested automatically"), "the good footer next to a bad header still applies");
  });

  it("thousands of unknown keys give a bounded list", async () => {
    const body = await commentWith(Array.from({ length: 3_000 }, (_, i) => `key_${i}: ${i}`).join("\n"));

    const lines = problemLines(body);
    assert.equal(lines.length, 11);
    assert.equal(lines[0], "- `key_0`: unknown key");
    assert.equal(lines[10], "- …and 2990 more");
    assert.ok(body.length < 2_000);
    assert.deepEqual(app.fakeIndex.rankRequests[0].request, DEFAULT_REQUEST);
  });

  it("YAML nested a thousand deep is an invalid file, with all defaults", async () => {
    const body = await commentWith(`ranking: ${"{a: ".repeat(1_000)}1${"}".repeat(1_000)}\n`);

    const [line] = problemLines(body);
    assert.match(line, /^- `\(file\)`: the file is not valid YAML\\: Maximum call stack size exceeded .*\\; all defaults are used$/);
    assert.deepEqual(app.fakeIndex.rankRequests[0].request, DEFAULT_REQUEST);
  });

  it("an alias bomb (billion laughs) is refused by the YAML parser, with all defaults", async () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [prev, name] of [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "g"], ["g", "h"]]) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }

    const body = await commentWith(`${levels.join("\n")}\nranking:\n  top_k: 3\n`);

    assert.deepEqual(problemLines(body), [
      "- `(file)`: the file is not valid YAML\\: Excessive alias count indicates a resource exhaustion attack\\; all defaults are used",
    ]);
    assert.deepEqual(app.fakeIndex.rankRequests[0].request, DEFAULT_REQUEST);
  });

  it("an _extends that leads back to itself is reported, with all defaults", async () => {
    const body = await commentWith("_extends: shop\nranking:\n  top_k: 3\n");

    assert.deepEqual(problemLines(body), ["- `(file)`: \\`\\_extends\\` leads back to a file already read\\; all defaults are used"]);
    assert.deepEqual(app.fakeIndex.rankRequests[0].request, DEFAULT_REQUEST);
  });
});

describe("path patterns that would backtrack are refused before any file is matched", () => {
  it("allows one ** and one * run per directory level, and nothing more", () => {
    for (const ok of ["src", "src/api/", "*.md", "docs/**", "**/test_*.py", "src/**/*.py", "a?c/*", "**/x/*/y*"]) {
      assert.equal(pathPatternProblem(ok), undefined, ok);
    }
    for (const bad of [STAR_BOMB, "*.test.*", "**", "**.md", "/**.md", "src/**/x/**", "a/***", "*?*", `${"**/".repeat(60)}x`]) {
      assert.equal(pathPatternProblem(bad), TOO_MANY_WILDCARDS, bad);
    }
  });

  it("in settings and in a command, against a repository with a long file name, without hanging the app", { timeout: 60_000 }, async () => {
    const fake = await startFakeGitHub();
    const repo = fake.addRepo({ ...REPO, headSha: SHA, settings: `paths:\n  exclude: ["${STAR_BOMB}"]\n` });
    repo.roles.set("maint", "maintain");
    repo.tarballs.set(SHA, await buildTarball([
      { name: `acme-shop-abababa/${"a".repeat(120)}.py`, content: "def dispatch_everything():\n    pass\n" },
      { name: "acme-shop-abababa/router.py", content: "def dispatch():\n    return route()\n" },
    ]));
    const app = await startReliabilityApp(fake, { octokit: "off" });
    const issue = { number: 2, title: "dispatch fails", body: "dispatch_everything is never called" };

    await app.deliver("issues", issuesOpened(REPO, issue));
    await app.deliver("issue_comment", issueCommentCreated(REPO, issue, { id: 501, body: `/bugscout -path:${STAR_BOMB}`, user: { login: "maint" } }));
    await app.close();
    await fake.close();

    const [ranking, help] = repo.comments.get(2) ?? [];
    assert.match(ranking.body, /^1\. \[a+\\\.py\]/m, "the exclusion fell back to none");
    assert.deepEqual(problemLines(ranking.body), [
      "- `paths.exclude`: too many wildcards\\: use \\`\\*\\*\\` at most once and \\`\\*\\` at most once per directory level \\(item 0\\)",
    ]);
    assert.equal(help.body, renderHelp("collaborators", [`a \`path:\` option has ${TOO_MANY_WILDCARDS}`]));
    assert.deepEqual(fake.unexpected, []);
  });
});
