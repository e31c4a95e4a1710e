import type { ProbotOctokit } from "probot";
import { FixAccessError, type ClosingIssue, type FixGateway, type MergedPull, type PullFile } from "../triage/fix-ports.js";
import { statusOf, type RepoRef } from "./github-client.js";

/** The Octokit parts the fix reads use; Probot's `context.octokit` and `@octokit/rest` both have them. */
export type FixClient = Pick<ProbotOctokit, "rest" | "paginate" | "graphql">;

// GitHub links an issue and the pull requests that close it both ways; these read the two directions.
const CLOSING_ISSUES = `query BugscoutClosingIssues($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      closingIssuesReferences(first: 25) { nodes { number title body repository { nameWithOwner } } }
    }
  }
}`;

const CLOSING_PULLS = `query BugscoutClosingPulls($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) {
    issue(number: $number) {
      closedByPullRequestsReferences(first: 10, includeClosedPrs: true) {
        nodes { number merged mergedAt changedFiles baseRefOid repository { nameWithOwner } }
      }
    }
  }
}`;

interface IssueNode { number: number; title: string; body: string | null; repository: { nameWithOwner: string } }
interface PullNode { number: number; merged: boolean; mergedAt: string | null; changedFiles: number; baseRefOid: string; repository: { nameWithOwner: string } }

/** The fix reads of one repository over an installation (or token) authenticated Octokit. */
export function createFixGateway(client: FixClient, repo: RepoRef): FixGateway {
  return {
    async fetchClosingIssues(pullNumber) {
      const data = await query<{ repository: { pullRequest: { closingIssuesReferences: { nodes: (IssueNode | null)[] } } | null } | null }>(
        client, CLOSING_ISSUES, { ...repo, number: pullNumber });
      const pull = data.repository?.pullRequest;
      if (!pull) throw new FixAccessError("not-found", `pull request #${pullNumber} was not found`);
      return pull.closingIssuesReferences.nodes.filter((n): n is IssueNode => n !== null).map((n): ClosingIssue => ({
        repository: n.repository.nameWithOwner, number: n.number, title: n.title, body: n.body ?? "",
      }));
    },
    async fetchClosingPulls(issueNumber) {
      const data = await query<{ repository: { issue: { closedByPullRequestsReferences: { nodes: (PullNode | null)[] } } | null } | null }>(
        client, CLOSING_PULLS, { ...repo, number: issueNumber });
      const issue = data.repository?.issue;
      if (!issue) throw new FixAccessError("not-found", `issue #${issueNumber} was not found`);
      return issue.closedByPullRequestsReferences.nodes
        .filter((n): n is PullNode & { mergedAt: string } => n !== null && n.merged && n.mergedAt !== null)
        .map((n): MergedPull => ({
          repository: n.repository.nameWithOwner, number: n.number, mergedAt: n.mergedAt, changedFiles: n.changedFiles, baseCommit: n.baseRefOid,
        }));
    },
    async listPullFiles(pullNumber, cap) {
      const files: PullFile[] = [];
      try {
        for await (const page of client.paginate.iterator(client.rest.pulls.listFiles, { ...repo, pull_number: pullNumber, per_page: 100 })) {
          for (const f of page.data) {
            if (files.length >= cap) return { files, truncated: true };
            files.push({ path: f.filename, status: f.status, ...(f.previous_filename ? { previousPath: f.previous_filename } : {}) });
          }
        }
      } catch (err) {
        throw asAccessError(err, `the files of pull request #${pullNumber}`);
      }
      // GitHub's listing itself ends at 3,000 files: a list that reaches the cap may be missing files.
      return { files, truncated: files.length >= cap };
    },
  };
}

async function query<T>(client: FixClient, text: string, variables: Record<string, unknown>): Promise<T> {
  try {
    return await client.graphql<T>(text, variables);
  } catch (err) {
    // A GraphQL error answer still carries the data it could read; a missing node comes with a NOT_FOUND error.
    const errors = (err as { errors?: { type?: string }[] }).errors ?? [];
    if (errors.some((e) => e.type === "NOT_FOUND")) throw new FixAccessError("not-found", "not found on GitHub", { cause: err });
    if (errors.some((e) => e.type === "FORBIDDEN")) throw new FixAccessError("forbidden", "the app may not read pull requests", { cause: err });
    throw asAccessError(err, "closing references");
  }
}

function asAccessError(err: unknown, what: string): unknown {
  const status = statusOf(err);
  if (status === 403) return new FixAccessError("forbidden", `the app may not read ${what}`, { cause: err });
  if (status === 404) return new FixAccessError("not-found", `${what} not found`, { cause: err });
  return err;
}
