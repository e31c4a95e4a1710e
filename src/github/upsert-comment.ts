import type { UpsertOutcome } from "../triage/ports.js";
import { sameCommentContent } from "../triage/render-comment.js";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";

/** Tries at creating a comment whose creation failed in a way that may or may not have created it. */
const CREATE_ATTEMPTS = 3;

/**
 * Keeps one comment per marker on an issue: finds it by its first line among the bot comments (paging through all
 * comments), edits it when the body changed, posts nothing when it did not (a new ranking time alone is no
 * change), and creates it when missing — including
 * when it was deleted between listing and editing. A locked issue gives `locked`, not an error.
 *
 * Creating is not idempotent: GitHub (or a proxy) can answer 5xx after the comment was made, and a blind retry would
 * post it twice. So Octokit's automatic retry is off for that one call, and each new try first looks for the comment.
 */
export async function upsertComment(
  client: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  marker: string,
  body: string,
  ownLogin?: string,
): Promise<UpsertOutcome> {
  for (let attempt = 1; ; attempt++) {
    const existing = await findComment(client, repo, issueNumber, marker, ownLogin);
    if (existing) {
      // Found on a later try: the failed create did make it.
      if (sameCommentContent(existing.body, body)) return attempt === 1 ? "unchanged" : "created";
      try {
        await client.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
        return "updated";
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
      }
    }
    try {
      await client.rest.issues.createComment({ ...repo, issue_number: issueNumber, body, request: { retries: 0 } });
      return "created";
    } catch (err) {
      if (isLockedError(err)) return "locked";
      if (!mayHaveFailedTransiently(err) || attempt >= CREATE_ATTEMPTS) throw err;
    }
  }
}

/**
 * The first comment whose body starts with `marker` by a bot — or by `ownLogin`, the user a personal token belongs to
 * (`bugscout triage --post` with a PAT comments as that person) — or undefined.
 */
export async function findComment(
  client: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  marker: string,
  ownLogin?: string,
): Promise<{ id: number; body: string } | undefined> {
  let found: { id: number; body: string } | undefined;
  await client.paginate(
    client.rest.issues.listComments,
    { ...repo, issue_number: issueNumber, per_page: 100 },
    (response, done) => {
      for (const comment of response.data) {
        const own = comment.user?.type === "Bot" || (ownLogin !== undefined && comment.user?.login.toLowerCase() === ownLogin.toLowerCase());
        if (!found && own && comment.body?.startsWith(marker)) {
          found = { id: comment.id, body: comment.body };
          done();
        }
      }
      return [];
    },
  );
  return found;
}

// A server error (Octokit reports a lost connection as 500 too) may have come before or after the comment was made;
// a 429 without rate-limit headers (which the throttling plugin would have waited out) is worth another try too.
function mayHaveFailedTransiently(err: unknown): boolean {
  const status = statusOf(err);
  return status !== undefined && (status >= 500 || status === 429);
}

// GitHub answers 403 "Unable to create comment because issue is locked." (and 422 on some GHES versions).
function isLockedError(err: unknown): boolean {
  const status = statusOf(err);
  return (status === 403 || status === 422) && /locked/i.test(err instanceof Error ? err.message : "");
}
