import { createHash } from "node:crypto";
import { buildTarball } from "./fake-github-tarball.js";
import type { FakeGitHub, FakeRepo, Reply } from "./fake-github.js";

/** File trees by commit, per fake repository. */
const trees = new WeakMap<FakeRepo, Map<string, ReadonlyMap<string, Buffer>>>();
const wired = new WeakSet<FakeGitHub>();

/**
 * Adds a commit to a fake repository: its tarball (for full indexing) and its file tree, which the compare
 * (`GET /repos/{o}/{r}/compare/{base}...{head}`) and raw contents (`GET /repos/{o}/{r}/contents/{path}?ref=`) routes
 * serve. The compare answer has GitHub's shape: one commit (per_page=1) and every changed file with a patch.
 */
export async function addCommit(fake: FakeGitHub, repo: FakeRepo, sha: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
  if (!wired.has(fake)) {
    wired.add(fake);
    fake.extraRoutes.push(
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/compare\/([0-9a-f]+)\.\.\.([0-9a-f]+)$/, (m, _req, base) => compare(fake.repo(m[1], m[2]), m[3], m[4], base), "token"],
      // Extra routes are tried before the built-in ones: leave the settings file to its own route.
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/contents\/(?!\.github\/bugscout\.yml$)(.+)$/, (m, req) => rawFile(fake.repo(m[1], m[2]), m[3], req.query.ref ?? ""), "token"],
    );
  }
  const byCommit = trees.get(repo) ?? new Map<string, ReadonlyMap<string, Buffer>>();
  trees.set(repo, byCommit);
  byCommit.set(sha, files);
  const prefix = `${repo.owner}-${repo.name}-${sha.slice(0, 7)}`;
  repo.tarballs.set(sha, await buildTarball([{ name: `${prefix}/`, type: "directory" }, ...[...files].map(([name, content]) => ({ name: `${prefix}/${name}`, content }))]));
}

function compare(repo: FakeRepo, baseSha: string, headSha: string, base: string): Reply {
  const before = trees.get(repo)?.get(baseSha);
  const after = trees.get(repo)?.get(headSha);
  if (!before || !after) return { status: 404, body: { message: "Not Found" } };
  const removed = [...before.keys()].filter((p) => !after.has(p));
  const files: object[] = [];
  const renamedFrom = new Set<string>();
  for (const [path, content] of after) {
    const old = before.get(path);
    if (old?.equals(content)) continue;
    const source = old ? undefined : removed.find((p) => !renamedFrom.has(p) && before.get(p)!.equals(content));
    if (source) renamedFrom.add(source);
    files.push(fileEntry(repo, base, path, old ? "modified" : source ? "renamed" : "added", old, content, headSha, source));
  }
  for (const path of removed.filter((p) => !renamedFrom.has(p))) files.push(fileEntry(repo, base, path, "removed", before.get(path), undefined, headSha));
  const commit = {
    sha: headSha, node_id: "C_fake", url: `${base}/repos/${repo.owner}/${repo.name}/commits/${headSha}`,
    commit: { author: { name: "Dev", email: "dev@example.com", date: "2026-11-30T00:00:00Z" }, committer: { name: "Dev", email: "dev@example.com", date: "2026-11-30T00:00:00Z" }, message: "change", tree: { sha: headSha } },
    parents: [{ sha: baseSha }],
  };
  return {
    status: 200,
    body: { url: `${base}/repos/${repo.owner}/${repo.name}/compare/${baseSha}...${headSha}`, status: "ahead", ahead_by: 1, behind_by: 0, total_commits: 1, base_commit: commit, merge_base_commit: commit, commits: [commit], files },
  };
}

function fileEntry(repo: FakeRepo, base: string, path: string, status: string, old: Buffer | undefined, next: Buffer | undefined, ref: string, previous?: string): object {
  const oldLines = old ? old.toString("utf8").split("\n") : [];
  const newLines = next ? next.toString("utf8").split("\n") : [];
  const oldSet = new Set(oldLines);
  const newSet = new Set(newLines);
  const patch = [`@@ -1,${oldLines.length} +1,${newLines.length} @@`, ...oldLines.filter((l) => !newSet.has(l)).map((l) => `-${l}`), ...newLines.filter((l) => !oldSet.has(l)).map((l) => `+${l}`)].join("\n");
  return {
    sha: next ? createHash("sha1").update(next).digest("hex") : "0".repeat(40),
    filename: path, status, additions: newLines.length, deletions: oldLines.length, changes: newLines.length + oldLines.length,
    blob_url: `${base}/${repo.owner}/${repo.name}/blob/${ref}/${path}`, raw_url: `${base}/${repo.owner}/${repo.name}/raw/${ref}/${path}`,
    contents_url: `${base}/repos/${repo.owner}/${repo.name}/contents/${path}?ref=${ref}`,
    ...(status === "renamed" ? { previous_filename: previous } : { patch }),
  };
}

function rawFile(repo: FakeRepo, path: string, ref: string): Reply {
  const content = trees.get(repo)?.get(ref)?.get(path);
  return content ? { status: 200, raw: content, headers: { "content-type": "application/vnd.github.raw" } } : { status: 404, body: { message: "Not Found" } };
}
