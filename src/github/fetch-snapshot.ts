import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { DownloadedSnapshot, SnapshotDownloadOptions } from "../triage/ports.js";
import { extractTarball } from "./extract-tarball.js";
import type { GitHubClient, RepoRef } from "./github-client.js";
import type { EntrySelector, SnapshotLimits } from "./snapshot-limits.js";

/**
 * Downloads the repository tarball at `commit` (`GET /repos/{owner}/{repo}/tarball/{ref}`, which redirects to
 * codeload) and extracts the selected files under `dir` while it streams: the archive is never held in memory.
 * With `inMemory`, up to `limits.memoryBytes` of the selected files are kept in memory instead (the result's `tree`).
 */
export async function fetchSnapshot(
  client: GitHubClient,
  repo: RepoRef,
  commit: string,
  dir: string,
  options: { readonly selector: EntrySelector; readonly limits: SnapshotLimits } & SnapshotDownloadOptions,
): Promise<DownloadedSnapshot> {
  const response = await client.request("GET /repos/{owner}/{repo}/tarball/{ref}", {
    owner: repo.owner,
    repo: repo.repo,
    ref: commit,
    request: { parseSuccessResponseBody: false },
  });
  const body = response.data as unknown;
  if (!(body && typeof (body as WebReadableStream).getReader === "function")) {
    throw new Error("tarball response has no body");
  }
  return extractTarball(Readable.fromWeb(body as WebReadableStream), dir, {
    selector: options.selector, limits: options.limits, strip: 1, memoryBytes: options.inMemory ? options.limits.memoryBytes : 0,
    ...(options.onFile ? { onFile: options.onFile } : {}),
  });
}
