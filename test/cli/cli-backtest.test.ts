import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { FakePulls } from "../fakes/fake-github-pulls.js";
import { buildTarball, tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { runSource } from "../support/child-process.js";

const ROOT = path.join(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/app-repo");
const [A, B, C, GONE] = ["a", "b", "c", "d"].map((c) => c.repeat(40));
const REPO = { owner: "acme", name: "shop", installationId: 42 };

interface Run { code: number | null; stdout: string; stderr: string }

/** Runs `bugscout <args>` as its own process (node + tsx, as `npm run bugscout` does) with a clean environment. */
function bugscout(args: string[], env: Record<string, string>): Promise<Run> {
  return runSource(path.join(ROOT, "src/cli/main.ts"), args, { cwd: ROOT, env: { PATH: process.env.PATH ?? "", ...env } });
}

describe("bugscout backtest and stats against a fake GitHub", () => {
  let fake: FakeGitHub;
  let home: string;
  let env: Record<string, string>;

  before(async () => {
    fake = await startFakeGitHub();
    const pulls = new FakePulls(fake);
    const repo = fake.addRepo({ ...REPO, headSha: C });
    repo.tarballs.set(A, await tarballFromDirectory(FIXTURE, "acme-shop-aaaaaaa"));
    repo.tarballs.set(B, await tarballFromDirectory(FIXTURE, "acme-shop-bbbbbbb"));
    // By commit C the repository was cut down to two modules.
    repo.tarballs.set(C, await buildTarball([
      { name: "acme-shop-ccccccc/shopcart/storage/cache.py", content: await readFile(path.join(FIXTURE, "shopcart/storage/cache.py")) },
      { name: "acme-shop-ccccccc/shopcart/http/router.py", content: await readFile(path.join(FIXTURE, "shopcart/http/router.py")) },
    ]));
    const issue = (number: number, title: string, body: string) => pulls.addIssue("acme/shop", { number, title, body });
    issue(1, "Invoice total raises ValueError for a refund", "compute_total on the Invoice raises when a refund line is larger");
    issue(2, "Session expires too early", "SessionStore.lookup returns None after a minute");
    issue(9, "apply_discount rounds percentages wrongly", "apply_discount with 12.5 percent gives the wrong total");
    issue(3, "LruCache.put evicts the wrong entry for cached routes", "the router's LruCache put keeps the oldest route");
    issue(8, "Crash on start", "the app crashes when it starts");
    pulls.addIssue("other/lib", { number: 3, title: "not ours", body: "another repository's issue" });
    const pull = (number: number, mergedAt: string, baseSha: string, closes: string[], files: [string, string][]) =>
      pulls.addPull("acme/shop", { number, merged: true, mergedAt, baseSha, closes, files: files.map(([filename, status]) => ({ filename, status })) });
    pull(4, "2026-01-10T10:00:00Z", A, ["acme/shop#1"], [["shopcart/billing/invoice.py", "modified"], ["tests/test_discount.py", "modified"], ["shopcart/billing/credit.py", "added"]]);
    pull(5, "2026-02-10T10:00:00Z", B, ["acme/shop#2"], [["shopcart/auth/session.py", "modified"]]);
    pull(10, "2026-02-12T10:00:00Z", B, ["acme/shop#9"], [["shopcart/billing/discount.py", "modified"]]);
    pull(6, "2026-03-10T10:00:00Z", C, ["acme/shop#3", "other/lib#3"], [["shopcart/http/router.py", "modified"]]);
    pull(7, "2026-03-20T10:00:00Z", GONE, ["acme/shop#8"], [["shopcart/app.py", "modified"]]);
    pulls.addPull("acme/shop", { number: 11, merged: true, mergedAt: "2026-03-21T10:00:00Z", baseSha: C, closes: [], files: [] });
    home = await mkdtemp(path.join(tmpdir(), "bugscout-backtest-home-"));
    env = { HOME: home, GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl, GITHUB_SERVER_URL: "https://github.example" };
  });
  after(async () => {
    await fake.close();
    await rm(home, { recursive: true, force: true });
  });

  it("ranks each fixed issue at its base commit, prints the eval table and the issues, one download per commit", async () => {
    const run = await bugscout(["backtest", "acme/shop"], env);

    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, [
      "| language | n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      "| python | 4 | 0.750 | 1.000 | 1.000 | 1.000 | 0.875 | 0.875 | 0.908 |",
      "| **all** | 4 | 0.750 | 1.000 | 1.000 | 1.000 | 0.875 | 0.875 | 0.908 |",
      "",
      "| repository | n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      "| acme/shop | 4 | 0.750 | 1.000 | 1.000 | 1.000 | 0.875 | 0.875 | 0.908 |",
      "| **all** | 4 | 0.750 | 1.000 | 1.000 | 1.000 | 0.875 | 0.875 | 0.908 |",
      "",
      "Comments: the App would have commented by itself on 4 of 4 scored issue(s) (100%; trigger.types bug, ranking.min_confidence 0.15, trigger.other_types_confidence 0.50), with a file the fix changed first for 3 (75% of those).",
      "Issue type: no scored issue carries a type label.",
      "",
      `#9 fixed by #10 (base bbbbbbb): shopcart/billing/discount.py ranked 1; bug (model), commented`,
      `#8 fixed by #7 (base ddddddd): skipped, base commit not found (force-pushed?)`,
      `#3 fixed by #6 (base ccccccc): shopcart/http/router.py ranked 2; bug (model), commented`,
      `#2 fixed by #5 (base bbbbbbb): shopcart/auth/session.py ranked 1; bug (model), commented`,
      `#1 fixed by #4 (base aaaaaaa): shopcart/billing/invoice.py ranked 1; bug (model), commented`,
      "",
    ].join("\n"));
    const downloads = fake.calls().filter((c) => c.includes("/tarball/"));
    assert.deepEqual(downloads, [A, B, C, GONE].map((sha) => `GET /repos/acme/shop/tarball/${sha}`), "oldest first, once each");
    assert.equal(run.stderr.match(/base commit not found/g)?.length, 1, "the force-pushed base is logged once");
    assert.ok(!run.stderr.includes("SessionStore"), "no issue text on stderr");
    assert.deepEqual(fake.unexpected, []);
  });

  it("keeps the outcomes: a second backtest changes nothing, and stats shows them", async () => {
    const again = await bugscout(["backtest", "acme/shop", "--json", "--since", "2026-02-01", "--limit", "2"], env);
    const stats = await bugscout(["stats", "acme/shop", "--json"], env);

    assert.equal(again.code, 0, again.stderr);
    const json = JSON.parse(again.stdout) as { overall: { count: number }; issues: { issue: number }[] };
    assert.deepEqual(json.issues.map((i) => i.issue), [8, 3], "newest first, --limit 2 after --since");
    assert.equal(stats.code, 0, stats.stderr);
    const figures = JSON.parse(stats.stdout) as { allTime: unknown; outcomes: { issueNumber: number; source: string }[] };
    assert.deepEqual(figures.allTime, { issuesRanked: 0, fixedIssues: 4, scored: 4, hit1: 3, hit5: 4, notRanked: 0, feedback: { up: 0, down: 0 } }, "a backtest reads no reactions");
    assert.deepEqual(figures.outcomes.map((o) => `${o.issueNumber}:${o.source}`), ["3:backtest", "9:backtest", "2:backtest", "1:backtest"]);
  });
});

describe("bugscout backtest with an area map", () => {
  it("scores the area labels BugScout would have chosen against the labels the fixed issues carry", async (t) => {
    const fake = await startFakeGitHub();
    const home = await mkdtemp(path.join(tmpdir(), "bugscout-backtest-labels-"));
    t.after(async () => {
      await fake.close();
      await rm(home, { recursive: true, force: true });
    });
    const pulls = new FakePulls(fake);
    const repo = fake.addRepo({ ...REPO, headSha: B });
    repo.tarballs.set(A, await tarballFromDirectory(FIXTURE, "acme-shop-aaaaaaa"));
    repo.settings = "labels:\n  min_confidence: 0\n";
    repo.files.set(".github/labeler.yml", "area/billing: ['shopcart/billing/**']\narea/auth: ['shopcart/auth/**']\n");
    pulls.addIssue("acme/shop", { number: 1, title: "Invoice total raises ValueError for a refund", body: "compute_total on the Invoice raises when a refund line is larger", labels: ["bug", "area/billing"] });
    pulls.addIssue("acme/shop", { number: 2, title: "Session expires too early", body: "SessionStore.lookup returns None after a minute", labels: ["area/billing"] });
    pulls.addIssue("acme/shop", { number: 9, title: "apply_discount rounds percentages wrongly", body: "apply_discount with 12.5 percent gives the wrong total", labels: ["bug"] });
    pulls.addIssue("acme/shop", { number: 11, title: "Support gift cards on the invoice", body: "Feature request: it would be great if the invoice could take a gift card as a payment line.", labels: ["enhancement"] });
    for (const [number, closes, file] of [[4, 1, "shopcart/billing/invoice.py"], [5, 2, "shopcart/auth/session.py"], [10, 9, "shopcart/billing/discount.py"], [12, 11, "shopcart/billing/invoice.py"]] as const) {
      pulls.addPull("acme/shop", { number, merged: true, mergedAt: `2026-01-1${number % 10}T10:00:00Z`, baseSha: A, closes: [`acme/shop#${closes}`], files: [{ filename: file, status: "modified" }] });
    }

    const run = await bugscout(["backtest", "acme/shop"], { HOME: home, GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl });
    const json = await bugscout(["backtest", "acme/shop", "--json"], { HOME: home, GITHUB_TOKEN: "ghs_fake_42", GITHUB_API_URL: fake.apiUrl });

    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.includes("Area labels: 2 scored issue(s) carry a label of the area map; BugScout would have labelled 2 (100%), with the issue's own label for 1 (50% of those it labelled).\n"), run.stdout);
    assert.match(run.stdout, /^#2 fixed by #5 \(base aaaaaaa\): shopcart\/auth\/session\.py ranked 1; label area\/auth; bug \(model\), commented$/m);
    // The feature request a pull request closed: read as one from its text, so the App would have stayed quiet.
    assert.match(run.stdout, /^#11 fixed by #12 \(base aaaaaaa\): shopcart\/billing\/invoice\.py ranked \d+; (label area\/billing; )?feature \(model\), quiet$/m);
    assert.ok(run.stdout.includes("Comments: the App would have commented by itself on 3 of 4 scored issue(s) (75%; trigger.types bug, ranking.min_confidence 0.15, trigger.other_types_confidence 0.50), with a file the fix changed first for 3 (100% of those).\n"), run.stdout);
    assert.ok(run.stdout.includes("Issue type: 3 scored issue(s) carry a type label; the type read from the text alone was the label's for 3 (100%).\n"), run.stdout);
    const answer = JSON.parse(json.stdout) as { labels: unknown; speak: unknown; issues: { issue: number; issue_type?: { type: string }; labelled_type?: string; comment?: boolean }[] };
    assert.deepEqual(answer.labels, { carried: 2, labelled: 2, right: 1 });
    assert.deepEqual(answer.speak, { scored: 4, commented: 3, commentedFirstRight: 3, typeLabelled: 3, typeAgreed: 3 });
    const gift = answer.issues.find((i) => i.issue === 11);
    assert.deepEqual([gift?.issue_type?.type, gift?.labelled_type, gift?.comment], ["feature", "feature", false]);
    assert.deepEqual(fake.unexpected, []);
  });
});
