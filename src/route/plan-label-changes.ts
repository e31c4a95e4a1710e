import type { RoutingState } from "./routing-state.js";

/** What is known about the issue and the repository when the labels are decided. */
export interface LabelFacts {
  /** The labels BugScout stands behind now (chosen and above the confidence floor), as the map names them. */
  readonly wanted: readonly string[];
  /** The labels on the issue now. */
  readonly current: readonly string[];
  /** The repository's labels, to add a wanted one under its exact name; a wanted label missing here is not added. */
  readonly repoLabels: readonly string[];
  /** Labels a person removed from the issue at some point (the issue's events). */
  readonly removedByPeople: readonly string[];
  /** What BugScout did before (kept in its comment). */
  readonly state: RoutingState;
}

/** The label changes to make, and the state to keep once they are made. */
export interface LabelPlan {
  /** Labels to add, under the repository's names. */
  readonly add: readonly string[];
  /** Labels BugScout added before that no longer fit. */
  readonly remove: readonly string[];
  /** Wanted labels left alone because a person removed them once. */
  readonly declined: readonly string[];
  /** Wanted labels the repository does not have. */
  readonly missing: readonly string[];
  readonly state: RoutingState;
}

/**
 * Decides the label changes without fighting anyone. Pure.
 *
 * - Only labels the repository has are added (adding an unknown one would create it).
 * - A label a person removed is never added again: one in the issue's removal events, or one BugScout added that is
 *   gone from the issue (whoever removed it, it was not BugScout). Such labels stay declined in the state.
 * - Only labels BugScout added, still on the issue and no longer wanted are removed; a label a person added (even one
 *   BugScout would choose) is theirs.
 */
export function planLabelChanges(facts: LabelFacts): LabelPlan {
  const key = (label: string) => label.toLowerCase();
  const current = new Set(facts.current.map(key));
  const wanted = new Set(facts.wanted.map(key));
  const repo = new Map(facts.repoLabels.map((name) => [key(name), name]));
  const stillOurs = facts.state.added.filter((label) => current.has(key(label)));
  const goneFromIssue = facts.state.added.filter((label) => !current.has(key(label)));
  const declined = uniqueBy([...facts.state.declined, ...goneFromIssue, ...facts.removedByPeople], key);
  const declinedKeys = new Set(declined.map(key));

  const add: string[] = [];
  const missing: string[] = [];
  const refused: string[] = [];
  for (const label of uniqueBy(facts.wanted, key)) {
    if (current.has(key(label))) continue;
    if (declinedKeys.has(key(label))) {
      refused.push(label);
      continue;
    }
    const name = repo.get(key(label));
    if (name === undefined) missing.push(label);
    else add.push(name);
  }
  const remove = stillOurs.filter((label) => !wanted.has(key(label)));
  const removed = new Set(remove.map(key));
  return {
    add,
    remove,
    declined: refused,
    missing,
    state: {
      ...facts.state,
      added: uniqueBy([...stillOurs.filter((label) => !removed.has(key(label))), ...add], key),
      // Only labels that could come back matter; the state stays small.
      declined: declined.slice(-50),
    },
  };
}

function uniqueBy(values: readonly string[], key: (value: string) => string): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
