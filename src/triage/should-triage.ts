import type { IssueTypeName } from "../issue-type/types.js";
import type { Settings } from "./settings-schema.js";

/** The parts of an `issues` event that decide whether BugScout comments on its own. */
export interface IssueEvent {
  readonly action: "opened" | "labeled" | "edited" | "typed";
  /** The label just added, for `labeled`. */
  readonly label?: string;
  /** For `typed`: the kind the issue's new GitHub issue type names (`Bug` → bug), if any. */
  readonly typedKind?: IssueTypeName;
  readonly labels: readonly string[];
  readonly authorIsBot: boolean;
  readonly open: boolean;
  /** For `edited`: the title or the body changed (not only, say, the milestone). */
  readonly textChanged?: boolean;
  /** For `edited`: a bot made the edit. */
  readonly senderIsBot?: boolean;
}

/** Why an automatic triage is skipped, or undefined when it should run. Pure. */
export function skipReason(settings: Settings, event: IssueEvent): string | undefined {
  const { trigger } = settings;
  if (!settings.enabled) return "disabled in settings";
  if (!event.open) return "issue is closed";
  if (event.action === "opened" && !trigger.on_open) return "trigger.on_open is false";
  if (event.action === "labeled" && !trigger.labels.some((l) => sameLabel(l, event.label))) return "label is not a trigger";
  // A maintainer who sets the issue's type to one BugScout answers asks for the answer; another type asks for nothing
  // (and an earlier comment stays: BugScout never undoes what it said because of a person's change).
  if (event.action === "typed" && !(event.typedKind && trigger.types.includes(event.typedKind))) return "the issue type names no kind trigger.types answers";
  if (event.action === "edited") {
    if (!trigger.on_edit) return "trigger.on_edit is false";
    if (!event.textChanged) return "neither the title nor the body changed";
    // An edit re-ranks only issues BugScout comments on by itself: opened ones, or ones carrying a trigger label.
    if (!trigger.on_open && !event.labels.some((label) => trigger.labels.some((l) => sameLabel(l, label)))) return "BugScout does not comment on this issue by itself";
    if (trigger.ignore_bots && event.senderIsBot) return "edited by a bot";
  }
  if (event.labels.some((label) => trigger.ignore_labels.some((l) => sameLabel(l, label)))) return "issue has an ignored label";
  if (trigger.ignore_bots && event.authorIsBot) return "issue opened by a bot";
  return undefined;
}

/** Whether a user with `role` (and authorship) may run commands under the `commands.allow` setting. Pure. */
export function mayRunCommands(allow: Settings["commands"]["allow"], role: string, isAuthor: boolean): boolean {
  const maintainer = role === "admin" || role === "maintain" || role === "write";
  if (allow === "maintainers") return maintainer;
  const collaborator = maintainer || role === "triage";
  return allow === "author" ? collaborator || isAuthor : collaborator;
}

// GitHub labels are case-insensitive.
function sameLabel(a: string, b: string | undefined): boolean {
  return b !== undefined && a.toLowerCase() === b.toLowerCase();
}
