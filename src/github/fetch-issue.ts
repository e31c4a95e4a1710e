import { githubTypeOf } from "./github-issue-type.js";
import type { GitHubClient, RepoRef } from "./github-client.js";

/** What `bugscout triage` needs of an issue and its repository, read through the REST API. */
export interface FetchedIssue {
  readonly defaultBranch: string;
  readonly private: boolean;
  readonly issue: {
    readonly number: number;
    readonly title: string;
    readonly body: string;
    readonly locked: boolean;
    readonly open: boolean;
    readonly labels: readonly string[];
    /** The name of its GitHub issue type (`Bug`, `Feature`), when one is set. */
    readonly githubType?: string;
    readonly authorIsBot: boolean;
    readonly url: string;
  };
}

/** The part of a request that failed, so an error can say which one. */
export type FetchStage = "repository" | "issue";

/** Thrown by {@link fetchIssue} with the stage that failed; `cause` is Octokit's error. */
export class FetchIssueError extends Error {
  constructor(readonly stage: FetchStage, options: { cause: unknown }) {
    super(`could not read the ${stage}`, options);
    this.name = "FetchIssueError";
  }
}

/** Reads the repository (for its default branch) and the issue: `GET /repos/{o}/{r}` then `GET …/issues/{n}`. */
export async function fetchIssue(client: GitHubClient, repo: RepoRef, number: number): Promise<FetchedIssue> {
  const repository = await client.rest.repos.get({ ...repo }).catch((cause: unknown) => {
    throw new FetchIssueError("repository", { cause });
  });
  const { data } = await client.rest.issues.get({ ...repo, issue_number: number }).catch((cause: unknown) => {
    throw new FetchIssueError("issue", { cause });
  });
  return {
    defaultBranch: repository.data.default_branch,
    private: repository.data.private,
    issue: {
      number: data.number,
      title: data.title,
      body: data.body ?? "",
      locked: data.locked === true,
      open: data.state !== "closed",
      labels: data.labels.map((l) => (typeof l === "string" ? l : l.name ?? "")).filter((l) => l !== ""),
      ...githubTypeOf(data),
      authorIsBot: data.user?.type === "Bot",
      url: data.html_url,
    },
  };
}

/**
 * The login a token acts as (`GET /user`), so the CLI finds the comment it posted before; undefined for tokens that
 * are not a person's (the Actions `GITHUB_TOKEN` and installation tokens get 403 there: their comments are a bot's).
 */
export async function fetchOwnLogin(client: GitHubClient): Promise<string | undefined> {
  try {
    const { data } = await client.rest.users.getAuthenticated();
    return data.type === "Bot" ? undefined : data.login;
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    if (status === 403 || status === 404) return undefined;
    throw err;
  }
}
