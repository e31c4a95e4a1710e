import type { IssueTypeModel } from "./issue-type-model.js";
import { decodeIssueTypeModel } from "./model-codec.js";
import { ISSUE_TYPE_WEIGHTS } from "./model-weights.js";

let decoded: IssueTypeModel | undefined;

/**
 * The model shipped with BugScout (src/issue-type/model-weights.ts), decoded on first use and then shared: it is a
 * constant, so the memo changes nothing but the cost (a few milliseconds, once per process).
 */
export function shippedIssueTypeModel(): IssueTypeModel {
  decoded ??= decodeIssueTypeModel(ISSUE_TYPE_WEIGHTS);
  return decoded;
}
