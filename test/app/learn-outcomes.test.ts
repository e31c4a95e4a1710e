import assert from "node:assert/strict";
import path from "node:path";
import { before, describe, it } from "node:test";
import type { RecordKey } from "../../src/records/record-store.js";
import { FakePulls } from "../fakes/fake-github-pulls.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness, type TestApp } from "./app-harness.js";
import { existsSync } from "node:fs";
import { recordsPath } from "../../src/triage/data-layout.js";
import { installationDeleted, issueCommentCreated, issuesOpened, repositoriesRemoved } from "./payloads.js";
import { issueClosed, pullRequestClosed } from "./payloads-pulls.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "5555555555555555555555555555555555555555";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const KEY: RecordKey = { installationId: 42, owner: "acme", repo: "shop" };
const NOW = Date.UTC(2026, 5, 1);
const ISSUES = {
  1: { title: "Invoice total raises ValueError for a large refund", body: "`compute_total` on the `Invoice` raises.\n  File \"shopcart/billing/invoice.py\", line 30, in compute_total" },
  2: { title: "Session expires too early", body: "SessionStore.lookup returns None after a minute" },
  3: { title: "LruCache.put evicts the wrong entry", body: "the least recently used entry of the LruCache stays" },
  4: { title: "apply_discount rounds percentages wrongly", body: "apply_discount with 12.5 percent gives the wrong total" },
  5: { title: "Router does not match trailing slashes", body: "http router match fails for /cart/" },
};

/** The outcome rows of the repository, oldest issue first, as `issue/pull status path:rank…`. */
async function outcomeLines(app: TestApp, key = KEY): Promise<string[]> {
  const outcomes = await app.deps.records!.recentOutcomes(key, 100);
  return outcomes.map((o) => `#${o.issueNumber}/#${o.pullNumber} ${o.status} ${o.files.map((f) => `${f.path}:${f.rank ?? "-"}`).join(" ")}`.trim()).sort();
}

function logged(app: TestApp, msg: string): number {
  return app.logs.filter((l) => (JSON.parse(l) as { msg?: string }).msg === msg).length;
}

