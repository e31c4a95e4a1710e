import type { AreaMap } from "./area-map.js";
import { chooseAreaLabels, leadingFiles, type RankedPath } from "./choose-labels.js";
import { findOwners, ownerName, type Codeowners, type Owner } from "./parse-codeowners.js";
import type { RoutingState } from "./routing-state.js";

/** How owners are used (`owners` in the settings). */
export type OwnersMode = "show" | "mention" | "assign" | "off";

/** What routing reads from the settings. */
export interface RoutingSettings {
  readonly labels: { readonly min_confidence: number; readonly max: number };
  readonly owners: OwnersMode;
  /** Most owners named or assigned (`max_owners`). */
  readonly max_owners: number;
}

/** What the ranking, its confidence and the repository's maps say about the issue, before looking at the issue. */
export interface RoutingIntent {
  /** The files that lead the ranking (their labels and owners are the issue's). */
  readonly leading: readonly string[];
  /** Area labels BugScout stands behind (empty below `labels.min_confidence`). */
  readonly labels: readonly string[];
  /** Owners of the first file (the one most likely to change), without repeats, at most `max_owners`. */
  readonly owners: readonly Owner[];
  /** Users to assign with `owners: assign` at or above `labels.min_confidence` (teams and e-mails cannot be). */
  readonly assign: readonly string[];
}

/**
 * The one decision of routing: from the ranking (files best first with scores), its confidence and the maps, the
 * labels BugScout would stand behind and the owners to name or assign. Pure; the same for every way in.
 */
export function decideRouting(input: {
  readonly ranked: readonly RankedPath[];
  readonly confidence: number;
  readonly areas: AreaMap;
  readonly codeowners?: Codeowners;
  readonly settings: RoutingSettings;
}): RoutingIntent {
  const { ranked, confidence, settings } = input;
  const sure = ranked.length > 0 && confidence >= settings.labels.min_confidence;
  const leading = leadingFiles(ranked).map((f) => f.path);
  const labels = sure ? chooseAreaLabels(ranked, input.areas, settings.labels.max) : [];
  const owners: Owner[] = [];
  // The first file's owners only: the owners of every file that leads with it name people a fix will not touch.
  if (settings.owners !== "off" && input.codeowners && leading.length > 0) {
    const seen = new Set<string>();
    for (const owner of findOwners(input.codeowners, leading[0])) {
      const name = ownerName(owner).toLowerCase();
      if (seen.has(name) || owners.length >= settings.max_owners) continue;
      seen.add(name);
      owners.push(owner);
    }
  }
  const assign = settings.owners === "assign" && sure ? owners.flatMap((o) => (o.kind === "user" ? [o.login] : [])) : [];
  return { leading, labels, owners, assign };
}

/**
 * Whom to assign: nobody when the issue already has an assignee (a person's choice wins) or BugScout assigned once
 * already (a person who unassigned them is not overruled). Pure.
 */
export function planAssignment(wanted: readonly string[], assignees: readonly string[], state: RoutingState): string[] {
  if (wanted.length === 0 || assignees.length > 0 || state.assigned.length > 0) return [];
  return [...wanted];
}
