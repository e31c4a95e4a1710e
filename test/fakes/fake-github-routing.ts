import { BOT_USER, type FakeRepo } from "./fake-github-state.js";
import { getIssue, setIssue, type FakeIssue, type WithRepo } from "./fake-github-issues.js";

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Req = { readonly authorization: string; readonly query: Readonly<Record<string, string>>; readonly body: unknown };
type RoutingRoute = [string, RegExp, (m: RegExpExecArray, req: Req, base: string) => Reply, "token"];

/** A person, for events made by hand in tests. */
export const MAINTAINER = { login: "maintainer", type: "User" as const };

/**
 * The routes of routing, over the fake's repository state: the contents API for any file (`repo.files`), the
 * repository's labels (paginated), an issue's labels (add — creating a missing label as GitHub does, recorded in
 * `createdLabels` — and remove), its events, and assignees (`repo.assignable`). Changes made through the API are
 * recorded as events by the bot.
 */
export function routingRoutes(withRepo: WithRepo): RoutingRoute[] {
  return [
    ["GET", /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/, (m, req) => withRepo(m, req, (repo) => readFile(repo, m[3])), "token"],
    ["GET", /^\/repos\/([^/]+)\/([^/]+)\/labels$/, (m, req, base) => withRepo(m, req, (repo) => page(repo.labels.map((name, i) => ({ id: 3000 + i, name })), req, `${base}/repos/${repo.owner}/${repo.name}/labels`)), "token"],
    ["POST", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/labels$/, (m, req) => withRepo(m, req, (repo) => {
      const issue = issueOf(repo, Number(m[3]));
      const wanted = ((req.body as { labels?: unknown } | undefined)?.labels ?? []) as string[];
      for (const label of wanted) {
        const known = repo.labels.find((l) => l.toLowerCase() === label.toLowerCase());
        if (!known) {
          repo.labels.push(label);
          repo.createdLabels.push(label);
        }
        const name = known ?? label;
        if ((issue.labels ?? []).some((l) => l.toLowerCase() === name.toLowerCase())) continue;
        issue.labels = [...(issue.labels ?? []), name];
        issue.events = [...(issue.events ?? []), { event: "labeled", label: { name }, actor: BOT_USER }];
      }
      return { status: 200, body: (issue.labels ?? []).map((name, i) => ({ id: i + 1, name })) };
    }), "token"],
    ["DELETE", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/labels\/(.+)$/, (m, req) => withRepo(m, req, (repo) => {
      const issue = issueOf(repo, Number(m[3]));
      const name = m[4];
      if (!(issue.labels ?? []).some((l) => l.toLowerCase() === name.toLowerCase())) return { status: 404, body: { message: "Label does not exist" } };
      removeLabel(issue, name, BOT_USER);
      return { status: 200, body: (issue.labels ?? []).map((label, i) => ({ id: i + 1, name: label })) };
    }), "token"],
    ["GET", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/events$/, (m, req, base) => withRepo(m, req, (repo) => {
      const issue = issueOf(repo, Number(m[3]));
      return page((issue.events ?? []).map((e, i) => ({ id: 8000 + i, event: e.event, ...(e.label ? { label: { name: e.label.name, color: "ededed" } } : {}), actor: { ...e.actor, id: 1 } })), req,
        `${base}/repos/${repo.owner}/${repo.name}/issues/${issue.number}/events`);
    }), "token"],
    ["GET", /^\/repos\/([^/]+)\/([^/]+)\/assignees\/([^/]+)$/, (m, req) => withRepo(m, req, (repo) => (repo.assignable.has(m[3])
      ? { status: 204 }
      : { status: 404, body: { message: "Not Found" } })), "token"],
    ["POST", /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/assignees$/, (m, req) => withRepo(m, req, (repo) => {
      const issue = issueOf(repo, Number(m[3]));
      const wanted = ((req.body as { assignees?: unknown } | undefined)?.assignees ?? []) as string[];
      // GitHub skips users who cannot be assigned without an error.
      for (const login of wanted.filter((l) => repo.assignable.has(l))) {
        if (!(issue.assignees ?? []).includes(login)) issue.assignees = [...(issue.assignees ?? []), login];
      }
      return { status: 201, body: { number: issue.number, assignees: (issue.assignees ?? []).map((login, i) => ({ login, id: 700 + i, type: "User" })) } };
    }), "token"],
  ];
}

/** A person (or another bot) removes a label from the issue, as in GitHub's web UI. */
export function removeLabel(issue: FakeIssue, label: string, actor: { login: string; type: "User" | "Bot" } = MAINTAINER): void {
  issue.labels = (issue.labels ?? []).filter((l) => l.toLowerCase() !== label.toLowerCase());
  issue.events = [...(issue.events ?? []), { event: "unlabeled", label: { name: label }, actor }];
}

/** A person adds a label to the issue. */
export function addLabel(issue: FakeIssue, label: string, actor: { login: string; type: "User" | "Bot" } = MAINTAINER): void {
  issue.labels = [...(issue.labels ?? []), label];
  issue.events = [...(issue.events ?? []), { event: "labeled", label: { name: label }, actor }];
}

function issueOf(repo: FakeRepo, number: number): FakeIssue {
  const issue = getIssue(repo, number);
  if (issue) return issue;
  const created: FakeIssue = { number, title: "", body: "" };
  setIssue(repo, created);
  return created;
}

function readFile(repo: FakeRepo, path: string): Reply {
  const text = repo.files.get(path);
  if (text === undefined) {
    const prefix = `${path.replace(/\/+$/, "")}/`;
    const children = [...repo.files.keys()].filter((p) => p.startsWith(prefix));
    if (children.length === 0) return { status: 404, body: { message: "Not Found" } };
    return { status: 200, body: children.map((p) => ({ type: "file", name: p.slice(prefix.length), path: p })) };
  }
  const bytes = Buffer.from(text, "utf8");
  // Like GitHub: no content past 1 MB (the `size` still says how large the file is).
  const large = bytes.length > 1_000_000;
  return { status: 200, body: { type: "file", path, size: bytes.length, encoding: large ? "none" : "base64", content: large ? "" : bytes.toString("base64") } };
}

function page(all: unknown[], req: Req, url: string): Reply {
  const perPage = Math.min(100, Number(req.query.per_page ?? 30));
  const n = Number(req.query.page ?? 1);
  const headers: Record<string, string> = {};
  if (n * perPage < all.length) headers.link = `<${url}?per_page=${perPage}&page=${n + 1}>; rel="next"`;
  return { status: 200, body: all.slice((n - 1) * perPage, n * perPage), headers };
}
