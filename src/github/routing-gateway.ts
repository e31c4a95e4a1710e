import type { RoutingGateway } from "../triage/routing-ports.js";
import { statusOf, type GitHubClient, type RepoRef } from "./github-client.js";
import { readRepoFile } from "./read-repo-file.js";
import { findComment } from "./upsert-comment.js";

/** Pages of 100 read at most from a list (labels, issue events): 1,000 entries, far above real repositories. */
const MAX_PAGES = 10;

/**
 * Routing's GitHub calls for one repository (see `RoutingGateway`), over any token: the app's installation, the
 * workflow's, or a person's (`ownLogin`, so that BugScout's own removals and comment are told from the person's).
 */
export function createRoutingGateway(client: GitHubClient, repo: RepoRef, ownLogin?: string): RoutingGateway {
  const own = ownLogin?.toLowerCase();
  return {
    readRepoFile(path, commit, maxBytes) {
      return readRepoFile(client, repo, path, commit, maxBytes);
    },
    async fetchIssueFacts(issueNumber) {
      const { data } = await client.rest.issues.get({ ...repo, issue_number: issueNumber });
      return {
        title: data.title,
        body: data.body ?? "",
        labels: data.labels.map((l) => (typeof l === "string" ? l : l.name ?? "")).filter((l) => l !== ""),
        assignees: (data.assignees ?? []).map((a) => a.login),
      };
    },
    async listRepoLabels() {
      const names: string[] = [];
      let pages = 0;
      for await (const page of client.paginate.iterator(client.rest.issues.listLabelsForRepo, { ...repo, per_page: 100 })) {
        names.push(...page.data.map((l) => l.name));
        if (++pages >= MAX_PAGES) return { names, complete: page.data.length < 100 };
      }
      return { names, complete: true };
    },
    async listLabelsRemovedByPeople(issueNumber) {
      const removed: string[] = [];
      let pages = 0;
      for await (const page of client.paginate.iterator(client.rest.issues.listEvents, { ...repo, issue_number: issueNumber, per_page: 100 })) {
        for (const event of page.data) {
          const actor = event.actor;
          const label = (event as { label?: { name?: string } }).label?.name;
          // A person: not a bot (an app, the workflow token), and not the person whose token BugScout acts with.
          if (event.event !== "unlabeled" || !label || !actor || actor.type === "Bot" || actor.login.toLowerCase() === own) continue;
          removed.push(label);
        }
        if (++pages >= MAX_PAGES) break;
      }
      return removed;
    },
    async addLabels(issueNumber, labels) {
      await client.rest.issues.addLabels({ ...repo, issue_number: issueNumber, labels: [...labels] });
    },
    async removeLabel(issueNumber, label) {
      try {
        await client.rest.issues.removeLabel({ ...repo, issue_number: issueNumber, name: label });
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
      }
    },
    async canBeAssigned(login) {
      try {
        await client.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: login });
        return true;
      } catch (err) {
        if (statusOf(err) === 404) return false;
        throw err;
      }
    },
    async addAssignees(issueNumber, logins) {
      const { data } = await client.rest.issues.addAssignees({ ...repo, issue_number: issueNumber, assignees: [...logins] });
      return (data.assignees ?? []).map((a) => a.login);
    },
    async readOwnComment(issueNumber, marker) {
      return (await findComment(client, repo, issueNumber, marker, ownLogin))?.body;
    },
  };
}
