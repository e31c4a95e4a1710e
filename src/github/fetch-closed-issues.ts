import { githubTypeOf } from "./github-issue-type.js";
import type { ClosedIssue } from "../triage/ports.js";
import type { GitHubClient, RepoRef } from "./github-client.js";

/** Characters of a closed issue's body kept: the classifier reads no more (src/issue-type/issue-features.ts). */
const MAX_BODY_CHARS = 12_000;

/**
 * The repository's most recently updated closed issues with at least one label or a GitHub issue type (pull requests
 * left out), up to `max`: `GET /repos/{o}/{r}/issues?state=closed`, 100 a page, at most ⌈max / 100⌉ pages.
 */
export async function fetchClosedIssues(client: GitHubClient, repo: RepoRef, max: number): Promise<ClosedIssue[]> {
  const out: ClosedIssue[] = [];
  const pages = Math.max(1, Math.ceil(max / 100));
  let read = 0;
  for await (const page of client.paginate.iterator(client.rest.issues.listForRepo, { ...repo, state: "closed", sort: "updated", direction: "desc", per_page: 100 })) {
    for (const issue of page.data) {
      if (issue.pull_request) continue;
      const labels = issue.labels.map((l) => (typeof l === "string" ? l : l.name ?? "")).filter((l) => l !== "");
      const typed = githubTypeOf(issue);
      if (labels.length === 0 && !typed.githubType) continue;
      out.push({ title: issue.title, body: (issue.body ?? "").slice(0, MAX_BODY_CHARS), labels, ...typed });
      if (out.length >= max) return out;
    }
    if (++read >= pages) break;
  }
  return out;
}
