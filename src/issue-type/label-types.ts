import type { IssueTypeName } from "./types.js";

/**
 * Type labels as repositories name them, after {@link normalizeLabel}: `bug`, `type: bug`, `kind/bug`, `🐛 Bug`,
 * `C-bug` and `t-bug` all read `bug`. `help wanted` and `good first issue` say who may work on an issue, not its kind,
 * so they are not here.
 */
export const DEFAULT_TYPE_LABELS: Readonly<Record<string, IssueTypeName>> = {
  bug: "bug", bugs: "bug", "bug report": "bug", "confirmed bug": "bug", defect: "bug", regression: "bug", crash: "bug",
  "bug fix": "bug", bugfix: "bug", broken: "bug", error: "bug",
  enhancement: "feature", enhancements: "feature", feature: "feature", features: "feature", "feature request": "feature",
  "new feature": "feature", "feature idea": "feature", improvement: "feature", "suggestion": "feature", idea: "feature",
  request: "feature", proposal: "feature", rfe: "feature",
  question: "question", questions: "question", support: "question", "how to": "question", howto: "question",
  usage: "question", "usage question": "question", "needs help": "question", help: "question",
  documentation: "documentation", docs: "documentation", doc: "documentation", "docs bug": "documentation",
  "documentation bug": "documentation", typo: "documentation",
};

/** Prefixes that put a label in a family (`type: bug`, `kind/bug`, `C-bug`, `T-bug`); dropped before matching. */
const FAMILY = /^(type|kind|issue type|issue|category|cat|t|c|is|area|topic)\s*[:/-]\s*/;

/**
 * A label as matched against type names: lowercase, emoji and punctuation gone, a family prefix (`type:`, `kind/`,
 * `C-`) dropped, separators as single spaces. Pure.
 */
export function normalizeLabel(label: string): string {
  const lower = label.toLowerCase().replace(/[^\p{L}\p{N}:/\-_ ]+/gu, " ").trim().replace(/\s+/g, " ");
  return lower.replace(FAMILY, "").replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
}

/** The order a type wins in when an issue carries labels of two (a `bug` that is also `documentation` is a bug). */
const PRECEDENCE: readonly IssueTypeName[] = ["bug", "feature", "documentation", "question"];

/**
 * The type an issue's labels say, if any: the repository's own map (`issue_types.labels`, matched on the label's exact
 * name, case-insensitive) first, then {@link DEFAULT_TYPE_LABELS}. Pure.
 */
export function typeFromLabels(labels: readonly string[], own: Readonly<Record<string, IssueTypeName>> = {}): IssueTypeName | undefined {
  const ownLower = new Map(Object.entries(own).map(([k, v]) => [k.toLowerCase().trim(), v]));
  const found = new Set<IssueTypeName>();
  for (const label of labels) {
    const mine = ownLower.get(label.toLowerCase().trim());
    if (mine) return mine;
    const t = DEFAULT_TYPE_LABELS[normalizeLabel(label)];
    if (t) found.add(t);
  }
  return PRECEDENCE.find((t) => found.has(t));
}

/**
 * The type an issue itself carries: its GitHub issue type (`Bug`, `Feature`: set by a maintainer or a form's `type:`,
 * read as a label name), else its labels ({@link typeFromLabels}). Pure.
 */
export function typeFromIssue(
  issue: { readonly githubType?: string; readonly labels?: readonly string[] },
  own: Readonly<Record<string, IssueTypeName>> = {},
): IssueTypeName | undefined {
  return (issue.githubType ? typeFromLabels([issue.githubType], own) : undefined) ?? typeFromLabels(issue.labels ?? [], own);
}
