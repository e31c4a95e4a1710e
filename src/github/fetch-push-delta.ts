import type { GitHubClient, RepoRef } from "./github-client.js";
import { fetchRawFile } from "./fetch-raw-file.js";

/** A push's changes: the new bytes of every added, modified, copied or renamed-to file, and the paths that left. */
export interface PushChanges {
  readonly upserts: Map<string, Uint8Array>;
  readonly removals: string[];
}

/** The compare API lists at most this many files; a longer list may be cut, so it never counts as a delta. */
const COMPARE_FILE_LIMIT = 300;

/**
 * Lists what changed between `base` and `head` (`GET /repos/{owner}/{repo}/compare/{base}...{head}`) and downloads
 * only those files (`GET /repos/{owner}/{repo}/contents/{path}?ref={head}`, raw). Undefined when more than
 * `maxFiles` changed, when the list may be cut, or when a changed file cannot be read as a file (a submodule):
 * the caller downloads the tarball instead.
 */
export async function fetchPushDelta(client: GitHubClient, repo: RepoRef, base: string, head: string, maxFiles: number): Promise<PushChanges | undefined> {
  const { data } = await client.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
    owner: repo.owner, repo: repo.repo, basehead: `${base}...${head}`, per_page: 1,
  });
  const files = (data as { files?: { filename: string; status: string; previous_filename?: string }[] }).files ?? [];
  if (files.length > maxFiles || files.length >= COMPARE_FILE_LIMIT) return undefined;
  const upserts = new Map<string, Uint8Array>();
  const removals: string[] = [];
  for (const file of files) {
    if (file.status === "removed") {
      removals.push(file.filename);
      continue;
    }
    if (file.status === "renamed" && file.previous_filename) removals.push(file.previous_filename);
    if (file.status === "unchanged") continue;
    const bytes = await fetchRawFile(client, repo, file.filename, head);
    if (!bytes) return undefined;
    upserts.set(file.filename, bytes);
  }
  return { upserts, removals };
}
