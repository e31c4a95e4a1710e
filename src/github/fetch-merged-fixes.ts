import type { ClosingIssue, MergedPull } from "../triage/fix-ports.js";
import type { FixClient } from "./fix-gateway.js";
import type { RepoRef } from "./github-client.js";

// Merged pull requests, most recently updated first (a merge updates a pull request, so none merged after `since`
// hides behind an older one), with the issues each closes.
const MERGED_PULLS = `query BugscoutMergedPulls($owner: String!, $repo: String!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequests(states: MERGED, first: $first, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      nodes {
        number merged mergedAt updatedAt changedFiles baseRefOid repository { nameWithOwner }
        closingIssuesReferences(first: 10) { nodes { number title body repository { nameWithOwner } labels(first: 50) { nodes { name } } } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

interface Node {
  number: number; merged: boolean; mergedAt: string | null; updatedAt: string; changedFiles: number; baseRefOid: string;
  repository: { nameWithOwner: string };
  closingIssuesReferences: { nodes: ({ number: number; title: string; body: string | null; repository: { nameWithOwner: string }; labels?: { nodes: ({ name: string } | null)[] } | null } | null)[] };
}

/** A merged pull request and the issues of its own repository that it closed. */
export interface MergedFix {
  readonly pull: MergedPull;
  readonly issues: readonly ClosingIssue[];
}

/** Options of {@link fetchMergedFixes}. */
export interface MergedFixQuery {
  /** Stop once this many issues are found. */
  readonly limit: number;
  /** Only pull requests merged at or after this time (ms since the epoch). */
  readonly since?: number;
  /** Pages of 50 pull requests read at most, so a repository with few linked issues cannot use up the rate limit. */
  readonly maxPages?: number;
}

/**
 * Fixes of a repository, newest merge first: merged pull requests that close at least one issue of the same
 * repository (references to other repositories are dropped). Reads pages of 50 until `limit` issues are found,
 * the pull requests get older than `since`, or `maxPages` (default 20) pages were read.
 */
export async function fetchMergedFixes(client: FixClient, repo: RepoRef, query: MergedFixQuery): Promise<MergedFix[]> {
  const own = `${repo.owner}/${repo.repo}`.toLowerCase();
  const fixes: MergedFix[] = [];
  let issues = 0;
  let after: string | null = null;
  for (let page = 0; page < (query.maxPages ?? 20); page++) {
    const data: { repository: { pullRequests: { nodes: (Node | null)[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null } =
      await client.graphql(MERGED_PULLS, { ...repo, first: 50, after });
    const pulls = data.repository?.pullRequests;
    if (!pulls) break;
    let older = false;
    for (const node of pulls.nodes) {
      if (!node || !node.merged || !node.mergedAt) continue;
      if (query.since !== undefined && Date.parse(node.updatedAt) < query.since) older = true;
      if (query.since !== undefined && Date.parse(node.mergedAt) < query.since) continue;
      const closes = node.closingIssuesReferences.nodes
        .filter((n): n is NonNullable<typeof n> => n !== null && n.repository.nameWithOwner.toLowerCase() === own)
        .map((n) => ({
          repository: n.repository.nameWithOwner, number: n.number, title: n.title, body: n.body ?? "",
          labels: (n.labels?.nodes ?? []).flatMap((l) => (l ? [l.name] : [])),
        }));
      if (closes.length === 0 || issues >= query.limit) continue;
      const kept = closes.slice(0, query.limit - issues);
      issues += kept.length;
      fixes.push({
        pull: { repository: node.repository.nameWithOwner, number: node.number, mergedAt: node.mergedAt, changedFiles: node.changedFiles, baseCommit: node.baseRefOid },
        issues: kept,
      });
    }
    if (issues >= query.limit || older || !pulls.pageInfo.hasNextPage) break;
    after = pulls.pageInfo.endCursor;
  }
  return fixes.sort((a, b) => Date.parse(b.pull.mergedAt) - Date.parse(a.pull.mergedAt));
}
