import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { entriesToSave, planRunCaches, readCachesState, restoreRunCaches } from "../../src/action/run-caches.js";
import type { RunCache } from "../../src/action/run-cache.js";
import type { Log } from "../../src/triage/ports.js";

function memoryLog(lines: string[]): Log {
  return { info: (_o, m) => lines.push(m), warn: (_o, m) => lines.push(m), error: (_o, m) => lines.push(m), debug: () => undefined };
}

/** A cache that "restores" by writing a marker file into the folder, as a restore writes the folder's files. */
function restoringCache(matches: Record<string, string | undefined>): RunCache {
  return {
    available: true,
    async restore(folder, key) {
      const matched = matches[key];
      if (matched) {
        mkdirSync(folder, { recursive: true });
        writeFileSync(path.join(folder, "restored"), matched);
      }
      return matched;
    },
    lookup: async () => undefined,
    save: async () => true,
  };
}

describe("the Action's cache entries", () => {
  const run = { sha: "a".repeat(40), id: "77", attempt: "2" };

  it("keys the index per default-branch commit and the state per run attempt, each with its prefix", () => {
    const entries = planRunCaches({ owner: "acme", repo: "shop", dataDir: "/t/bugscout", run });
    assert.deepEqual(entries?.map((e) => [e.name, e.folder, e.key, e.restoreKeys]), [
      ["index", "/t/bugscout/installations", `bugscout-index-v1-acme/shop-${run.sha}`, ["bugscout-index-v1-acme/shop-"]],
      ["state", "/t/bugscout/state", "bugscout-state-v1-acme/shop-77-2", ["bugscout-state-v1-acme/shop-"]],
    ]);
    assert.equal(planRunCaches({ owner: "acme", repo: "shop", dataDir: "/t/bugscout" }), undefined, "outside a workflow run: no cache");
  });

  it("saves a changed folder under a key with no entry yet; the index only after a successful run", async (t) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bugscout-caches-"));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const entries = planRunCaches({ owner: "acme", repo: "shop", dataDir, run })!;
    const lines: string[] = [];
    // The index matched its own key (this commit was indexed before); the state matched nothing.
    const restored = await restoreRunCaches(restoringCache({ [entries[0]!.key]: entries[0]!.key }), entries, memoryLog(lines));
    assert.deepEqual(lines, ["index restored from the cache", "no state in the cache yet"]);
    assert.deepEqual(restored.map((r) => r.exact), [true, false]);
    assert.deepEqual(entriesToSave(restored, true), [], "nothing changed: nothing to save");

    writeFileSync(path.join(entries[0]!.folder, "repo.sqlite"), "x");
    mkdirSync(entries[1]!.folder, { recursive: true });
    writeFileSync(path.join(entries[1]!.folder, "records.sqlite"), "y");
    assert.deepEqual(entriesToSave(restored, true).map((e) => e.entry.name), ["state"], "an exact index entry is immutable");

    const byPrefix = restored.map((r) => (r.entry.name === "index" ? { ...r, exact: false } : r));
    assert.deepEqual(entriesToSave(byPrefix, true).map((e) => e.entry.name), ["index", "state"]);
    assert.deepEqual(entriesToSave(byPrefix, false).map((e) => e.entry.name), ["state"], "a failed run keeps its records, not its index");
    // What the post step receives is what the main step wrote, and anything else is ignored.
    assert.deepEqual(readCachesState(JSON.stringify({ succeeded: true, restored: byPrefix })), { succeeded: true, restored: byPrefix });
    assert.equal(readCachesState("not json"), undefined);
    assert.deepEqual(readCachesState(JSON.stringify({ succeeded: true, restored: [{ entry: { folder: 1 } }] })), { succeeded: true, restored: [] });
  });

  it("without a cache service says so once and restores nothing", async () => {
    const lines: string[] = [];
    const cache: RunCache = { available: false, restore: async () => assert.fail("no service"), lookup: async () => assert.fail("no service"), save: async () => assert.fail("no service") };
    assert.deepEqual(await restoreRunCaches(cache, planRunCaches({ owner: "a", repo: "b", dataDir: "/x", run }), memoryLog(lines)), []);
    assert.equal(lines.length, 1);
  });
});
