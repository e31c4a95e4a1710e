/**
 * What BugScout did on an issue beyond its comment, kept inside that comment as a hidden line, so every way in (the
 * App, the Action, `bugscout triage --post`) knows it without a database and a redelivery finds it again.
 */
export interface RoutingState {
  /** Labels BugScout added and that are still its own to remove. */
  readonly added: readonly string[];
  /** Labels BugScout must never add again: a person (or anything but BugScout) removed them. */
  readonly declined: readonly string[];
  /** People BugScout assigned (once per issue: it never assigns again, whatever happened since). */
  readonly assigned: readonly string[];
}

/** Nothing done yet. */
export const EMPTY_ROUTING_STATE: RoutingState = { added: [], declined: [], assigned: [] };

const PREFIX = "<!-- bugscout:routing ";
const SUFFIX = " -->";
/** Names kept per list; GitHub allows 100 labels and 10 assignees on an issue. */
const MAX_NAMES = 100;
const MAX_NAME_LENGTH = 100;

/**
 * The hidden line for a state, or "" when there is nothing to keep (so comments of repositories without labels or
 * assignments are unchanged). JSON with `<`, `>` and `-` escaped, so no label name can close the HTML comment.
 */
export function renderRoutingState(state: RoutingState): string {
  if (state.added.length === 0 && state.declined.length === 0 && state.assigned.length === 0) return "";
  const json = JSON.stringify({ added: state.added, declined: state.declined, assigned: state.assigned })
    .replace(/[<>-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${PREFIX}${json}${SUFFIX}`;
}

/** The state kept in a comment body, or the empty state when it has none or it is unreadable. Never throws. */
export function readRoutingState(body: string | undefined): RoutingState {
  if (!body) return EMPTY_ROUTING_STATE;
  const start = body.lastIndexOf(PREFIX);
  if (start < 0) return EMPTY_ROUTING_STATE;
  const end = body.indexOf(SUFFIX, start + PREFIX.length);
  if (end < 0) return EMPTY_ROUTING_STATE;
  try {
    const raw = JSON.parse(body.slice(start + PREFIX.length, end)) as Record<string, unknown>;
    return { added: names(raw.added), declined: names(raw.declined), assigned: names(raw.assigned) };
  } catch {
    return EMPTY_ROUTING_STATE;
  }
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string" && v !== "" && v.length <= MAX_NAME_LENGTH).slice(0, MAX_NAMES);
}
