import type { FakeRepo } from "./fake-github-state.js";

/** An issue in the fake GitHub, served by `GET /repos/{o}/{r}/issues/{n}` (the CLI and the Action read it). */
export interface FakeIssue {
  number: number;
  title: string;
  body: string | null;
  state?: "open" | "closed";
  locked?: boolean;
  labels?: string[];
  assignees?: string[];
  user?: { login: string; type: "User" | "Bot"; id: number };
  /** The issue's events (`GET …/issues/{n}/events`): label changes, with who made them. */
  events?: FakeIssueEvent[];
}

/** One issue event. */
export interface FakeIssueEvent {
  readonly event: "labeled" | "unlabeled" | "assigned" | "unassigned";
  readonly label?: { readonly name: string };
  readonly actor: { readonly login: string; readonly type: "User" | "Bot" };
}

/** A reply of the fake (same shape as fake-github.ts's). */
export type IssueRouteReply = { status: number; body?: unknown; headers?: Record<string, string> };
/** What a route may ask of the fake: the repository the request means, as `withRepo` resolves it. */
export type WithRepo = (m: RegExpExecArray, req: { readonly authorization: string }, fn: (repo: FakeRepo) => IssueRouteReply) => IssueRouteReply;
type IssueRoute = [string, RegExp, (m: RegExpExecArray, req: { readonly authorization: string }, base: string) => IssueRouteReply, "token"];

const issues = new WeakMap<FakeRepo, Map<number, FakeIssue>>();
const publicRepos = new WeakSet<FakeRepo>();

/** Makes a fake repository public: requests without a token may read it (and only it), as on GitHub. */
export function makePublic(repo: FakeRepo): void {
  publicRepos.add(repo);
}

/** Whether anonymous requests may read the repository. */
export function isPublic(repo: FakeRepo): boolean {
  return publicRepos.has(repo);
}

/** An issue of a fake repository, if it was set. */
export function getIssue(repo: FakeRepo, number: number): FakeIssue | undefined {
  return issues.get(repo)?.get(number);
}

/** Adds (or replaces) an issue of a fake repository. */
export function setIssue(repo: FakeRepo, issue: FakeIssue): void {
  const all = issues.get(repo) ?? new Map<number, FakeIssue>();
  all.set(issue.number, issue);
  issues.set(repo, all);
}

/**
 * The REST routes of the standalone entry points (the `triage` command and the Action): the repository, one issue and
 * the token's user. An installation token has no user: `GET /user` answers 403 as GitHub does.
 */
export function issueRoutes(withRepo: WithRepo): IssueRoute[] {
  return [
    ["GET", /^\/repos\/([^/]+)\/([^/]+)$/, (m, req, base) => withRepo(m, req, (repo) => ({
      status: 200,
      body: {
        id: 500 + repo.installationId, name: repo.name, full_name: `${repo.owner}/${repo.name}`, owner: { login: repo.owner },
        default_branch: repo.defaultBranch, private: !publicRepos.has(repo), url: `${base}/repos/${repo.owner}/${repo.name}`,
      },
    })), "token"],
    ["GET", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/, (m, req) => withRepo(m, req, (repo) => {
      const issue = issues.get(repo)?.get(Number(m[3]));
      if (!issue) return { status: 404, body: { message: "Not Found" } };
      return {
        status: 200,
        body: {
          number: issue.number, title: issue.title, body: issue.body, state: issue.state ?? "open", locked: issue.locked ?? false,
          labels: (issue.labels ?? []).map((name, i) => ({ id: i + 1, name })),
          assignees: (issue.assignees ?? []).map((login, i) => ({ login, id: 700 + i, type: "User" })),
          user: issue.user ?? { login: "reporter", type: "User", id: 77 },
          html_url: `https://github.example/${repo.owner}/${repo.name}/issues/${issue.number}`,
        },
      };
    }), "token"],
    // The closed issues the issue-type classifier adapts to (`state=closed`, newest first, one page here).
    ["GET", /^\/repos\/([^/]+)\/([^/]+)\/issues$/, (m, req) => withRepo(m, req, (repo) => ({
      status: 200,
      body: [...(issues.get(repo)?.values() ?? [])].filter((i) => i.state === "closed").map((issue) => ({
        number: issue.number, title: issue.title, body: issue.body, state: "closed",
        labels: (issue.labels ?? []).map((name, i) => ({ id: i + 1, name })),
      })),
    })), "token"],
    ["GET", /^\/user$/, () => ({ status: 403, body: { message: "Resource not accessible by integration" } }), "token"],
  ];
}
