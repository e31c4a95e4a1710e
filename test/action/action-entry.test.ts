import { classifyIssueType } from "../../src/issue-type/classify-issue-type.js";
import { shippedIssueTypeModel } from "../../src/issue-type/shipped-model.js";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { issueCommentCreated, issuesOpened } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { startFakeVoyage } from "../fakes/fake-voyage.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { getIssue, setIssue } from "../fakes/fake-github-issues.js";
import { runSource } from "../support/child-process.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const SHA = "7777777777777777777777777777777777777777";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 12, title: "Invoice total is negative", body: "compute_total returns a negative number when a discount is applied to an Invoice" };
const VOYAGE_KEY = "pa-action-test-key-0123456789";
const WRITES = /^(POST|PATCH|PUT|DELETE) /;

interface Run { code: number | null; stdout: string; stderr: string }

/** Writes the event file and runs the Action's entry point as its own process with only the Actions environment. */
function runAction(dir: string, eventName: string, event: object, env: Record<string, string>): Promise<Run> {
  const eventPath = path.join(dir, `event-${Math.random().toString(36).slice(2)}.json`);
  // Workflow events carry no installation; the entry point must not need one.
  const { installation: _installation, ...payload } = event as { installation?: unknown };
  writeFileSync(eventPath, JSON.stringify(payload));
  return runSource(path.join(ROOT, "src/action/main.ts"), [], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: "acme/shop", RUNNER_TEMP: dir, ...env },
  });
}

/** The step outputs a run appended to GITHUB_OUTPUT (both of GitHub's forms), last value of each name. */
function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const delimited = /^([\w-]+)<<(\S+)$/.exec(lines[i]);
    if (delimited) {
      const end = lines.indexOf(delimited[2], i + 1);
      outputs[delimited[1]] = lines.slice(i + 1, end).join("\n");
      i = end;
      continue;
    }
    const simple = /^([\w-]+)=(.*)$/.exec(lines[i]);
    if (simple) outputs[simple[1]] = simple[2];
  }
  return outputs;
}

