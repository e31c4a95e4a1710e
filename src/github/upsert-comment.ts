import type { UpsertOutcome } from "../triage/ports.js";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";

/**
 * Keeps one comment per marker on an issue: finds it by its first line among the bot comments (paging through all
 * comments), edits it when the body changed, posts nothing when it did not, and creates it when missing — including
 * when it was deleted between listing and editing. A locked issue gives `locked`, not an error.
 */
export async function upsertComment(
  client: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  marker: string,
  body: string,
): Promise<UpsertOutcome> {
  const existing = await findComment(client, repo, issueNumber, marker);
  if (existing) {
    if (existing.body === body) return "unchanged";
    try {
      await client.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
      return "updated";
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
  }
  try {
    await client.rest.issues.createComment({ ...repo, issue_number: issueNumber, body });
    return "created";
  } catch (err) {
    if (isLockedError(err)) return "locked";
    throw err;
  }
}

/** The first comment by a bot whose body starts with `marker`, or undefined. */
export async function findComment(
  client: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  marker: string,
): Promise<{ id: number; body: string } | undefined> {
  let found: { id: number; body: string } | undefined;
  await client.paginate(
    client.rest.issues.listComments,
    { ...repo, issue_number: issueNumber, per_page: 100 },
    (response, done) => {
      for (const comment of response.data) {
        if (!found && comment.user?.type === "Bot" && comment.body?.startsWith(marker)) {
          found = { id: comment.id, body: comment.body };
          done();
        }
      }
      return [];
    },
  );
  return found;
}

// GitHub answers 403 "Unable to create comment because issue is locked." (and 422 on some GHES versions).
function isLockedError(err: unknown): boolean {
  const status = statusOf(err);
  return (status === 403 || status === 422) && /locked/i.test(err instanceof Error ? err.message : "");
}
