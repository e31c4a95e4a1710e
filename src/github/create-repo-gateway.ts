import type { RepoGateway } from "../triage/ports.js";
import type { RoutingGateway } from "../triage/routing-ports.js";
import { fetchClosedIssues } from "./fetch-closed-issues.js";
import { fetchIssueTemplates } from "./fetch-issue-templates.js";
import { fetchPushDelta } from "./fetch-push-delta.js";
import { fetchRawFile } from "./fetch-raw-file.js";
import { fetchRole } from "./fetch-role.js";
import { fetchSnapshot } from "./fetch-snapshot.js";
import type { GitHubClient, RepoRef } from "./github-client.js";
import type { EntrySelector, SnapshotLimits } from "./snapshot-limits.js";
import { createRoutingGateway } from "./routing-gateway.js";
import { upsertComment } from "./upsert-comment.js";

/** A file read for a ranking's extras (a source map) waits at most this long: the comment must not wait on it. */
const EXTRA_FILE_TIMEOUT_MS = 10_000;

/** What the snapshot download needs besides the client. */
export interface SnapshotOptions {
  readonly selector: EntrySelector;
  readonly limits: SnapshotLimits;
}

/**
 * The use-cases' view of one repository on GitHub, over an installation-authenticated client (the app), the workflow
 * token (the Action) or a person's token (`bugscout triage`, which passes `ownLogin` so its comment is found again).
 */
export function createRepoGateway(client: GitHubClient, repo: RepoRef, snapshot: SnapshotOptions, ownLogin?: string): RepoGateway & RoutingGateway {
  return {
    ...createRoutingGateway(client, repo, ownLogin),
    async fetchBranchHead(branch) {
      const { data } = await client.rest.repos.getBranch({ ...repo, branch });
      return data.commit.sha;
    },
    fetchPushDelta(base, head, maxFiles) {
      return fetchPushDelta(client, repo, base, head, maxFiles);
    },
    downloadSnapshot(commit, dir, options) {
      return fetchSnapshot(client, repo, commit, dir, { ...snapshot, ...options });
    },
    upsertComment(issueNumber, marker, body) {
      return upsertComment(client, repo, issueNumber, marker, body, ownLogin);
    },
    async reactToComment(commentId, content) {
      await client.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content });
    },
    fetchRole(username) {
      return fetchRole(client, repo, username);
    },
    listClosedIssues(max) {
      return fetchClosedIssues(client, repo, max);
    },
    listIssueTemplates(max, maxBytes) {
      return fetchIssueTemplates(client, repo, max, maxBytes);
    },
    readFile(commit, path, maxBytes) {
      return fetchRawFile(client, repo, path, commit, { maxBytes, missing: "none", timeoutMs: EXTRA_FILE_TIMEOUT_MS });
    },
  };
}
