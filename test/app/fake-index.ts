import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { TreeSource } from "../../src/index/tree-source.js";
import type { Ranking } from "../../src/rank/types.js";
import { repoKeyString } from "../../src/triage/data-layout.js";
import type { IndexState, IndexSummary, IssueRanker, RankRequest, RepoIndexer, RepoKey } from "../../src/triage/ports.js";

/** What the fake indexer stored for one repository: the commit and every file it was given. */
export interface FakeIndexEntry {
  readonly commit: string;
  readonly truncatedBy?: IndexState["truncatedBy"];
  readonly files: ReadonlyMap<string, string>;
}

/**
 * An in-memory RepoIndexer + IssueRanker for app tests: `index` reads the extracted snapshot (so tests see exactly
 * what the download wrote), `rank` answers with the ranking the test set and records each request.
 */
export class FakeIndex implements RepoIndexer, IssueRanker {
  readonly stored = new Map<string, FakeIndexEntry>();
  readonly rankRequests: { key: string; request: RankRequest }[] = [];
  readonly indexCalls: { key: string; commit: string; changedPaths?: readonly string[] }[] = [];
  readonly released: string[] = [];
  ranking: Ranking = { mode: "bm25", reason: "no embeddings", files: [], ms: 1, confidence: 0 };

  async indexState(key: RepoKey): Promise<IndexState | undefined> {
    const entry = this.stored.get(repoKeyString(key));
    return entry ? { commit: entry.commit, ...(entry.truncatedBy ? { truncatedBy: entry.truncatedBy } : {}) } : undefined;
  }

  async index(key: RepoKey, tree: IndexState & { root: string; source?: TreeSource; changedPaths?: readonly string[] }): Promise<IndexSummary> {
    const files = new Map<string, string>();
    // Like the real indexer: the snapshot's tree when the download held files in memory, else the folder.
    if (tree.source) for (const [file, text] of readSource(tree.source)) files.set(file, text);
    else for (const file of await listFiles(tree.root)) files.set(file, await readFile(path.join(tree.root, file), "utf8"));
    this.stored.set(repoKeyString(key), { commit: tree.commit, ...(tree.truncatedBy ? { truncatedBy: tree.truncatedBy } : {}), files });
    this.indexCalls.push({ key: repoKeyString(key), commit: tree.commit, ...(tree.changedPaths ? { changedPaths: tree.changedPaths } : {}) });
    return { commit: tree.commit, files: files.size };
  }

  async release(installationId: number, repo?: { owner: string; repo: string }): Promise<void> {
    this.released.push(repo ? `${installationId}/${repo.owner}/${repo.repo}` : String(installationId));
  }

  async rank(key: RepoKey, request: RankRequest): Promise<Ranking> {
    const k = repoKeyString(key);
    if (!this.stored.has(k)) throw new Error(`rank before index for ${k}`);
    this.rankRequests.push({ key: k, request });
    return this.ranking;
  }
}

function readSource(source: TreeSource, dir = ""): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of [...source.listDirectory(dir)].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.kind === "directory") out.push(...readSource(source, rel));
    else if (entry.kind === "file") out.push([rel, Buffer.from(source.readFile(rel)).toString("utf8")]);
  }
  return out;
}

async function listFiles(root: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else out.push(rel);
  }
  return out.sort();
}
