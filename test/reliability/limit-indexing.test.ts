import assert from "node:assert/strict";
import { test } from "node:test";
import { limitIndexing } from "../../src/triage/limit-indexing.js";
import type { IndexState, RepoIndexer, RepoKey } from "../../src/triage/ports.js";

/** An indexer whose builds finish when the test says, recording the order they started in. */
function gatedIndexer() {
  const started: string[] = [];
  const finish = new Map<string, (fail?: boolean) => void>();
  let running = 0;
  let maxRunning = 0;
  const indexer: RepoIndexer = {
    async indexState() {
      return undefined;
    },
    async release() {},
    async index(key: RepoKey, tree: IndexState & { root: string }) {
      started.push(key.repo);
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      try {
        const fail = await new Promise<boolean | undefined>((resolve) => finish.set(key.repo, resolve));
        if (fail) throw new Error(`build of ${key.repo} failed`);
        return { commit: tree.commit, files: 1 };
      } finally {
        running -= 1;
      }
    },
  };
  return { indexer, started, finish, max: () => maxRunning };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const key = (repo: string): RepoKey => ({ installationId: 1, owner: "acme", repo });

test("at most `slots` builds run at once, the rest start in arrival order as slots free up, and a failed build frees its slot", async () => {
  const gated = gatedIndexer();
  const limited = limitIndexing(gated.indexer, 2);

  const builds = ["a", "b", "c", "d", "e"].map((repo) => limited.index(key(repo), { commit: "c0ffee1", root: "/nowhere" }).catch((err: Error) => err.message));
  await tick();
  assert.deepEqual(gated.started, ["a", "b"]);
  assert.deepEqual(limited.load(), { running: 2, waiting: 3 });

  gated.finish.get("b")?.(true);
  await tick();
  assert.deepEqual(gated.started, ["a", "b", "c"]);
  for (const repo of ["a", "c", "d", "e"]) {
    await tick();
    gated.finish.get(repo)?.();
    await tick();
  }

  assert.deepEqual(await Promise.all(builds), [
    { commit: "c0ffee1", files: 1 },
    "build of b failed",
    { commit: "c0ffee1", files: 1 },
    { commit: "c0ffee1", files: 1 },
    { commit: "c0ffee1", files: 1 },
  ]);
  assert.deepEqual(gated.started, ["a", "b", "c", "d", "e"]);
  assert.equal(gated.max(), 2);
  assert.deepEqual(limited.load(), { running: 0, waiting: 0 });
});

test("slots must be a positive integer", () => {
  assert.throws(() => limitIndexing(gatedIndexer().indexer, 0), /positive integer, got 0/);
});
