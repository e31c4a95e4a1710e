import { classifyIssueType, type IssueTypeContext } from "./classify-issue-type.js";
import { shippedIssueTypeModel } from "./shipped-model.js";
import type { IssueType } from "./types.js";

/**
 * The type of an issue given as one text (`rank`, `eval`, MCP `locate`): its first non-empty line is the title (a
 * Markdown heading's `#` dropped), the rest the body; no labels. The shipped model unless `context` says otherwise.
 * Pure.
 */
export function classifyIssueText(text: string, context: IssueTypeContext = { model: shippedIssueTypeModel() }): IssueType {
  const lines = text.slice(0, 200_000).replace(/^\s+/, "").split("\n");
  const title = (lines[0] ?? "").replace(/^#{1,6}\s+/, "").trim();
  return classifyIssueType({ title, body: lines.slice(1).join("\n"), labels: [] }, context);
}
