/** Webhook payloads with just the fields GitHub sends that the app reads (plus a few for realism). */

export interface RepoSpec {
  readonly owner: string;
  readonly name: string;
  readonly installationId: number;
}

export interface IssueSpec {
  readonly number: number;
  readonly title: string;
  readonly body: string | null;
  readonly author?: { login: string; type?: "User" | "Bot"; id?: number };
  readonly labels?: readonly string[];
  readonly locked?: boolean;
  readonly state?: "open" | "closed";
  /** The issue's GitHub issue type (`Bug`, `Feature`, `Task`), as the payload's `type` object names it. */
  readonly type?: string;
}

function repository(repo: RepoSpec) {
  return {
    id: 500 + repo.installationId,
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    owner: { login: repo.owner, type: "Organization" },
    default_branch: "main",
    private: true,
    html_url: `https://github.com/${repo.owner}/${repo.name}`,
  };
}

function issue(spec: IssueSpec) {
  const author = spec.author ?? { login: "reporter" };
  return {
    number: spec.number,
    title: spec.title,
    body: spec.body,
    user: { login: author.login, type: author.type ?? "User", id: author.id ?? 77 },
    labels: (spec.labels ?? []).map((name, i) => ({ id: i + 1, name })),
    locked: spec.locked ?? false,
    state: spec.state ?? "open",
    ...(spec.type ? { type: { id: 7, node_id: "IT_kw", name: spec.type, description: "", color: "red", is_enabled: true } } : {}),
  };
}

export function issuesOpened(repo: RepoSpec, spec: IssueSpec) {
  const i = issue(spec);
  return { action: "opened", issue: i, repository: repository(repo), installation: { id: repo.installationId }, sender: i.user };
}

export function issuesLabeled(repo: RepoSpec, spec: IssueSpec, label: string) {
  const i = issue({ ...spec, labels: [...(spec.labels ?? []), label] });
  return { action: "labeled", label: { id: 99, name: label }, issue: i, repository: repository(repo), installation: { id: repo.installationId }, sender: { login: "maintainer", type: "User", id: 5 } };
}

/** `issues.typed`: a maintainer set the issue's GitHub issue type (`spec.type`). */
export function issuesTyped(repo: RepoSpec, spec: IssueSpec) {
  const i = issue(spec);
  return { action: "typed", type: i.type, issue: i, repository: repository(repo), installation: { id: repo.installationId }, sender: { login: "maintainer", type: "User", id: 5 } };
}

export function issuesEdited(repo: RepoSpec, spec: IssueSpec, changes: { title?: string; body?: string }, sender: { login: string; type?: "User" | "Bot" } = { login: "reporter" }) {
  const i = issue(spec);
  return {
    action: "edited",
    changes: {
      ...(changes.title !== undefined ? { title: { from: changes.title } } : {}),
      ...(changes.body !== undefined ? { body: { from: changes.body } } : {}),
    },
    issue: i,
    repository: repository(repo),
    installation: { id: repo.installationId },
    sender: { login: sender.login, type: sender.type ?? "User", id: 78 },
  };
}

export function issueCommentCreated(
  repo: RepoSpec,
  spec: IssueSpec,
  comment: { id: number; body: string; user: { login: string; type?: "User" | "Bot"; id?: number } },
  action: "created" | "edited" = "created",
) {
  const user = { login: comment.user.login, type: comment.user.type ?? "User", id: comment.user.id ?? 55 };
  return {
    action,
    issue: issue(spec),
    comment: { id: comment.id, body: comment.body, user },
    repository: repository(repo),
    installation: { id: repo.installationId },
    sender: user,
  };
}

export function push(repo: RepoSpec, options: { before: string; after: string; ref?: string; added?: string[]; modified?: string[]; removed?: string[] }) {
  return {
    ref: options.ref ?? "refs/heads/main",
    before: options.before,
    after: options.after,
    created: false,
    deleted: false,
    forced: false,
    commits: [{ id: options.after, added: options.added ?? [], modified: options.modified ?? [], removed: options.removed ?? [] }],
    head_commit: { id: options.after },
    repository: repository(repo),
    installation: { id: repo.installationId },
    sender: { login: "maintainer", type: "User", id: 5 },
  };
}

export function installationDeleted(installationId: number) {
  return { action: "deleted", installation: { id: installationId, account: { login: "acme" } }, sender: { login: "acme-admin", type: "User", id: 1 } };
}

export function repositoriesRemoved(installationId: number, fullNames: string[]) {
  return {
    action: "removed",
    installation: { id: installationId, account: { login: "acme" } },
    repository_selection: "selected",
    repositories_added: [],
    repositories_removed: fullNames.map((full_name, i) => ({ id: i + 1, full_name, name: full_name.split("/")[1], private: true })),
    sender: { login: "acme-admin", type: "User", id: 1 },
  };
}
