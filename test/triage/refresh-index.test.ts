import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { ContentPrefetch } from "../../src/index/prefetch-builder.js";
import { createKeyedLock } from "../../src/triage/keyed-lock.js";
import type { IndexState, RepoGateway, RepoIndexer, SnapshotDownloadOptions } from "../../src/triage/ports.js";
import { refreshIndex } from "../../src/triage/refresh-index.js";

const KEY = { installationId: 7, owner: "acme", repo: "shop" };
const C1 = "1".repeat(40);
const C2 = "2".repeat(40);
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/** A gateway whose snapshot is two files handed to `onFile`, and an indexer that records what it was given. */
function setUp() {
  const dataDir = mkdtempSync(join(tmpdir(), "bugscout-refresh-"));
  const downloads: SnapshotDownloadOptions[] = [];
  const offered: string[] = [];
  const indexed: { commit: string; prefetch: boolean }[] = [];
  let stored: IndexState | undefined;
  const prefetch: ContentPrefetch = { offer: (path) => offered.push(path) };
  const gateway: RepoGateway = {
    fetchBranchHead: async () => "head",
    async downloadSnapshot(_commit, _dir, options = {}) {
      downloads.push(options);
      for (const path of ["a.py", "b.py"]) options.onFile?.(path, Buffer.from("x = 1\n"));
      return { files: 2, bytes: 12, skipped: {}, rejected: [], rejectedCount: 0, truncated: false };
    },
    upsertComment: async () => "created",
    reactToComment: async () => {},
    fetchRole: async () => "none",
  };
  const indexer: RepoIndexer = {
    indexState: async () => stored,
    async index(_key, tree) {
      indexed.push({ commit: tree.commit, prefetch: tree.prefetch === prefetch });
      stored = { commit: tree.commit };
      return { commit: tree.commit, files: 2 };
    },
    warm: () => prefetch,
    release: async () => {},
  };
  const deps = { gateway, indexer, repoLock: createKeyedLock(), dataDir, clock: { now: () => 0 }, log: quiet };
  return { deps, downloads, offered, indexed, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

test("a first index offers the snapshot's files to the indexer as they download, and hands it the prefetch", async (t) => {
  const { deps, downloads, offered, indexed, cleanup } = setUp();
  t.after(cleanup);

  await refreshIndex(deps, { key: KEY, commit: C1 });

  assert.equal(downloads.length, 1);
  assert.equal(downloads[0].inMemory, true, "a snapshot dropped after indexing may stay in memory");
  assert.deepEqual(offered, ["a.py", "b.py"]);
  assert.deepEqual(indexed, [{ commit: C1, prefetch: true }]);
});

test("a repository indexed before is re-indexed from the tarball without offering its files (only changes are parsed)", async (t) => {
  const { deps, downloads, offered, indexed, cleanup } = setUp();
  t.after(cleanup);
  await refreshIndex(deps, { key: KEY, commit: C1 });
  offered.length = 0;

  await refreshIndex(deps, { key: KEY, commit: C2 });

  assert.equal(downloads[1].onFile, undefined);
  assert.deepEqual(offered, []);
  assert.deepEqual(indexed[1], { commit: C2, prefetch: false });
});

test("a kept snapshot (dense ranking reads it later) is written to disk, not held in memory", async (t) => {
  const { deps, downloads, cleanup } = setUp();
  t.after(cleanup);

  await refreshIndex({ ...deps, keepSnapshot: true }, { key: KEY, commit: C1 });

  assert.equal(downloads[0].inMemory, undefined);
});