describe("learning outcomes from merged pull requests", () => {
  const gh = appHarness({
    repo: { ...REPO, headSha: SHA },
    tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-5555555"),
    app: { realIndex: true, now: () => NOW },
    once: true,
  });
  let pulls: FakePulls;

  before(async () => {
    pulls = new FakePulls(gh.fake);
    gh.repo.roles.set("maint", "maintain");
    for (const [n, issue] of Object.entries(ISSUES)) pulls.addIssue("acme/shop", { number: Number(n), ...issue });
    for (const n of [1, 2, 3, 4]) {
      assert.equal(await gh.app.deliver("issues", issuesOpened(REPO, { number: n, ...ISSUES[n as 1] })), 200);
    }
  });

  it("records rank 1 once for the issue whose top file the fix changed, also on redelivery; both issues a PR closes", async () => {
    // A re-rank by command replaces the issue's prediction: the latest one counts.
    await gh.app.deliver("issue_comment", issueCommentCreated(REPO, { number: 2, ...ISSUES[2] }, { id: 600, body: "/bugscout top=2", user: { login: "maint" } }));
    const reranked = await gh.app.deps.records!.findPrediction(KEY, 2);
    assert.equal(reranked?.source, "command");
    assert.equal(reranked?.files.length, 2);
    const top = (await gh.app.deps.records!.findPrediction(KEY, 1))?.files[0]?.path;
    assert.equal(top, "shopcart/billing/invoice.py", "the first issue was ranked and its prediction kept");
    const rankOf2 = (await gh.app.deps.records!.findPrediction(KEY, 2))!.files.findIndex((f) => f.path === "shopcart/billing/invoice.py");
    pulls.addPull("acme/shop", {
      number: 10, merged: true, mergedAt: "2026-05-20T10:00:00Z", baseSha: SHA, closes: ["acme/shop#1", "acme/shop#2"],
      files: [
        { filename: "shopcart/billing/invoice.py", status: "modified" },
        { filename: "tests/test_discount.py", status: "modified" },
        { filename: "shopcart/billing/credit.py", status: "added" },
      ],
    });
    const event = pullRequestClosed(REPO, { number: 10, merged: true, mergedAt: "2026-05-20T10:00:00Z", changedFiles: 3, baseSha: SHA });

    assert.equal(await gh.app.deliver("pull_request", event), 200);
    assert.equal(await gh.app.deliver("pull_request", event), 200);
    assert.equal(await gh.app.deliver("issues", issueClosed(REPO, { number: 1, ...ISSUES[1] })), 200);

    assert.deepEqual(await outcomeLines(gh.app), [
      "#1/#10 scored shopcart/billing/invoice.py:1",
      `#2/#10 scored shopcart/billing/invoice.py:${rankOf2 < 0 ? "-" : rankOf2 + 1}`,
    ]);
    assert.equal(gh.fake.calls().filter((c) => c === "GET /repos/acme/shop/pulls/10/files").length, 1, "a redelivery reads no files again");
    assert.equal(logged(gh.app, "fix outcome learned"), 2);
  });

  it("records 'no reachable file' for a fix that only changes tests or only adds files", async () => {
    pulls.addPull("acme/shop", {
      number: 11, merged: true, mergedAt: "2026-05-21T10:00:00Z", baseSha: SHA, closes: ["acme/shop#3"],
      files: [{ filename: "tests/test_discount.py", status: "modified" }, { filename: "shopcart/storage/lru2.py", status: "added" }],
    });

    await gh.app.deliver("pull_request", pullRequestClosed(REPO, { number: 11, merged: true, mergedAt: "2026-05-21T10:00:00Z", changedFiles: 2, baseSha: SHA }));

    assert.ok((await outcomeLines(gh.app)).includes("#3/#11 no-reachable-file"));
  });

  it("answers /bugscout stats with the figures and the recent outcomes", async () => {
    const rankOf2 = (await gh.app.deps.records!.recentOutcomes(KEY, 10)).find((o) => o.issueNumber === 2)!.files[0].rank;
    const hit5 = 1 + (rankOf2 !== null && rankOf2 <= 5 ? 1 : 0);
    const notRanked = rankOf2 === null ? 1 : 0;
    const pct = (n: number, d: number) => `${Math.round((100 * n) / d)}% (${n}/${d})`;

    const status = await gh.app.deliver("issue_comment", issueCommentCreated(REPO, { number: 1, ...ISSUES[1] }, { id: 700, body: "/bugscout stats", user: { login: "maint" } }));

    assert.equal(status, 200);
    const stats = (gh.repo.comments.get(1) ?? []).find((c) => c.body.startsWith("<!-- bugscout:stats -->"));
    const link = "https://github.example/acme/shop";
    const row2 = rankOf2 === null ? "not ranked (`shopcart/billing/invoice.py`)" : `\`shopcart/billing/invoice.py\` ranked ${rankOf2}`;
    assert.equal(stats?.body, [
      "<!-- bugscout:stats -->",
      "",
      "**BugScout on this repository**",
      "",
      "| | Last 90 days | All time |",
      "| --- | --- | --- |",
      "| Issues ranked | 4 | 4 |",
      "| Fixed issues seen | 3 | 3 |",
      "| Scored (ranked, and the fix changed a file BugScout could suggest) | 2 | 2 |",
      `| Hit@1: a changed file ranked first | ${pct(1, 2)} | ${pct(1, 2)} |`,
      `| Hit@5: a changed file in the top 5 | ${pct(hit5, 2)} | ${pct(hit5, 2)} |`,
      `| Not ranked: no changed file listed | ${pct(notRanked, 2)} | ${pct(notRanked, 2)} |`,
      "| Readers' 👍 / 👎 on the comment (counted when the issue closed) | 0 / 0 | 0 / 0 |",
      "",
      "Most recent outcomes:",
      `- [#3](${link}/issues/3) fixed by [#11](${link}/pull/11): no reachable file (the fix only changed tests or added files)`,
      `- [#2](${link}/issues/2) fixed by [#10](${link}/pull/10): ${row2}`,
      `- [#1](${link}/issues/1) fixed by [#10](${link}/pull/10): \`shopcart/billing/invoice.py\` ranked 1`,
      "",
    ].join("\n"));
    assert.equal(gh.repo.comments.get(1)?.filter((c) => c.body.startsWith("<!-- bugscout -->")).length, 1, "the ranking comment is left alone");
  });

  it("handles a 3,000+ file PR, a reference to another repository and a deleted issue without recording anything wrong", async () => {
    const before = await outcomeLines(gh.app);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ filename: `gen/file_${i}.py`, status: "modified" }));
    pulls.addPull("acme/shop", { number: 20, merged: true, mergedAt: "2026-05-22T10:00:00Z", baseSha: SHA, closes: ["acme/shop#4"], files: many(3_500) });
    // GitHub's changed_files was stale (10); the listing stops at 3,000 and the outcome is still not recorded.
    pulls.addPull("acme/shop", { number: 21, merged: true, mergedAt: "2026-05-22T11:00:00Z", baseSha: SHA, closes: ["acme/shop#4"], changedFiles: 10, files: many(3_200) });
    pulls.addPull("acme/shop", {
      number: 22, merged: true, mergedAt: "2026-05-23T10:00:00Z", baseSha: SHA, closes: ["other/lib#4", "acme/shop#5"],
      files: [{ filename: "shopcart/http/router.py", status: "modified" }],
    });
    pulls.issues.get("acme/shop")!.get(5)!.deleted = true;
    pulls.addIssue("other/lib", { number: 4, title: "elsewhere", body: "not ours" });

    await gh.app.deliver("pull_request", pullRequestClosed(REPO, { number: 20, merged: true, mergedAt: "2026-05-22T10:00:00Z", changedFiles: 3_500, baseSha: SHA }));
    await gh.app.deliver("pull_request", pullRequestClosed(REPO, { number: 21, merged: true, mergedAt: "2026-05-22T11:00:00Z", changedFiles: 10, baseSha: SHA }));
    await gh.app.deliver("pull_request", pullRequestClosed(REPO, { number: 22, merged: true, mergedAt: "2026-05-23T10:00:00Z", changedFiles: 1, baseSha: SHA }));
    await gh.app.deliver("issues", issueClosed(REPO, { number: 5, ...ISSUES[5] }));
    await gh.app.deliver("pull_request", pullRequestClosed(REPO, { number: 23, merged: false, mergedAt: "", changedFiles: 1, baseSha: SHA }));

    const after = await outcomeLines(gh.app);
    assert.deepEqual(after.map((l) => l.slice(0, 80)), before.map((l) => l.slice(0, 80)), "nothing was recorded");
    assert.equal(await gh.app.deps.records!.hasOutcome(KEY, 4, 22), false);
    assert.equal(logged(gh.app, "pull request too large to learn from: outcome not recorded"), 2, "once for each large PR");
    assert.equal(gh.fake.calls().filter((c) => c === "GET /repos/acme/shop/pulls/20/files").length, 0, "a PR known to be too large is not listed");
    assert.equal(gh.fake.calls().filter((c) => c === "GET /repos/acme/shop/pulls/21/files").length, 30, "the listing stops at GitHub's 3,000");
    assert.equal(logged(gh.app, "closing references to issues of other repositories ignored"), 1);
    assert.equal(logged(gh.app, "fix not learned: not found on GitHub (deleted?)"), 1);
    assert.equal(gh.app.logs.filter((l) => l.includes('"level":50')).length, 0, "no error");
  });

  it("without pull_requests: read, ranks as before and says so once in the log", async () => {
    const locked = { owner: "acme", name: "vault", installationId: 43 };
    const vault = gh.fake.addRepo({ ...locked, headSha: SHA });
    vault.tarballs.set(SHA, await tarballFromDirectory(FIXTURE, "acme-vault-5555555"));
    pulls.forbidden.add(43);
    pulls.addIssue("acme/vault", { number: 1, ...ISSUES[1] });
    pulls.addPull("acme/vault", { number: 9, merged: true, mergedAt: "2026-05-20T10:00:00Z", baseSha: SHA, closes: ["acme/vault#1"], files: [{ filename: "shopcart/billing/invoice.py", status: "modified" }] });

    await gh.app.deliver("issues", issuesOpened(locked, { number: 1, ...ISSUES[1] }));
    await gh.app.deliver("pull_request", pullRequestClosed(locked, { number: 9, merged: true, mergedAt: "2026-05-20T10:00:00Z", changedFiles: 1, baseSha: SHA }));
    await gh.app.deliver("issues", issueClosed(locked, { number: 1, ...ISSUES[1] }));
    await gh.app.deliver("issues", issuesOpened(locked, { number: 2, ...ISSUES[2] }));

    assert.equal(vault.comments.get(1)?.length, 1);
    assert.equal(vault.comments.get(2)?.length, 1);
    const key = { installationId: 43, owner: "acme", repo: "vault" };
    assert.deepEqual(await outcomeLines(gh.app, key), []);
    assert.equal((await gh.app.deps.records!.readStats(key, 0)).issuesRanked, 2);
    assert.equal(gh.app.logs.filter((l) => l.includes("the app may not read pull requests")).length, 1);
    assert.equal(gh.app.logs.filter((l) => l.includes('"level":50')).length, 0, "no error");
  });

  it("forgets a removed repository's records, and an uninstalled installation's records file", async () => {
    const vault = { installationId: 43, owner: "acme", repo: "vault" };
    assert.ok((await gh.app.deps.records!.readStats(KEY, 0)).fixedIssues > 0);

    await gh.app.deliver("installation_repositories", repositoriesRemoved(43, ["acme/vault"]));
    assert.equal((await gh.app.deps.records!.readStats(vault, 0)).issuesRanked, 0);
    assert.ok((await gh.app.deps.records!.readStats(KEY, 0)).fixedIssues > 0, "installation 42 keeps its records");
    await gh.app.deliver("installation", installationDeleted(42));

    assert.ok(!existsSync(recordsPath(gh.app.dataDir, 42)));
    assert.ok(existsSync(recordsPath(gh.app.dataDir, 43)));
    assert.deepEqual(await gh.app.deps.records!.readStats(KEY, 0), { issuesRanked: 0, fixedIssues: 0, scored: 0, hit1: 0, hit5: 0, notRanked: 0, feedback: { up: 0, down: 0 } });
  });
});
