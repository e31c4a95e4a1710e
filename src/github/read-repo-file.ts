import type { RepoFile } from "../triage/routing-ports.js";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";

/**
 * A file through the contents API at a commit (`commit` undefined: the default branch). The JSON answer says the
 * size first: a file over `maxBytes` is not decoded (GitHub sends no content past 1 MB anyway), a folder or a link is
 * `not-a-file`, a 404 is `absent`.
 */
export async function readRepoFile(client: GitHubClient, repo: RepoRef, path: string, commit: string | undefined, maxBytes: number): Promise<RepoFile> {
  let data: unknown;
  try {
    ({ data } = await client.rest.repos.getContent({ ...repo, path, ...(commit !== undefined ? { ref: commit } : {}) }));
  } catch (err) {
    if (statusOf(err) === 404) return { kind: "absent" };
    throw err;
  }
  const file = data as { type?: unknown; size?: unknown; content?: unknown; encoding?: unknown };
  if (Array.isArray(data) || file.type !== "file") return { kind: "not-a-file" };
  const size = typeof file.size === "number" ? file.size : 0;
  if (size > maxBytes || typeof file.content !== "string" || file.encoding !== "base64") return { kind: "too-large", bytes: size };
  return { kind: "text", text: Buffer.from(file.content, "base64").toString("utf8") };
}
