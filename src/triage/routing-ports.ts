/** A repository file as read for routing: its text, or why there is none. */
export type RepoFile =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "absent" }
  | { readonly kind: "not-a-file" }
  | { readonly kind: "too-large"; readonly bytes: number };

/** The issue as it is now on GitHub (a webhook's copy may be stale: a redelivery, a queued edit). */
export interface IssueFacts {
  readonly title: string;
  readonly body: string;
  readonly labels: readonly string[];
  readonly assignees: readonly string[];
}

/** The repository's labels, read up to a cap. */
export interface RepoLabels {
  readonly names: readonly string[];
  /** False when the repository has more labels than were read (a wanted label past the cap counts as missing). */
  readonly complete: boolean;
}

/**
 * The GitHub calls routing (labels, owners, edits) needs for one repository. Implemented in src/github over Octokit;
 * the same for the App, the Action and `bugscout triage --post`.
 */
export interface RoutingGateway {
  /** A file of the repository at `commit`, read only when it is at most `maxBytes`. */
  readRepoFile(path: string, commit: string, maxBytes: number): Promise<RepoFile>;
  /** The issue's current title, body, labels and assignees. */
  fetchIssueFacts(issueNumber: number): Promise<IssueFacts>;
  listRepoLabels(): Promise<RepoLabels>;
  /** Labels a person (not a bot, not the token's own user) removed from the issue, from its events. */
  listLabelsRemovedByPeople(issueNumber: number): Promise<string[]>;
  addLabels(issueNumber: number, labels: readonly string[]): Promise<void>;
  /** Removes a label; a label already gone is no error. */
  removeLabel(issueNumber: number, label: string): Promise<void>;
  /** Whether the user can be assigned to the repository's issues. */
  canBeAssigned(login: string): Promise<boolean>;
  /** Assigns the users; resolves to the issue's assignees afterwards (GitHub silently skips users it cannot assign). */
  addAssignees(issueNumber: number, logins: readonly string[]): Promise<string[]>;
  /** The body of BugScout's own comment starting with `marker`, if there is one. */
  readOwnComment(issueNumber: number, marker: string): Promise<string | undefined>;
}