/** The numbered entries of a BugScout comment. */
function listed(body: string | undefined): number {
  return (body ?? "").split("\n").filter((l) => /^\d+\. \[/.test(l)).length;
}

describe("the Action's entry point against a fake GitHub", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(() => fake.close());
  beforeEach(async () => {
    fake.requests.length = 0;
    // The relative cut off: the count of files listed is top_k.
    repo = fake.addRepo({ ...REPO, headSha: SHA, settings: "ranking:\n  top_k: 2\n  min_relative_score: 0\n" });
    repo.tarballs.set(SHA, await tarballFromDirectory(FIXTURE, "acme-shop-7777777"));
    repo.roles.set("maint", "write");
    repo.roles.set("reader", "read");
    dir = mkdtempSync(path.join(tmpdir(), "bugscout-action-"));
    env = { "INPUT_GITHUB-TOKEN": "ghs_fake_42", GITHUB_API_URL: fake.apiUrl, GITHUB_SERVER_URL: "https://github.example" };
  });

  it("comments on a new issue once, edits it for /bugscout top=3, and ignores read-only and over-limit commenters", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const outputs = path.join(dir, "github-output");
    const limited = { ...env, BUGSCOUT_COMMANDS_PER_WINDOW: "1", GITHUB_OUTPUT: outputs };
    const opened = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), env);
    const rerun = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), env);
    assert.equal(opened.code, 0, opened.stdout + opened.stderr);
    assert.equal(rerun.code, 0, rerun.stdout + rerun.stderr);
    assert.equal(repo.comments.get(12)?.length, 1, "no duplicate on a re-run");
    assert.equal(listed(repo.comments.get(12)?.[0].body), 2, "top_k from .github/bugscout.yml");
    assert.equal(fake.calls().filter((c) => c.includes("/tarball/")).length, 1, "the second run re-used the index in RUNNER_TEMP");

    const command = await runAction(dir, "issue_comment", issueCommentCreated(REPO, ISSUE, { id: 501, body: "/bugscout top=3", user: { login: "maint", id: 5 } }), limited);
    assert.equal(command.code, 0, command.stdout + command.stderr);
    assert.equal(repo.comments.get(12)?.length, 1);
    assert.equal(listed(repo.comments.get(12)?.[0].body), 3, "the comment was edited in place");
    assert.deepEqual(repo.reactions, ["501:eyes"]);
    assert.ok(existsSync(path.join(dir, "bugscout/state/command-hits.json")) && existsSync(path.join(dir, "bugscout/state/records.sqlite")),
      "the commands answered and the records are in the state folder the post step saves");
    assert.equal(JSON.parse(readOutputs(outputs).files).length, 3, "the re-rank's outputs: the three files it listed");

    fake.requests.length = 0;
    const reader = await runAction(dir, "issue_comment", issueCommentCreated(REPO, ISSUE, { id: 502, body: "/bugscout top=1", user: { login: "reader", id: 6 } }), limited);
    const overLimit = await runAction(dir, "issue_comment", issueCommentCreated(REPO, ISSUE, { id: 503, body: "/bugscout top=1", user: { login: "maint", id: 5 } }), limited);
    const chatter = await runAction(dir, "issue_comment", issueCommentCreated(REPO, ISSUE, { id: 504, body: "thanks!", user: { login: "maint", id: 5 } }), limited);
    for (const run of [reader, overLimit, chatter]) assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(reader.stdout, /^BugScout: command refused: not allowed by settings \(issue 12, role read\)$/m);
    assert.match(overLimit.stdout, /^::warning::BugScout: command refused: repository rate limit \(issue 12\)$/m);
    assert.match(chatter.stdout, /^BugScout: nothing to do for issue_comment\.created$/m);
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c)), [], "nothing written for a read-only commenter or past the limit");
    assert.equal(listed(repo.comments.get(12)?.[0].body), 3);
    assert.deepEqual(fake.unexpected, []);
  });

  it("adds the area label and names the owners as the app does, and writes the triage outputs", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    repo.settings = "ranking:\n  top_k: 2\nlabels:\n  min_confidence: 0\n";
    repo.files.set(".github/labeler.yml", "area/billing:\n- changed-files:\n  - any-glob-to-any-file: 'shopcart/billing/**'\n");
    repo.files.set(".github/CODEOWNERS", "/shopcart/ @alice @acme/shop\n");
    repo.labels.push("area/billing");
    setIssue(repo, { number: ISSUE.number, title: ISSUE.title, body: ISSUE.body, labels: [] });
    const outputs = path.join(dir, "github-output");

    const run = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), { ...env, GITHUB_OUTPUT: outputs });

    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(getIssue(repo, ISSUE.number)?.labels, ["area/billing"]);
    const body = repo.comments.get(12)?.[0].body ?? "";
    assert.match(body, /\nCode owners \(`\.github\/CODEOWNERS`\): `@alice`, `@acme\/shop`\n/);
    const written = readOutputs(outputs);
    const files = JSON.parse(written.files) as { path: string; score: number; symbol: string | null; lines: [number, number] | null; reasons: string[] }[];
    assert.equal(files.length, 2);
    assert.equal(written["top-file"], files[0].path);
    assert.match(files[0].path, /^shopcart\/billing\//);
    assert.ok(files.every((f) => typeof f.score === "number" && f.reasons.length > 0));
    assert.deepEqual(JSON.parse(written.labels), ["area/billing"]);
    assert.deepEqual(JSON.parse(written.owners), ["@alice", "@acme/shop"]);
    assert.match(written.confidence, /^(0\.\d\d|1\.00)$/);
    // No type label, no template: the shipped classifier answers, as `bugscout classify` would for the same text.
    const expectedType = classifyIssueType({ title: ISSUE.title, body: ISSUE.body, labels: [] }, { model: shippedIssueTypeModel() });
    assert.deepEqual(JSON.parse(written["issue-type"]), expectedType);
    assert.equal(expectedType.source, "model");
    assert.equal(written.comment, "true", "the comment went out: BugScout answered by itself");
    assert.deepEqual(repo.createdLabels, []);
    assert.deepEqual(fake.unexpected, []);
  });

  it("dry-run logs the comment and posts nothing; a checkout at the branch head is indexed in place", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const workspace = path.join(dir, "workspace");
    cpSync(FIXTURE, workspace, { recursive: true });
    const git = (...args: string[]) => execFileSync("git", ["-C", workspace, ...args], { encoding: "utf8", timeout: 30_000 }).trim();
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "fixture");
    repo.headSha = git("rev-parse", "HEAD");

    const run = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), { GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl, GITHUB_WORKSPACE: workspace, "INPUT_DRY-RUN": "true" });

    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^BugScout: index refreshed from the checkout \(commit [0-9a-f]{40}, files \d+, ms \d+\)$/m);
    // Without GITHUB_SERVER_URL, links use the web root of GITHUB_API_URL.
    assert.match(run.stdout, /^BugScout: dry run: comment not posted \(issue 12\)$/m);
    assert.match(run.stdout, /::group::The comment BugScout would post\n::stop-commands::([0-9a-f]{32})\n<!-- bugscout -->\n[\s\S]*\n1\. \[shopcart\/billing\/invoice\\\.py\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/shop\/blob\/[0-9a-f]{40}\/[\s\S]*\n::\1::\n::endgroup::\n/);
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c) || c.includes("/tarball/")), [], "nothing downloaded, nothing posted");
    assert.deepEqual(fake.unexpected, []);
  });

  it("reads a bundle's source map from the checkout for a trace through the action's own dist/index.js", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const bundle = path.join(ROOT, "test/fixtures/action-bundle");
    const workspace = path.join(dir, "workspace");
    for (const [from, to] of [["src", "src"], ["bundle/index.js", "dist/index.js"], ["bundle/index.js.map", "dist/index.js.map"]]) {
      cpSync(path.join(bundle, from), path.join(workspace, to), { recursive: true });
    }
    const git = (...args: string[]) => execFileSync("git", ["-C", workspace, ...args], { encoding: "utf8", timeout: 30_000 }).trim();
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "fixture");
    repo.headSha = git("rev-parse", "HEAD");
    const thrownAt = readFileSync(path.join(workspace, "dist/index.js"), "utf8").split("\n").findIndex((l) => l.includes('throw new Error("empty input")')) + 1;
    const issue = { number: 13, title: "Fails on an empty labels input", body: `Error: empty input\n    at parsePairs (/home/runner/work/_actions/acme/pairs/v1/dist/index.js:${thrownAt}:11)` };

    const run = await runAction(dir, "issues", issuesOpened(REPO, issue), { GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl, GITHUB_WORKSPACE: workspace, "INPUT_DRY-RUN": "true" });

    assert.equal(run.code, 0, run.stdout + run.stderr);
    // Placed by the map read from the checkout: the source's path and line, not the runner's path of the bundle.
    assert.match(run.stdout, /^1\. \[src\/parse\\\.ts\]\([^)]*\) — [^\n]*stack frame `src\/parse\.ts:\d+ in parsePairs`/m, run.stdout);
    assert.deepEqual(fake.calls().filter((c) => c.includes("/contents/dist/")), [], "the map is read from the checkout, not fetched");
    assert.deepEqual(fake.unexpected, []);
  });

  it("with a VOYAGE_API_KEY ranks with embeddings, and a later run re-uses the stored ones", async (t) => {
    const voyage = await startFakeVoyage({ apiKey: VOYAGE_KEY });
    t.after(async () => {
      await voyage.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const dense = { ...env, VOYAGE_API_KEY: VOYAGE_KEY, VOYAGE_BASE_URL: voyage.baseUrl, "INPUT_DRY-RUN": "true" };
    const documents = () => voyage.requests.filter((r) => r.inputType === "document").length;
    const cold = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), dense);
    const embedded = documents();
    const warm = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), dense);

    assert.equal(cold.code, 0, cold.stdout + cold.stderr);
    assert.match(cold.stdout, /\nmode hybrid: embeddings 0\\% warm/);
    assert.ok(embedded > 0);
    assert.equal(warm.code, 0, warm.stdout + warm.stderr);
    assert.match(warm.stdout, /\nmode (dense|hybrid): embeddings 100\\% warm/);
    assert.equal(documents(), embedded, "the second run embedded no code again");
    assert.ok(!(cold.stdout + warm.stdout).includes(VOYAGE_KEY), "the key is never logged");
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c)), []);
  });

  it("annotates settings problems at their lines, lists them in the job summary, and fails the job on a file it cannot read", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const summary = path.join(dir, "summary.md");
    repo.settings = "dry_run: true\nranking:\n  top_k: [2\n";
    const broken = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), { ...env, GITHUB_STEP_SUMMARY: summary });

    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    assert.match(broken.stdout, /^::error file=\.github\/bugscout\.yml,line=3,title=BugScout settings%3A \(file\)::not valid YAML: /m);
    assert.match(broken.stdout, /^::error::BugScout: the settings stop BugScout on this repository/m);
    assert.match(readFileSync(summary, "utf8"), /^### BugScout settings: BugScout is stopped on this repository/);
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c) || c.includes("/tarball/")), [], "nothing downloaded, nothing posted");

    repo.settings = "ranking:\n  top_k: 50\n  min_relative_score: 0\nenabled: yes\n";
    const lenient = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), env);
    assert.equal(lenient.code, 0, lenient.stdout + lenient.stderr);
    assert.match(lenient.stdout, /^::warning file=\.github\/bugscout\.yml,line=2,title=BugScout settings%3A ranking\.top_k::out of range \(1 to 20\)%3A|^::warning file=\.github\/bugscout\.yml,line=2,title=BugScout settings%3A ranking\.top_k::out of range \(1 to 20\): 50 is read as 20$/m);
    assert.ok(listed(repo.comments.get(ISSUE.number)?.[0]?.body) > 2, "top_k read as 20, not the default");
    assert.deepEqual(fake.unexpected, []);
  });

  it("on a pull request, checks the settings at its head commit: annotations, and a failing job when they stop BugScout", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const head = "9".repeat(40);
    const pullRequest = (action: string) => ({ action, number: 3, pull_request: { number: 3, head: { sha: head } }, repository: { name: "shop", full_name: "acme/shop", owner: { login: "acme" } }, sender: { login: "maint" } });
    repo.settings = "enabled: yes\nranking:\n  top_k: [3\n";
    repo.files.set(".github/labeler.yml", "area/docs: ['docs/**']\n");
    const broken = await runAction(dir, "pull_request", pullRequest("opened"), env);
    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    assert.match(broken.stdout, /^::error file=\.github\/bugscout\.yml,line=3,title=BugScout settings%3A \(file\)::not valid YAML: /m);
    assert.ok(fake.requests.some((r) => r.path === "/repos/acme/shop/contents/.github/bugscout.yml" && r.query.ref === head), "read at the pull request's head");

    repo.settings = "enabled: yes\ntrigger:\n  ignore_labels: wontfix\n";
    const warned = await runAction(dir, "pull_request", pullRequest("synchronize"), env);
    assert.equal(warned.code, 0, warned.stdout + warned.stderr);
    assert.match(warned.stdout, /^::warning file=\.github\/labeler\.yml,title=BugScout settings%3A area\/docs::the repository has no such label; /m);
    assert.match(warned.stdout, /^BugScout: settings checked \(commit 9{40}\)$/m);
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c) || c.includes("/tarball/")), [], "nothing downloaded, nothing posted");
    assert.deepEqual(fake.unexpected, []);
  });

  it("fails with one ::error:: line and posts nothing on a bad token, a missing permission, a deleted issue or a missing environment", async (t) => {
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    fake.failNext("GET", /^\/repos\/acme\/shop\/contents\/\.github\/bugscout\.yml$/, 401, "Bad credentials");
    const badToken = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), env);
    fake.failNext("POST", /^\/repos\/acme\/shop\/issues\/12\/comments$/, 403, "Resource not accessible by integration");
    const readOnlyToken = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), env);
    fake.failNext("POST", /^\/repos\/acme\/shop\/issues\/12\/comments$/, 404, "Not Found");
    const gone = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), env);
    const noToken = await runAction(dir, "issues", issuesOpened(REPO, ISSUE), { GITHUB_API_URL: fake.apiUrl });

    const errors = (r: Run) => r.stdout.split("\n").filter((l) => l.startsWith("::error::"));
    for (const r of [badToken, readOnlyToken, gone, noToken]) assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.deepEqual(errors(gone), ["::error::BugScout: issue acme/shop#12 not found (404)"]);
    assert.deepEqual(errors(badToken), ["::error::BugScout: GitHub refused the token (401 Bad credentials): check the github-token input"]);
    assert.deepEqual(errors(readOnlyToken), ["::error::BugScout: no access to acme/shop (403 Resource not accessible by integration) while handling issues.opened"]);
    assert.deepEqual(errors(noToken), ["::error::BugScout: no token: the github-token input (default ${{ github.token }}) or GITHUB_TOKEN must be set"]);
    assert.ok(!badToken.stdout.includes("ghs_fake_42"));

    // A hand-made event file without the repository's full name: a clear answer, not a TypeError from a handler.
    const { repository, ...rest } = issuesOpened(REPO, ISSUE) as { repository: Record<string, unknown> };
    const { full_name: _fullName, ...partial } = repository;
    const truncated = await runAction(dir, "issues", { ...rest, repository: partial }, env);
    assert.equal(truncated.code, 1, truncated.stdout + truncated.stderr);
    assert.deepEqual(errors(truncated), ["::error::BugScout: the issues event in GITHUB_EVENT_PATH lacks repository.full_name"]);
    assert.equal(repo.comments.get(12), undefined, "nothing posted");
    assert.deepEqual(fake.unexpected, []);
  });
});
