import { extractIssueFeatures } from "./issue-features.js";
import { predictProbabilities, topClass, type IssueTypeModel } from "./issue-type-model.js";
import { typeFromLabels } from "./label-types.js";
import { typeFromTemplate } from "./template-types.js";
import type { IssueType, IssueTypeInput, IssueTypeName } from "./types.js";

/** What {@link classifyIssueType} reads besides the issue. */
export interface IssueTypeContext {
  /** The repository's own type labels (`issue_types.labels`: label name → type), over the default names. */
  readonly labels?: Readonly<Record<string, IssueTypeName>>;
  /** The classifier: the shipped model, or the one adapted to the repository's labelled issues. */
  readonly model: IssueTypeModel;
  /** `model` was adapted to the repository's own labelled issues: its answers say `repository`. */
  readonly adapted?: boolean;
}

/** The confidence of a type a label says: the repository's own word for it. */
export const LABEL_CONFIDENCE = 1;
/** The confidence of a type a pre-filled title tag or two template headings say. */
export const TEMPLATE_CONFIDENCE = 0.9;
/** The confidence of a type one template heading says. */
export const WEAK_TEMPLATE_CONFIDENCE = 0.75;

/**
 * The kind of an issue: the repository's own signals win (a type label, then the template it was opened with), and
 * the classifier fills in, with its calibrated probability as the confidence. Empty, binary or foreign text gets a
 * type with a low confidence; nothing throws. Pure.
 */
export function classifyIssueType(input: IssueTypeInput, context: IssueTypeContext): IssueType {
  const title = typeof input.title === "string" ? input.title : "";
  const body = typeof input.body === "string" ? input.body : "";
  const labelled = typeFromLabels(input.labels ?? [], context.labels);
  if (labelled) return { type: labelled, confidence: LABEL_CONFIDENCE, source: "label" };
  const template = typeFromTemplate(title.slice(0, 400), body);
  const p = predictProbabilities(context.model, extractIssueFeatures(title, body));
  const best = topClass(p);
  if (template && (template.strong || best.type === template.type || best.confidence < 0.6)) {
    return { type: template.type, confidence: template.strong ? TEMPLATE_CONFIDENCE : WEAK_TEMPLATE_CONFIDENCE, source: "template" };
  }
  return { type: best.type, confidence: round(best.confidence), source: context.adapted ? "repository" : "model" };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
