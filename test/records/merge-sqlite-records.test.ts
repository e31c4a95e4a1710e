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

  it("carries the readers' feedback read in either run, the later reading winning, whichever ranking is kept", async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), "bugscout-merge-"));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const open = (name: string) => createSqliteRecordStore({ locate: () => path.join(dir, name) });
    const theirs = open("theirs.sqlite");
    await theirs.recordPrediction(KEY, prediction(1, 300, "theirs-newer.py"));
    await theirs.recordPrediction(KEY, prediction(2, 100, "theirs.py"));
    await theirs.recordFeedback(KEY, 2, { up: 1, down: 0, readAt: 500 });
    await theirs.close();
    const ours = open("ours.sqlite");
    await ours.recordPrediction(KEY, prediction(1, 200, "ours-older.py"));
    await ours.recordFeedback(KEY, 1, { up: 2, down: 1, readAt: 400 }); // read after their ranking was made
    await ours.recordPrediction(KEY, prediction(2, 100, "theirs.py"));
    await ours.recordFeedback(KEY, 2, { up: 5, down: 5, readAt: 450 }); // an older reading than theirs
    await ours.recordPrediction(KEY, prediction(3, 100, "only-ours.py"));
    await ours.recordFeedback(KEY, 3, { up: 0, down: 1, readAt: 400 });
    await ours.close();

    mergeSqliteRecords(path.join(dir, "theirs.sqlite"), path.join(dir, "ours.sqlite"));

    const merged = open("theirs.sqlite");
    t.after(() => merged.close());
    assert.equal((await merged.findPrediction(KEY, 1))?.files[0]?.path, "theirs-newer.py");
    assert.deepEqual((await merged.readStats(KEY, 0)).feedback, { up: 2 + 1 + 0, down: 1 + 0 + 1 });
  });

  it("keeps the area labels of the ranking kept and the labels an issue closed with, whichever run saw the close", async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), "bugscout-merge-"));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const open = (name: string) => createSqliteRecordStore({ locate: () => path.join(dir, name) });
    const labelled = (n: number, rankedAt: number, chosen: string[]): Prediction => ({ ...prediction(n, rankedAt, "a.py"), labels: { map: ["area: api", "area: ui"], chosen } });
    const theirs = open("theirs.sqlite");
    await theirs.recordPrediction(KEY, labelled(1, 100, ["area: ui"]));
    await theirs.recordPrediction(KEY, labelled(2, 300, ["area: ui"]));
    await theirs.close();
    const ours = open("ours.sqlite");
    await ours.recordPrediction(KEY, labelled(1, 200, ["area: api"])); // our re-rank is newer and chose another label
    await ours.recordClosedLabels(KEY, 1, ["area: api"]);
    await ours.recordPrediction(KEY, labelled(2, 250, []));
    await ours.recordClosedLabels(KEY, 2, ["area: ui"]);
    await ours.close();

    mergeSqliteRecords(path.join(dir, "theirs.sqlite"), path.join(dir, "ours.sqlite"));

    const merged = open("theirs.sqlite");
    t.after(() => merged.close());
    assert.deepEqual((await merged.findPrediction(KEY, 1))?.labels?.chosen, ["area: api"]);
    assert.deepEqual((await merged.findPrediction(KEY, 2))?.labels?.chosen, ["area: ui"], "their newer ranking kept, with its labels");
    // Both issues closed with the label BugScout's kept ranking chose.
    assert.deepEqual((await merged.readStats(KEY, 0)).labels, { carried: 2, labelled: 2, right: 2 });
  });
});
