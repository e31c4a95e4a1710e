import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import type { Outcome, RecordKey } from "../../src/records/record-store.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { appHarness } from "./app-harness.js";
import { issuesOpened } from "./payloads.js";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/app-repo");
const SHA = "6666666666666666666666666666666666666666";
const REPO = { owner: "acme", name: "shop", installationId: 42 };
const KEY: RecordKey = { installationId: 42, owner: "acme", repo: "shop" };
const OPENED = Date.UTC(2026, 4, 1);
const ISSUE = { title: "Discount percentage is applied twice to the total", body: "apply_discount seems to run twice on checkout" };
const FOOTER = "_Measured on this repository\\: for 7 of 10 fixed issues a file the fix changed was ranked first\\, for 9 it was in the top 5 \\(comment /bugscout stats for details\\)\\._";

function outcome(issueNumber: number, fixedAt: number, text: string, files: string[], rank: number | null): Outcome {
  return { issueNumber, pullNumber: issueNumber + 1000, issueText: text, files: files.map((path) => ({ path, rank })), status: "scored", source: "backtest", fixedAt, recordedAt: fixedAt };
}

describe("accuracy footer and similar past fixes in the app", () => {
  const gh = appHarness({
    repo: { ...REPO, headSha: SHA },
    tarball: () => tarballFromDirectory(FIXTURE, "acme-shop-6666666"),
    app: { realIndex: true, now: () => OPENED + 60_000 },
    once: true,
  });

  async function commentFor(number: number, settings: string): Promise<string> {
    gh.repo.settings = settings;
    const payload = issuesOpened(REPO, { number, ...ISSUE });
    assert.equal(await gh.app.deliver("issues", { ...payload, issue: { ...payload.issue, created_at: new Date(OPENED).toISOString() } }), 200);
    return gh.repo.comments.get(number)?.[0]?.body ?? "";
  }

  it("adds the accuracy line only with show_accuracy and at least 10 scored fixes", async () => {
    for (let i = 0; i < 9; i++) await gh.app.deps.records!.recordOutcome(KEY, outcome(100 + i, OPENED - 86_400_000 * (i + 1), "unrelated", ["shopcart/http/router.py"], i < 7 ? 1 : i < 9 ? 3 : null));
    assert.ok(!(await commentFor(1, "comment:\n  show_accuracy: true\n")).includes("Measured on this repository"), "9 scored fixes are too few");
    await gh.app.deps.records!.recordOutcome(KEY, outcome(109, OPENED - 86_400_000 * 20, "unrelated", ["shopcart/http/router.py"], null));

    assert.ok((await commentFor(2, "comment:\n  show_accuracy: true\n")).includes(`\n\n${FOOTER}\n`));
    assert.ok(!(await commentFor(3, "")).includes("Measured on this repository"), "off by default");
  });

  it("with ranking.history_weight (0.1 by default), names the similar past fix, counting only fixes made before the issue", async () => {
    await gh.app.deps.records!.recordOutcome(KEY, outcome(50, OPENED - 86_400_000, "Discount applied twice: apply_discount runs twice on checkout", ["shopcart/storage/cache.py"], 2));
    await gh.app.deps.records!.recordOutcome(KEY, outcome(51, OPENED + 1_000, "Discount applied twice on checkout total, apply_discount", ["shopcart/http/router.py"], 2));

    // The floor off: this is about the reasons shown, whatever the ranking's confidence.
    const off = await commentFor(4, "ranking:\n  history_weight: 0\n  min_confidence: 0\n");
    const on = await commentFor(5, "ranking:\n  history_weight: 0.5\n  min_confidence: 0\n");

    assert.ok(!off.includes("fixed for the similar"));
    assert.match(on, /^\d\. \[shopcart\/storage\/cache\\\.py\]\([^)]+\) — .*fixed for the similar #50$/m);
    assert.ok(!on.includes("#51"), "a fix made after the issue was opened does not count");
    // The default history weight; the confidence floor and the relative cut off, so the lifted file far behind the
    // first is listed.
    const byDefault = await commentFor(6, "ranking:\n  min_confidence: 0\n  min_relative_score: 0\n");
    assert.match(byDefault, /^1\. \[shopcart\/billing\/discount\\\.py\]/m, "at the default 0.1 the issue's own evidence still leads");
    assert.match(byDefault, /^\d\. \[shopcart\/storage\/cache\\\.py\]\([^)]+\) — fixed for the similar #50$/m);
  });
});
