import { ISSUE_TEMPLATE_DIR } from "../triage/read-issue-templates.js";
import type { TemplateFile } from "../triage/ports.js";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";
import { readRepoFile } from "./read-repo-file.js";

/**
 * The issue templates and forms on the default branch: one contents-API listing of `.github/ISSUE_TEMPLATE` (404:
 * none), then up to `max` of its `.md` / `.yml` / `.yaml` files (by name) of at most `maxBytes`, one request each; a
 * file that vanished or grew in between is left out.
 */
export async function fetchIssueTemplates(client: GitHubClient, repo: RepoRef, max: number, maxBytes: number): Promise<TemplateFile[]> {
  let listing: unknown;
  try {
    ({ data: listing } = await client.rest.repos.getContent({ ...repo, path: ISSUE_TEMPLATE_DIR }));
  } catch (err) {
    if (statusOf(err) === 404) return [];
    throw err;
  }
  if (!Array.isArray(listing)) return [];
  const entries = (listing as { type?: unknown; name?: unknown; path?: unknown; size?: unknown }[])
    .filter((e) => e.type === "file" && typeof e.name === "string" && typeof e.path === "string" && /\.(md|ya?ml)$/i.test(e.name))
    .filter((e) => typeof e.size !== "number" || e.size <= maxBytes)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    .slice(0, max);
  const files: TemplateFile[] = [];
  for (const entry of entries) {
    const path = String(entry.path);
    const file = await readRepoFile(client, repo, path, undefined, maxBytes);
    if (file.kind === "text") files.push({ path, text: file.text });
  }
  return files;
}
