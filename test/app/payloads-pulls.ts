import type { RepoSpec } from "./payloads.js";

/** Payloads of the events BugScout learns outcomes from, with the fields the app reads. */

function repository(repo: RepoSpec) {
  return { id: 500 + repo.installationId, name: repo.name, full_name: `${repo.owner}/${repo.name}`, owner: { login: repo.owner, type: "Organization" }, default_branch: "main", private: true };
}

export function pullRequestClosed(repo: RepoSpec, pull: { number: number; merged: boolean; mergedAt: string; changedFiles: number; baseSha: string }) {
  return {
    action: "closed",
    number: pull.number,
    pull_request: {
      number: pull.number, state: "closed", merged: pull.merged, merged_at: pull.merged ? pull.mergedAt : null,
      changed_files: pull.changedFiles, base: { ref: "main", sha: pull.baseSha }, user: { login: "dev", type: "User", id: 8 },
    },
    repository: repository(repo),
    installation: { id: repo.installationId },
    sender: { login: "maintainer", type: "User", id: 5 },
  };
}

export function issueClosed(repo: RepoSpec, issue: { number: number; title: string; body: string; stateReason?: "completed" | "not_planned"; labels?: string[] }) {
  return {
    action: "closed",
    issue: {
      number: issue.number, title: issue.title, body: issue.body, state: "closed", state_reason: issue.stateReason ?? "completed",
      user: { login: "reporter", type: "User", id: 77 }, labels: (issue.labels ?? []).map((name, i) => ({ id: i + 1, name })), locked: false,
    },
    repository: repository(repo),
    installation: { id: repo.installationId },
    sender: { login: "maintainer", type: "User", id: 5 },
  };
}
