import { findComment } from "./upsert-comment.js";
import type { GitHubClient, RepoRef } from "./github-client.js";

/** 👍 and 👎 on a comment, by people (bots' reactions are not feedback). */
export interface ReactionCounts {
  readonly up: number;
  readonly down: number;
}

/**
 * The readers' 👍 and 👎 on the comment of `issueNumber` that starts with `marker` (BugScout's own), or undefined
 * when there is no such comment. Pages through the comments, then through that comment's reactions.
 */
export async function fetchCommentReactions(client: GitHubClient, repo: RepoRef, issueNumber: number, marker: string): Promise<ReactionCounts | undefined> {
  const comment = await findComment(client, repo, issueNumber, marker);
  if (!comment) return undefined;
  let up = 0;
  let down = 0;
  await client.paginate(
    client.rest.reactions.listForIssueComment,
    { ...repo, comment_id: comment.id, per_page: 100 },
    (response) => {
      for (const reaction of response.data) {
        if (reaction.user?.type === "Bot") continue;
        if (reaction.content === "+1") up++;
        else if (reaction.content === "-1") down++;
      }
      return [];
    },
  );
  return { up, down };
}
