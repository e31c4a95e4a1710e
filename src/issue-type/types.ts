/** The kinds of issue BugScout tells apart. */
export type IssueTypeName = "bug" | "feature" | "question" | "documentation";

/** Every {@link IssueTypeName}, in the order the model's outputs use. */
export const ISSUE_TYPE_NAMES: readonly IssueTypeName[] = ["bug", "feature", "question", "documentation"];

/**
 * Where an issue's type came from, strongest first: `label` (the issue's GitHub issue type, or one of the repository's
 * type labels), `template` (the issue form or template it was opened with, or the kind chosen in it), `repository`
 * (the shipped classifier adapted to the repository's own closed, type-labelled issues) and `model` (the shipped classifier alone).
 */
export type IssueTypeSource = "label" | "template" | "model" | "repository";

/** The kind of an issue, how sure BugScout is of it (0 to 1) and what said so. */
export interface IssueType {
  readonly type: IssueTypeName;
  /** For `model` and `repository`, the classifier's calibrated probability of `type`; fixed values for the others. */
  readonly confidence: number;
  readonly source: IssueTypeSource;
}

/** The text and labels of one issue, as the classifier reads them. */
export interface IssueTypeInput {
  readonly title: string;
  readonly body: string;
  /** The issue's label names, as GitHub spells them. */
  readonly labels: readonly string[];
  /** The name of the issue's GitHub issue type (`Bug`, `Feature`, `Task`), read as a type label; absent: none set. */
  readonly githubType?: string;
}

/** True for a string that names an issue type. */
export function isIssueTypeName(value: string): value is IssueTypeName {
  return (ISSUE_TYPE_NAMES as readonly string[]).includes(value);
}
