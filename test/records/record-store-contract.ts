import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Outcome, Prediction, RecordKey, RecordStore } from "../../src/records/record-store.js";

/**
 * A place to keep records for one test file. `open` may be called more than once; every store it returns must see
 * the same data (that is what "durable" means). `cleanup` removes everything.
 */
export interface RecordStoreFixture {
  open(): Promise<RecordStore>;
  cleanup(): Promise<void>;
}

const REPO: RecordKey = { installationId: 7, owner: "Acme", repo: "Shop" };
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

function prediction(issueNumber: number, paths: string[], rankedAt = T0): Prediction {
  return { issueNumber, commit: "a".repeat(40), mode: "bm25", files: paths.map((path, i) => ({ path, score: 10 - i })), source: "app", rankedAt };
}

function outcome(issueNumber: number, pullNumber: number, ranks: (number | null)[], fixedAt: number, status: Outcome["status"] = "scored"): Outcome {
  return {
    issueNumber, pullNumber, issueText: `issue ${issueNumber} text`, status, source: "app", fixedAt, recordedAt: fixedAt + 1,
    files: ranks.map((rank, i) => ({ path: `src/f${issueNumber}_${i}.py`, rank })),
  };
}

/**
 * The behaviour every {@link RecordStore} implementation must have. Call it from a test file with a fixture that
 * opens the implementation under test (SQLite: sqlite-record-store.test.ts).
 */
