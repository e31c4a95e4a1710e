import assert from "node:assert/strict";
import { sameCommentContent } from "../../src/triage/render-comment.js";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { startTestApp } from "../app/app-harness.js";
import { issuesOpened } from "../app/payloads.js";
import { makePublic, setIssue } from "../fakes/fake-github-issues.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { runSource } from "../support/child-process.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const SHA = "7777777777777777777777777777777777777777";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 12, title: "Invoice total is negative", body: "compute_total returns a negative number when a discount is applied to an Invoice" };
const WRITES = /^(POST|PATCH|PUT|DELETE) /;

interface Run { code: number | null; stdout: string; stderr: string }

/** The numbered entries of a BugScout comment. */
function listedCount(body: string): number {
  return body.split("\n").filter((l) => /^\d+\. \[/.test(l)).length;
}

/** The body with its "ranked in N ms" figure replaced, the one part that differs from run to run. */
function sameTiming(body: string, ms = "N"): string {
  return body.replace(/ · ranked in \d+ ms · /, ` · ranked in ${ms} ms · `);
}

/** Runs `bugscout <args>` as its own process (node + tsx, as `npm run bugscout` does) with a clean environment. */
function bugscout(args: string[], env: Record<string, string>): Promise<Run> {
  return node(["src/cli/main.ts", ...args], env);
}

/** Runs a source file of the project with node + tsx and only `env` (plus PATH). */
function node(args: string[], env: Record<string, string>): Promise<Run> {
  const [file, ...rest] = args;
  return runSource(path.join(ROOT, file), rest, { cwd: ROOT, env: { PATH: process.env.PATH ?? "", ...env } });
}

describe("bugscout triage against a fake GitHub", () => {
  let fake: FakeGitHub;
  let repo: FakeRepo;
  let home: string;
  let env: Record<string, string>;

  before(async () => {
    fake = await startFakeGitHub();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await tarballFromDirectory(FIXTURE, "acme-shop-7777777"));
    setIssue(repo, ISSUE);
    home = await mkdtemp(path.join(tmpdir(), "bugscout-triage-home-"));
    env = { HOME: home, GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl, GITHUB_SERVER_URL: "https://github.example" };
  });

  it("prints exactly the comment the app posts (and the Action logs), progress on stderr, and re-uses the index on a second run", async (t) => {
    t.after(() => rm(home, { recursive: true, force: true }));
    const first = await bugscout(["triage", "acme/shop#12"], env);
    const second = await bugscout(["triage", `https://github.example/acme/shop/issues/12`], env);

    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^<!-- bugscout -->\n\n\*\*BugScout\*\*: (the file|[2-5] files) most likely to need a change:\n\n1\. \[shopcart\/billing\/invoice\\\.py\]\(https:\/\/github\.example\/acme\/shop\/blob\/7{40}\//);
    assert.match(first.stderr, /^bugscout: reading acme\/shop#12 from http:\/\/127\.0\.0\.1:\d+\/api\/v3$/m);
    assert.match(first.stderr, /^bugscout: downloading the repository at 7777777$/m);
    assert.match(first.stderr, /^bugscout: index refreshed \(commit 7777777, files \d+, ms \d+\)$/m);
    assert.match(first.stderr, /^bugscout: issue ranked \(files 3, ms \d+, mode bm25, reason no embedding API key is configured\)$/m);
    assert.ok(!first.stderr.includes("compute_total"), "no issue text or comment body on stderr");
    assert.equal(second.code, 0, second.stderr);
    assert.equal(sameTiming(second.stdout), sameTiming(first.stdout));
    assert.doesNotMatch(second.stderr, /downloading/);
    assert.equal(fake.calls().filter((c) => c.includes("/tarball/")).length, 1, "the second run re-used the stored index");
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c)), [], "nothing posted without --post");
    assert.deepEqual(fake.unexpected, []);

    // The Action's dry run (its own process and data folder) logs the same body.
    const eventPath = path.join(home, "event.json");
    const { installation: _installation, ...event } = issuesOpened(REPO, ISSUE);
    await writeFile(eventPath, JSON.stringify(event));
    const action = await node(["src/action/main.ts"], {
      GITHUB_EVENT_NAME: "issues", GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: "acme/shop", RUNNER_TEMP: home,
      GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl, GITHUB_SERVER_URL: "https://github.example", "INPUT_DRY-RUN": "true",
    });
    const logged = /::stop-commands::(\w+)\n([\s\S]*)\n::\1::\n/.exec(action.stdout)?.[2];
    assert.equal(sameTiming(logged ?? action.stdout + action.stderr), sameTiming(first.stdout));

    // The same issue delivered to the app (real index and ranker) gets the same body, byte for byte.
    const app = await startTestApp(fake, { realIndex: true });
    try {
      assert.equal(await app.deliver("issues", issuesOpened(REPO, ISSUE)), 200);
      // Only the measured ranking time differs between two runs (the harness's clock is fixed, so it says 0 ms).
      assert.match(first.stdout, / · ranked in \d+ ms · /);
      assert.equal(repo.comments.get(12)?.[0]?.body, sameTiming(first.stdout, "0"));
    } finally {
      await app.close();
    }
  });

  it("--post creates the comment once and edits nothing on a re-run; --json prints the ranking", async (t) => {
    t.after(() => rm(home, { recursive: true, force: true }));
    const posted = await bugscout(["triage", "acme/shop#12", "--post"], env);
    const again = await bugscout(["triage", "acme/shop#12", "--post"], env);
    const json = await bugscout(["triage", "acme/shop#12", "--json"], env);

    assert.equal(posted.code, 0, posted.stderr);
    assert.match(posted.stderr, /^bugscout: comment created on https:\/\/github\.example\/acme\/shop\/issues\/12$/m);
    // The re-run finds its comment and leaves it: only the footer's ranking time can differ.
    assert.match(again.stderr, /^bugscout: comment unchanged on /m);
    const comments = repo.comments.get(12) ?? [];
    assert.equal(comments.length, 1);
    assert.equal(comments[0].body, posted.stdout);
    assert.ok(sameCommentContent(comments[0].body, again.stdout));
    assert.ok(!fake.calls().some((c) => c.startsWith("PATCH ")), "nothing edited");
    assert.deepEqual(fake.calls().filter((c) => c.startsWith("POST ")), ["POST /repos/acme/shop/issues/12/comments"]);
    const ranking = JSON.parse(json.stdout) as { mode: string; files: { path: string }[] };
    assert.equal(ranking.mode, "bm25");
    assert.equal(ranking.files[0].path, "shopcart/billing/invoice.py");
    assert.deepEqual(fake.unexpected, []);
  });

  it("shows the labels and owners it would apply, applies them with --post, and has them in --json", async (t) => {
    t.after(() => rm(home, { recursive: true, force: true }));
    repo.settings = "labels:\n  min_confidence: 0\n";
    repo.files.set(".github/labeler.yml", "area/billing: ['shopcart/billing/**']\narea/docs: ['docs/**']\n");
    repo.files.set("CODEOWNERS", "/shopcart/billing/ @alice @acme/billing\n");
    repo.labels.push("area/billing");
    setIssue(repo, { ...ISSUE, labels: ["bug"] });

    const preview = await bugscout(["triage", "acme/shop#12"], env);
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stderr, /^bugscout: labels: area\/billing would be added$/m);
    assert.match(preview.stderr, /^bugscout: owners: @alice, @acme\/billing \(CODEOWNERS\)$/m);
    assert.match(preview.stdout, /\n\nCode owners \(`CODEOWNERS`\): `@alice`, `@acme\/billing`\n\n/);
    assert.match(preview.stderr, /^bugscout: \.github\/labeler\.yml: warning: area\/docs: the repository has no such label/m, "the map's missing label is named, on stderr");
    assert.doesNotMatch(preview.stdout, /no such label/, "never in the comment");
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c)), [], "nothing written without --post");

    const posted = await bugscout(["triage", "acme/shop#12", "--post"], env);
    assert.equal(posted.code, 0, posted.stderr);
    assert.match(posted.stderr, /^bugscout: labels: area\/billing added$/m);
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c)), ["POST /repos/acme/shop/issues/12/labels", "POST /repos/acme/shop/issues/12/comments"]);
    assert.deepEqual(repo.createdLabels, []);

    const json = await bugscout(["triage", "acme/shop#12", "--json"], env);
    const parsed = JSON.parse(json.stdout) as { files: unknown[]; triage: { labels: string[]; owners: string[]; ownersFile: string; added: string[]; confidence: number } };
    assert.deepEqual(parsed.triage.labels, ["area/billing"]);
    assert.deepEqual(parsed.triage.owners, ["@alice", "@acme/billing"]);
    assert.equal(parsed.triage.ownersFile, "CODEOWNERS");
    assert.deepEqual(parsed.triage.added, [], "already on the issue");
    assert.ok(parsed.triage.confidence >= 0 && parsed.triage.confidence <= 1);
    assert.deepEqual(fake.unexpected, []);
  });

  it("reads a public repository without a token, says so, and names the anonymous rate limit when it runs out", async (t) => {
    t.after(() => rm(home, { recursive: true, force: true }));
    makePublic(repo);
    repo.settings = "ranking:\n  top_k: 1\n";
    const anonymous = { HOME: home, GITHUB_SERVER_URL: "https://github.example" };
    const run = await bugscout(["triage", "acme/shop#12", "--api-url", fake.apiUrl], anonymous);
    const reset = Math.floor(Date.now() / 1000) + 3600;
    fake.failNext("GET", /^\/repos\/acme\/shop\/issues\/12$/, 403, "API rate limit exceeded for 127.0.0.1.",
      { headers: { "x-ratelimit-remaining": "0", "x-ratelimit-limit": "60", "x-ratelimit-reset": String(reset) } });
    const limited = await bugscout(["triage", "acme/shop#12", "--api-url", fake.apiUrl], anonymous);

    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^bugscout: no GITHUB_TOKEN or GH_TOKEN: reading anonymously \(public repositories only, 60 requests an hour\)$/m);
    assert.equal(listedCount(run.stdout), 1, "settings read anonymously");
    assert.ok(fake.requests.every((r) => r.authorization === ""), "no credentials sent");
    assert.equal(limited.code, 1);
    assert.equal(limited.stderr.trimEnd().split("\n").at(-1),
      `bugscout: GitHub's rate limit is used up (anonymous: 60 requests an hour; set GITHUB_TOKEN or GH_TOKEN for 5,000) while reading acme/shop#12; it resets at ${new Date(reset * 1000).toISOString()}`);
    assert.deepEqual(fake.unexpected, []);
  });

  it("answers a bad token, a missing issue, no access, a malformed reference and a bad archive with one line and exit code 1", async (t) => {
    t.after(() => rm(home, { recursive: true, force: true }));
    fake.failNext("GET", /^\/repos\/acme\/shop$/, 401, "Bad credentials");
    const badToken = await bugscout(["triage", "acme/shop#12", "--post"], { ...env, GITHUB_TOKEN: "", GH_TOKEN: "ghs_fake_42" });
    const missing = await bugscout(["triage", "acme/shop#404", "--post"], env);
    fake.failNext("GET", /^\/repos\/acme\/shop$/, 403, "Resource not accessible by personal access token");
    const noAccess = await bugscout(["triage", "acme/shop#12", "--post"], env);
    const malformed = await bugscout(["triage", "acme/shop#x", "--post"], env);
    repo.tarballs.set(SHA, Buffer.from("not a gzip archive"));
    const badArchive = await bugscout(["triage", "acme/shop#12", "--post"], env);

    const lastLine = (r: Run) => r.stderr.trimEnd().split("\n").at(-1);
    for (const r of [badToken, missing, noAccess, malformed, badArchive]) {
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, "");
    }
    assert.equal(lastLine(badToken), "bugscout: GitHub refused the token (401 Bad credentials): check GITHUB_TOKEN or GH_TOKEN");
    assert.equal(lastLine(missing), "bugscout: issue acme/shop#404 not found (404)");
    assert.equal(lastLine(noAccess), "bugscout: no access to acme/shop (403 Resource not accessible by personal access token) while reading acme/shop#12");
    assert.equal(malformed.stderr, "bugscout: 'acme/shop#x' is not an issue reference: use owner/repo#123 or https://github.com/owner/repo/issues/123\n");
    assert.equal(lastLine(badArchive), "bugscout: triaging acme/shop#12 failed: could not read the repository archive (Error: incorrect header check)");
    assert.ok(!badToken.stderr.includes("ghs_fake_42"), "the token is never printed");
    assert.deepEqual(fake.calls().filter((c) => WRITES.test(c)), [], "nothing posted");
    assert.deepEqual(fake.calls().filter((c) => c.includes("/tarball/")), ["GET /repos/acme/shop/tarball/7777777777777777777777777777777777777777"],
      "only the run with a bad archive got as far as downloading");
    assert.deepEqual(fake.unexpected, []);
  });
});
