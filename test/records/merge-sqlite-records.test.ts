import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { mergeSqliteRecords } from "../../src/records/merge-sqlite-records.js";
import type { Outcome, Prediction, RecordKey } from "../../src/records/record-store.js";
import { createSqliteRecordStore } from "../../src/records/sqlite-record-store.js";

const KEY: RecordKey = { installationId: 1, owner: "acme", repo: "shop" };
const prediction = (issueNumber: number, rankedAt: number, first: string): Prediction =>
  ({ issueNumber, commit: "c".repeat(40), mode: "bm25", files: [{ path: first, score: 1 }], source: "app", rankedAt });
const outcome = (issueNumber: number, pullNumber: number): Outcome => ({
  issueNumber, pullNumber, issueText: `issue ${issueNumber}`, files: [{ path: "a.py", rank: 1 }], status: "scored", source: "app", fixedAt: 1000, recordedAt: 1000,
});

describe("merging two records files (the Action's state saved by two overlapping runs)", () => {
  it("keeps every outcome of both, and the latest ranking of each issue", async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), "bugscout-merge-"));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const open = (name: string) => createSqliteRecordStore({ locate: () => path.join(dir, name) });
    const theirs = open("theirs.sqlite");
    await theirs.recordPrediction(KEY, prediction(1, 100, "old.py"));
    await theirs.recordPrediction(KEY, prediction(2, 300, "theirs-newer.py"));
    await theirs.recordOutcome(KEY, outcome(1, 10));
    await theirs.close();
    const ours = open("ours.sqlite");
    await ours.recordPrediction(KEY, prediction(1, 200, "ours-newer.py"));
    await ours.recordPrediction(KEY, prediction(2, 250, "ours-older.py"));
    await ours.recordPrediction(KEY, prediction(3, 200, "only-ours.py"));
    await ours.recordOutcome(KEY, outcome(1, 10));
    await ours.recordOutcome(KEY, outcome(3, 11));
    await ours.close();

    assert.deepEqual(mergeSqliteRecords(path.join(dir, "theirs.sqlite"), path.join(dir, "ours.sqlite")), { predictions: 2, outcomes: 1 });

    const merged = open("theirs.sqlite");
    t.after(() => merged.close());
    const firstFile = async (n: number) => (await merged.findPrediction(KEY, n))?.files[0]?.path;
    assert.deepEqual([await firstFile(1), await firstFile(2), await firstFile(3)], ["ours-newer.py", "theirs-newer.py", "only-ours.py"]);
    assert.deepEqual((await merged.recentOutcomes(KEY, 10)).map((o) => `${o.issueNumber}/${o.pullNumber}`).sort(), ["1/10", "3/11"]);
    assert.equal((await merged.readStats(KEY, 0)).issuesRanked, 3);
  });
});