export function recordStoreContract(name: string, createFixture: () => Promise<RecordStoreFixture>): void {
  describe(`RecordStore contract: ${name}`, () => {
    let fixture: RecordStoreFixture;
    let store: RecordStore;
    before(async () => {
      fixture = await createFixture();
      store = await fixture.open();
    });
    after(async () => {
      await store.close();
      await fixture.cleanup();
    });

    it("keeps the latest prediction per issue, and it survives reopening", async () => {
      const key = { ...REPO, repo: "predictions" };
      await store.recordPrediction(key, prediction(1, ["a.py", "b.py"]));
      await store.recordPrediction(key, { ...prediction(1, ["b.py"], T0 + 5), mode: "hybrid", source: "command" });
      const reopened = await fixture.open();
      try {
        assert.deepEqual(await reopened.findPrediction(key, 1), { ...prediction(1, ["b.py"], T0 + 5), mode: "hybrid", source: "command" });
        assert.equal(await reopened.findPrediction(key, 2), undefined);
        assert.equal((await reopened.readStats(key, 0)).issuesRanked, 1);
      } finally {
        await reopened.close();
      }
    });

    it("keeps the area map and BugScout's labels with a prediction and scores them against the labels of closed issues", async () => {
      const key = { ...REPO, repo: "labels" };
      const map = ["area/billing", "area/auth", "Docs"];
      await store.recordPrediction(key, { ...prediction(1, ["a.py"]), labels: { map, chosen: ["area/billing"] } });
      await store.recordPrediction(key, { ...prediction(2, ["b.py"]), labels: { map, chosen: ["area/auth"] } });
      await store.recordPrediction(key, { ...prediction(3, ["c.py"]), labels: { map, chosen: [] } });
      await store.recordPrediction(key, { ...prediction(4, ["d.py"]), labels: { map, chosen: ["area/auth"] } });
      await store.recordPrediction(key, prediction(5, ["e.py"]));
      assert.deepEqual(await store.findPrediction(key, 1), { ...prediction(1, ["a.py"]), labels: { map, chosen: ["area/billing"] } });
      assert.deepEqual((await store.readStats(key, 0)).labels, { carried: 0, labelled: 0, right: 0 }, "nothing closed yet");

      await store.recordClosedLabels(key, 1, ["bug", "AREA/BILLING"]); // right (labels ignore case)
      await store.recordClosedLabels(key, 2, ["area/billing"]); // wrong
      await store.recordClosedLabels(key, 3, ["docs"]); // carried, BugScout chose none
      await store.recordClosedLabels(key, 4, ["bug"]); // no label of the map: not counted
      await store.recordClosedLabels(key, 5, ["area/auth"]); // ranked without a map: not counted
      await store.recordClosedLabels(key, 99, ["area/auth"]); // never ranked: nothing to keep
      // A re-rank keeps the closing labels and takes the new choice.
      await store.recordPrediction(key, { ...prediction(2, ["b.py"], T0 + 1), labels: { map, chosen: ["area/billing"] } });
      assert.deepEqual((await store.readStats(key, 0)).labels, { carried: 3, labelled: 2, right: 2 });
      assert.equal((await store.readStats(key, T0 + 1)).labels?.carried, 1, "only issues ranked in the period");
      assert.equal((await store.readStats({ ...REPO, repo: "no-map" }, 0)).labels, undefined);
    });

    it("keeps readers' 👍 and 👎 with a prediction, through re-ranks, and sums them by when they were read", async () => {
      const key = { ...REPO, repo: "feedback" };
      await store.recordPrediction(key, prediction(1, ["a.py"]));
      await store.recordPrediction(key, prediction(2, ["b.py"]));
      await store.recordFeedback(key, 1, { up: 3, down: 1, readAt: T0 + DAY });
      await store.recordFeedback(key, 2, { up: 0, down: 2, readAt: T0 + 10 * DAY });
      await store.recordFeedback(key, 99, { up: 5, down: 0, readAt: T0 + DAY }); // never ranked: nothing to keep
      await store.recordPrediction(key, prediction(1, ["c.py"], T0 + 2 * DAY)); // a re-rank keeps the feedback
      assert.deepEqual((await store.readStats(key, 0)).feedback, { up: 3, down: 3 });
      assert.deepEqual((await store.readStats(key, T0 + 5 * DAY)).feedback, { up: 0, down: 2 }, "only feedback read in the period");
      await store.recordFeedback(key, 2, { up: 1, down: 2, readAt: T0 + 11 * DAY }); // closed again: the later reading replaces it
      assert.deepEqual((await store.readStats(key, 0)).feedback, { up: 4, down: 3 });
    });

    it("records an outcome once: the same issue and pull request again is a duplicate and changes nothing", async () => {
      const key = { ...REPO, repo: "idempotent" };
      const first = outcome(3, 30, [1, null], T0);
      assert.equal(await store.hasOutcome(key, 3, 30), false);
      assert.equal(await store.recordOutcome(key, first), "recorded");
      assert.equal(await store.hasOutcome(key, 3, 30), true);
      assert.equal(await store.hasOutcome(key, 3, 31), false);
      assert.equal(await store.recordOutcome(key, { ...first, files: [{ path: "other.py", rank: 4 }], recordedAt: T0 + 99 }), "duplicate");
      assert.deepEqual(await store.recentOutcomes(key, 10), [first]);
      assert.equal(await store.recordOutcome(key, outcome(3, 31, [2], T0 + 1)), "recorded", "another PR for the same issue is new");
      assert.equal((await store.readStats(key, 0)).fixedIssues, 1);
    });

    it("computes Hit@1, Hit@5, not ranked and counts over all time and since a date", async () => {
      const key = { ...REPO, repo: "stats" };
      for (const n of [1, 2, 3, 4]) await store.recordPrediction(key, prediction(n, ["x.py"], T0 + n * DAY));
      await store.recordOutcome(key, outcome(1, 11, [1, 3], T0 + 1 * DAY));
      await store.recordOutcome(key, outcome(2, 12, [4], T0 + 2 * DAY));
      await store.recordOutcome(key, outcome(3, 13, [null], T0 + 100 * DAY));
      await store.recordOutcome(key, outcome(4, 14, [], T0 + 101 * DAY, "no-reachable-file"));
      await store.recordOutcome(key, outcome(5, 15, [null], T0 + 102 * DAY, "no-prediction"));
      await store.recordOutcome(key, outcome(6, 16, [7], T0 + 103 * DAY));
      assert.deepEqual(await store.readStats(key, 0), { issuesRanked: 4, fixedIssues: 6, scored: 4, hit1: 1, hit5: 2, notRanked: 1, feedback: { up: 0, down: 0 } });
      assert.deepEqual(await store.readStats(key, T0 + 50 * DAY), { issuesRanked: 0, fixedIssues: 4, scored: 2, hit1: 0, hit5: 0, notRanked: 1, feedback: { up: 0, down: 0 } });
    });

    it("lists recent outcomes newest first and past fixes strictly before a time, without unreachable ones", async () => {
      const key = { ...REPO, repo: "history" };
      await store.recordOutcome(key, outcome(1, 11, [1], T0 + DAY));
      await store.recordOutcome(key, outcome(2, 12, [], T0 + 2 * DAY, "no-reachable-file"));
      await store.recordOutcome(key, outcome(3, 13, [null, 2], T0 + 3 * DAY, "no-prediction"));
      await store.recordOutcome(key, outcome(4, 14, [5], T0 + 4 * DAY));
      assert.deepEqual((await store.recentOutcomes(key, 3)).map((o) => o.issueNumber), [4, 3, 2]);
      const past = await store.listPastFixes(key, T0 + 4 * DAY, 10);
      assert.deepEqual(past, [
        { issueNumber: 3, issueText: "issue 3 text", files: ["src/f3_0.py", "src/f3_1.py"], fixedAt: T0 + 3 * DAY },
        { issueNumber: 1, issueText: "issue 1 text", files: ["src/f1_0.py"], fixedAt: T0 + DAY },
      ]);
      assert.deepEqual((await store.listPastFixes(key, T0 + 10 * DAY, 1)).map((p) => p.issueNumber), [4]);
    });

    it("never shows one repository's or installation's rows to another; names are case-insensitive", async () => {
      const key = { ...REPO, repo: "isolated" };
      await store.recordPrediction(key, prediction(1, ["a.py"]));
      await store.recordOutcome(key, outcome(1, 11, [1], T0));
      const same = { installationId: key.installationId, owner: "acme", repo: "ISOLATED" };
      assert.equal((await store.readStats(same, 0)).fixedIssues, 1);
      for (const other of [{ ...key, installationId: 8 }, { ...key, repo: "isolated-2" }, { ...key, owner: "acme2" }]) {
        assert.equal(await store.findPrediction(other, 1), undefined);
        assert.deepEqual(await store.recentOutcomes(other, 10), []);
        assert.deepEqual(await store.listPastFixes(other, T0 + DAY, 10), []);
        assert.deepEqual(await store.readStats(other, 0), { issuesRanked: 0, fixedIssues: 0, scored: 0, hit1: 0, hit5: 0, notRanked: 0, feedback: { up: 0, down: 0 } });
      }
    });

    it("forgets one repository, then a whole installation, leaving others whole", async () => {
      const a = { installationId: 21, owner: "o", repo: "a" };
      const b = { installationId: 21, owner: "o", repo: "b" };
      const c = { installationId: 22, owner: "o", repo: "a" };
      for (const key of [a, b, c]) {
        await store.recordPrediction(key, prediction(1, ["a.py"]));
        await store.recordOutcome(key, outcome(1, 11, [1], T0));
      }
      await store.forgetRepo(a);
      assert.equal(await store.findPrediction(a, 1), undefined);
      assert.deepEqual(await store.recentOutcomes(a, 10), []);
      assert.equal((await store.recentOutcomes(b, 10)).length, 1);
      await store.forgetInstallation(21);
      assert.equal(await store.findPrediction(b, 1), undefined);
      assert.deepEqual(await store.recentOutcomes(b, 10), []);
      assert.equal((await store.findPrediction(c, 1))?.issueNumber, 1);
      assert.equal((await store.recentOutcomes(c, 10)).length, 1);
      // The store stays usable for the installation afterwards (a reinstall starts empty).
      await store.recordPrediction(b, prediction(2, ["b.py"]));
      assert.equal((await store.readStats(b, 0)).issuesRanked, 1);
    });

    it("keeps the last problem digest per repository, replaced by the next and forgotten with the repository", async () => {
      const a = { installationId: 31, owner: "O", repo: "A" };
      const b = { installationId: 31, owner: "o", repo: "b" };
      assert.equal(await store.readProblemDigest(a), undefined);
      await store.writeProblemDigest(a, "d1");
      await store.writeProblemDigest({ ...a, owner: "o", repo: "a" }, "d2");
      assert.equal(await store.readProblemDigest(a), "d2", "names are case-insensitive and a write replaces");
      assert.equal(await store.readProblemDigest(b), undefined);
      await store.writeProblemDigest(b, "d3");
      await store.forgetRepo(a);
      assert.equal(await store.readProblemDigest(a), undefined);
      assert.equal(await store.readProblemDigest(b), "d3");
      await store.forgetInstallation(31);
      assert.equal(await store.readProblemDigest(b), undefined);
    });
  });
}
