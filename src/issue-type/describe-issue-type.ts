import type { IssueType } from "./types.js";

const SOURCES: Readonly<Record<IssueType["source"], string>> = {
  label: "its label",
  template: "its template",
  model: "the classifier",
  repository: "the classifier adapted to this repository",
};

/** One line for people: `issue type: bug (0.83, the classifier)`. Pure. */
export function describeIssueType(issueType: IssueType): string {
  return `issue type: ${issueType.type} (${issueType.confidence.toFixed(2)}, ${SOURCES[issueType.source]})`;
}

/** `bug 12, feature 3` for counts by type, in a fixed order. Pure. */
export function describeIssueTypeCounts(counts: ReadonlyMap<IssueType["type"], number>): string {
  const parts = (["bug", "feature", "question", "documentation"] as const).filter((t) => (counts.get(t) ?? 0) > 0).map((t) => `${t} ${counts.get(t)}`);
  return parts.length > 0 ? parts.join(", ") : "none";
}
