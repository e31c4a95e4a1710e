import { readTreeFile } from "../index/read-tree-file.js";
import { listCheckoutTemplates } from "../triage/checkout-issue-templates.js";
import type { RepoGateway } from "../triage/ports.js";
import type { IssueFacts, RepoFile, RoutingGateway } from "../triage/routing-ports.js";

/**
 * The repository as a local checkout sees it, for `bugscout triage --issue-file` (a preview): the default branch is
 * the checkout's commit, indexed in place; files are read from disk; the issue is the file's text and `--label`s;
 * BugScout has no comment on it yet. The repository's labels are unknown (`complete: false`), so every label of the
 * area map is taken to exist. Nothing is ever written: a call that would change GitHub throws, and the preview runs
 * as a dry run, which makes none.
 */
export function createCheckoutGateway(root: string, commit: string, issue: IssueFacts): RepoGateway & RoutingGateway {
  const refuse = (what: string) => async (): Promise<never> => {
    throw new Error(`a preview does not ${what}`);
  };
  return {
    fetchBranchHead: async () => commit,
    localTree: (at) => (at === commit ? root : undefined),
    downloadSnapshot: refuse("download snapshots"),
    upsertComment: refuse("post comments"),
    reactToComment: refuse("react to comments"),
    fetchRole: async () => "none",
    readFile: (at, path, maxBytes) => (at === commit ? readTreeFile(root, path, maxBytes) : Promise.resolve(undefined)),
    async readRepoFile(path, at, maxBytes): Promise<RepoFile> {
      // A file over the limit reads as absent here (the App names it too large): the preview routes without it either way.
      const bytes = at === commit ? await readTreeFile(root, path, maxBytes) : undefined;
      return bytes ? { kind: "text", text: new TextDecoder().decode(bytes) } : { kind: "absent" };
    },
    listIssueTemplates: (max, maxBytes) => listCheckoutTemplates(root, max, maxBytes),
    fetchIssueFacts: async () => issue,
    listRepoLabels: async () => ({ names: [], complete: false }),
    listLabelsRemovedByPeople: async () => [],
    addLabels: refuse("add labels"),
    removeLabel: refuse("remove labels"),
    canBeAssigned: async () => true,
    addAssignees: refuse("assign anyone"),
    readOwnComment: async () => undefined,
  };
}
