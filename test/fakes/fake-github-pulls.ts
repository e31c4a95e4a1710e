import type { FakeGitHub, RecordedRequest, Reply } from "./fake-github.js";

/** A pull request in the fake GitHub. */
export interface FakePull {
  readonly number: number;
  readonly title?: string;
  readonly merged: boolean;
  /** ISO time; also the pull request's `updatedAt`. */
  readonly mergedAt: string;
  readonly baseSha: string;
  readonly files: readonly { readonly filename: string; readonly status: string; readonly previous_filename?: string }[];
  /** GitHub's `changed_files`; defaults to the number of files. */
  readonly changedFiles?: number;
  /** Issues it closes, as `owner/name#number` (another repository's issue is allowed). */
  readonly closes: readonly string[];
}

/** An issue in the fake GitHub. */
export interface FakeIssue {
  readonly number: number;
  readonly title: string;
  readonly body: string;
  /** The issue's labels (the merged-pulls query reads them for backtest's label accuracy). */
  readonly labels?: readonly string[];
  /** A deleted issue is gone from every answer. */
  deleted?: boolean;
}

/** `pulls.listFiles` never returns more than this many files, whatever the pull request changed. */
const GITHUB_FILES_CAP = 3_000;

/**
 * Pull requests, issues and their closing references for the fake GitHub: `pulls.listFiles` (paginated, capped
 * like GitHub's) and the GraphQL queries BugScout sends (`closingIssuesReferences`, `closedByPullRequestsReferences`,
 * merged pull requests newest first). Installations in `forbidden` lack `pull_requests: read`.
 */
export class FakePulls {
  /** By lower-case `owner/name`. */
  readonly pulls = new Map<string, Map<number, FakePull>>();
  readonly issues = new Map<string, Map<number, FakeIssue>>();
  readonly forbidden = new Set<number>();

  constructor(private readonly fake: FakeGitHub) {
    fake.extraRoutes.push(
      ["GET", /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)\/files$/, (m, req, base) => this.listFiles(m, req, base), "token"],
      ["POST", /^\/api\/graphql$/, (_m, req) => this.graphql(req), "none"],
    );
  }

  addPull(repo: string, pull: FakePull): void {
    const key = repo.toLowerCase();
    this.pulls.set(key, new Map([...(this.pulls.get(key) ?? []), [pull.number, pull]]));
  }

  addIssue(repo: string, issue: FakeIssue): FakeIssue {
    const key = repo.toLowerCase();
    this.issues.set(key, new Map([...(this.issues.get(key) ?? []), [issue.number, issue]]));
    return issue;
  }

  private installationOf(req: RecordedRequest): number | undefined {
    const id = /^token ghs_fake_(\d+)$/.exec(req.authorization)?.[1] ?? /^token (ghp_\w+)$/.exec(req.authorization)?.[1];
    return id === undefined ? undefined : Number.isFinite(Number(id)) ? Number(id) : -1;
  }

  private listFiles(m: RegExpExecArray, req: RecordedRequest, base: string): Reply {
    if (this.forbidden.has(this.installationOf(req) ?? -2)) return { status: 403, body: { message: "Resource not accessible by integration" } };
    const pull = this.pulls.get(`${m[1]}/${m[2]}`.toLowerCase())?.get(Number(m[3]));
    if (!pull) return { status: 404, body: { message: "Not Found" } };
    const perPage = Math.min(100, Number(req.query.per_page ?? 30));
    const page = Number(req.query.page ?? 1);
    const all = pull.files.slice(0, GITHUB_FILES_CAP);
    const headers: Record<string, string> = {};
    if (page * perPage < all.length) {
      headers.link = `<${base}/repos/${m[1]}/${m[2]}/pulls/${m[3]}/files?per_page=${perPage}&page=${page + 1}>; rel="next"`;
    }
    return { status: 200, body: all.slice((page - 1) * perPage, page * perPage).map((f) => ({ sha: "0", additions: 1, deletions: 1, changes: 2, ...f })), headers };
  }

  private graphql(req: RecordedRequest): Reply {
    const { query, variables } = req.body as { query: string; variables: { owner: string; repo: string; number?: number; first?: number; after?: string } };
    const repoName = `${variables.owner}/${variables.repo}`;
    const installation = this.installationOf(req);
    const repo = this.fake.find(variables.owner, variables.repo, req);
    if (installation === undefined || !repo) return { status: 401, body: { message: "Bad credentials" } };
    const operation = /query (\w+)/.exec(query)?.[1];
    if (this.forbidden.has(installation)) {
      return { status: 200, body: { data: { repository: null }, errors: [{ type: "FORBIDDEN", message: "Resource not accessible by integration" }] } };
    }
    const pulls = this.pulls.get(repoName.toLowerCase()) ?? new Map<number, FakePull>();
    if (operation === "BugscoutClosingIssues") {
      const pull = pulls.get(variables.number ?? 0);
      return { status: 200, body: { data: { repository: { pullRequest: pull ? { closingIssuesReferences: { nodes: this.closingIssues(pull) } } : null } } } };
    }
    if (operation === "BugscoutClosingPulls") {
      const issue = this.issues.get(repoName.toLowerCase())?.get(variables.number ?? 0);
      if (!issue || issue.deleted) {
        return { status: 200, body: { data: { repository: { issue: null } }, errors: [{ type: "NOT_FOUND", path: ["repository", "issue"], message: "Could not resolve to an Issue" }] } };
      }
      const ref = `${repoName}#${issue.number}`.toLowerCase();
      const nodes = [...pulls.values()].filter((p) => p.closes.some((c) => c.toLowerCase() === ref)).map((p) => this.pullNode(repoName, p));
      return { status: 200, body: { data: { repository: { issue: { closedByPullRequestsReferences: { nodes } } } } } };
    }
    if (operation === "BugscoutMergedPulls") {
      const sorted = [...pulls.values()].filter((p) => p.merged).sort((a, b) => b.mergedAt.localeCompare(a.mergedAt));
      const start = variables.after ? Number(variables.after) : 0;
      const first = variables.first ?? 50;
      const nodes = sorted.slice(start, start + first).map((p) => ({
        ...this.pullNode(repoName, p), updatedAt: p.mergedAt, closingIssuesReferences: { nodes: this.closingIssues(p) },
      }));
      const hasNextPage = start + first < sorted.length;
      return { status: 200, body: { data: { repository: { pullRequests: { nodes, pageInfo: { hasNextPage, endCursor: hasNextPage ? String(start + first) : null } } } } } };
    }
    return { status: 400, body: { message: `fake GitHub does not know the GraphQL operation ${operation}` } };
  }

  private pullNode(repoName: string, p: FakePull) {
    return {
      number: p.number, merged: p.merged, mergedAt: p.merged ? p.mergedAt : null, changedFiles: p.changedFiles ?? p.files.length,
      baseRefOid: p.baseSha, repository: { nameWithOwner: repoName },
    };
  }

  /** The issues a pull request closes; deleted issues are gone, as on GitHub. */
  private closingIssues(pull: FakePull) {
    return pull.closes.flatMap((ref) => {
      const [, repoName, number] = /^(.+)#(\d+)$/.exec(ref) ?? [];
      const issue = this.issues.get(repoName.toLowerCase())?.get(Number(number));
      if (!issue || issue.deleted) return [];
      return [{ number: issue.number, title: issue.title, body: issue.body, repository: { nameWithOwner: repoName }, labels: { nodes: (issue.labels ?? []).map((name) => ({ name })) } }];
    });
  }
}
