import type { ProbotOctokit } from "probot";

/**
 * The part of Octokit BugScout uses. Both Probot's `context.octokit` and `@octokit/rest` satisfy it;
 * REST methods live under `.rest` only (Probot 14).
 */
export type GitHubClient = Pick<ProbotOctokit, "rest" | "paginate" | "request">;

/** One repository on GitHub. */
export interface RepoRef {
  readonly owner: string;
  readonly repo: string;
}

/** The HTTP status of an Octokit error, if it has one. */
export function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}
