import { planAssignment, type RoutingIntent } from "../route/decide-routing.js";
import { planLabelChanges } from "../route/plan-label-changes.js";
import { readRoutingState, type RoutingState } from "../route/routing-state.js";
import type { Log } from "./ports.js";
import type { RoutingMaps } from "./read-routing-maps.js";
import type { IssueFacts, RepoLabels, RoutingGateway } from "./routing-ports.js";
import { summarizeError } from "./summarize-error.js";

/** What routing did (or, in a dry run, would do) on the issue. */
export interface RoutingResult {
  /** Labels added (or to add). */
  readonly added: readonly string[];
  /** BugScout's own labels removed because they no longer fit (or to remove). */
  readonly removed: readonly string[];
  /** The area labels BugScout stands behind that the issue carries after the changes. */
  readonly labels: readonly string[];
  /** Wanted labels left alone because a person removed them once. */
  readonly declined: readonly string[];
  /** Users assigned (or to assign). */
  readonly assigned: readonly string[];
  /** What could not be done (GitHub refused, a user cannot be assigned): one plain sentence each. */
  readonly notes: readonly string[];
  /** The state to keep in the comment. */
  readonly state: RoutingState;
}

/** Whether routing needs the issue at all: a map with labels, assignments, or BugScout's earlier labels to revisit. */
export function routingNeeded(maps: RoutingMaps, intent: RoutingIntent, previous: string | undefined): boolean {
  const state = readRoutingState(previous);
  return maps.areas.labels.length > 0 || intent.assign.length > 0 || state.added.length > 0;
}

/**
 * Applies the routing intent to the issue without fighting anyone (see planLabelChanges and planAssignment), or with
 * `apply: false` only reads and says what it would do. Reads: the issue (unless `facts` are given), the repository's
 * labels when there is a map (unless given), the issue's events when a label is to be added. GitHub refusing a change
 * (no permission, a 422) becomes a note; the comment is never lost to it.
 */
export async function routeIssue(
  deps: { readonly gateway: RoutingGateway; readonly log: Log },
  input: {
    readonly issueNumber: number;
    readonly intent: RoutingIntent;
    readonly maps: RoutingMaps;
    /** The body of BugScout's comment as it is now, holding the previous state. */
    readonly previous: string | undefined;
    readonly facts?: IssueFacts;
    /** The repository's labels, when the caller read them already (for its missing-label report). */
    readonly repoLabels?: RepoLabels;
    readonly apply: boolean;
  },
): Promise<RoutingResult> {
  const { gateway, log } = deps;
  const { issueNumber, intent, maps } = input;
  const state = readRoutingState(input.previous);
  const facts = input.facts ?? (await gateway.fetchIssueFacts(issueNumber));
  const notes: string[] = [];

  const hasMap = maps.areas.labels.length > 0;
  const repoLabels = input.repoLabels ?? (hasMap ? await gateway.listRepoLabels() : { names: [], complete: true });
  const current = new Set(facts.labels.map((l) => l.toLowerCase()));
  const adding = intent.labels.some((l) => !current.has(l.toLowerCase()));
  const removedByPeople = adding ? await gateway.listLabelsRemovedByPeople(issueNumber) : [];
  const plan = planLabelChanges({ wanted: intent.labels, current: facts.labels, repoLabels: repoLabels.names, removedByPeople, state });
  const assign = planAssignment(intent.assign, facts.assignees, state);

  if (!input.apply) {
    return {
      added: plan.add, removed: plan.remove, declined: plan.declined, assigned: assign, notes,
      labels: carried(intent.labels, [...facts.labels.filter((l) => !plan.remove.includes(l)), ...plan.add]),
      state: { ...plan.state, assigned: assign.length > 0 ? assign : state.assigned },
    };
  }

  const removed: string[] = [];
  let added = [...state.added.filter((l) => current.has(l.toLowerCase()))];
  for (const label of plan.remove) {
    try {
      await gateway.removeLabel(issueNumber, label);
      removed.push(label);
      added = added.filter((l) => l.toLowerCase() !== label.toLowerCase());
    } catch (err) {
      notes.push(refused(`remove the label ${label}`, err));
    }
  }
  let newlyAdded: string[] = [];
  if (plan.add.length > 0) {
    try {
      await gateway.addLabels(issueNumber, plan.add);
      newlyAdded = [...plan.add];
      added = [...added, ...plan.add];
    } catch (err) {
      notes.push(refused(`add the label${plan.add.length > 1 ? "s" : ""} ${plan.add.join(", ")}`, err));
    }
  }
  const assigned = await assignOwners(deps, issueNumber, assign, notes);
  const labelsAfter = [...facts.labels.filter((l) => !removed.includes(l)), ...newlyAdded];
  log.info({ issue: issueNumber, added: newlyAdded, removed, declined: plan.declined, assigned }, "issue routed");
  return {
    added: newlyAdded, removed, declined: plan.declined, assigned, notes,
    labels: carried(intent.labels, labelsAfter),
    state: { added, declined: plan.state.declined, assigned: state.assigned.length > 0 ? state.assigned : assigned },
  };
}

/** Assigns those of `logins` GitHub says can be assigned; a refusal is a note, never an exception. */
async function assignOwners(
  deps: { readonly gateway: RoutingGateway; readonly log: Log },
  issueNumber: number,
  logins: readonly string[],
  notes: string[],
): Promise<string[]> {
  if (logins.length === 0) return [];
  const assignable: string[] = [];
  for (const login of logins) {
    try {
      if (await deps.gateway.canBeAssigned(login)) assignable.push(login);
    } catch (err) {
      deps.log.warn({ login, err: summarizeError(err) }, "assignee check failed");
    }
  }
  const skipped = logins.filter((l) => !assignable.includes(l));
  if (skipped.length > 0) {
    notes.push(`BugScout could not assign ${skipped.join(", ")}: GitHub says they cannot be assigned in this repository.`);
  }
  if (assignable.length === 0) return [];
  try {
    const after = new Set((await deps.gateway.addAssignees(issueNumber, assignable)).map((l) => l.toLowerCase()));
    return assignable.filter((l) => after.has(l.toLowerCase()));
  } catch (err) {
    notes.push(refused(`assign ${assignable.join(", ")}`, err));
    return [];
  }
}

/** A change GitHub refused, as one sentence: the status and GitHub's first words (never a token or a body). */
function refused(doing: string, err: unknown): string {
  const status = (err as { status?: unknown }).status;
  const text = summarizeError(err).message.split(/\r?\n/)[0].replace(/\s+-\s+https:\/\/docs\.github\.com\S*$/, "").slice(0, 160);
  return `BugScout could not ${doing}: ${typeof status === "number" ? `GitHub answered ${status}` : "the request failed"}${text ? ` (${text})` : ""}.`;
}

/** The wanted labels the issue carries (case as the issue has them). */
function carried(wanted: readonly string[], labels: readonly string[]): string[] {
  const want = new Set(wanted.map((l) => l.toLowerCase()));
  return labels.filter((l) => want.has(l.toLowerCase()));
}
