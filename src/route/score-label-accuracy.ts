/** One ranked issue seen closed: the map's labels then, BugScout's choice, the labels it was closed with. */
export interface LabelledIssue {
  /** The area map's labels when BugScout ranked the issue. */
  readonly map: readonly string[];
  /** The labels BugScout chose (at or above `labels.min_confidence`); empty when it chose none. */
  readonly chosen: readonly string[];
  /** The labels the issue carried when it was closed. */
  readonly closed: readonly string[];
}

/** Label accuracy over closed issues that carry a label of the map. */
export interface LabelAccuracy {
  /** Closed issues carrying at least one label of the map (the denominator). */
  readonly carried: number;
  /** Of those, issues BugScout had chosen a label for. */
  readonly labelled: number;
  /** Of those, issues whose closing labels include BugScout's label. */
  readonly right: number;
}

/**
 * How often BugScout's area label was the issue's: among closed issues that carry a label of the map, those where
 * BugScout chose one (`labelled`) and where the issue was closed with it (`right`). Labels compare without case, as
 * GitHub's do. Pure.
 */
export function scoreLabelAccuracy(issues: readonly LabelledIssue[]): LabelAccuracy {
  let carried = 0;
  let labelled = 0;
  let right = 0;
  for (const issue of issues) {
    const map = new Set(issue.map.map((l) => l.toLowerCase()));
    const closed = new Set(issue.closed.map((l) => l.toLowerCase()).filter((l) => map.has(l)));
    if (closed.size === 0) continue;
    carried++;
    if (issue.chosen.length === 0) continue;
    labelled++;
    if (issue.chosen.some((l) => closed.has(l.toLowerCase()))) right++;
  }
  return { carried, labelled, right };
}
