import { extractIssueFeatures } from "./issue-features.js";
import { hashFeatures, scoreHashed, softmax, topClass, type IssueTypeModel } from "./issue-type-model.js";
import { typeDeclaredInBody } from "./declared-type.js";
import { typeFromIssue } from "./label-types.js";
import { typeFromTemplate, type IssueTemplate } from "./template-types.js";
import { ISSUE_TYPE_NAMES, type IssueType, type IssueTypeInput, type IssueTypeName } from "./types.js";

/** What {@link classifyIssueType} reads besides the issue. */
export interface IssueTypeContext {
  /** The repository's own type labels (`issue_types.labels`: label name → type), over the default names. */
  readonly labels?: Readonly<Record<string, IssueTypeName>>;
  /** The classifier: the shipped model, or the one adapted to the repository's labelled issues. */
  readonly model: IssueTypeModel;
  /** `model` was adapted to the repository's own labelled issues: its answers say `repository`. */
  readonly adapted?: boolean;
  /** What template headings add to their type's score; default {@link TEMPLATE_BOOST}. */
  readonly templateBoost?: { readonly strong: number; readonly weak: number };
  /** The repository's own issue templates and forms; absent: only the common templates' headings are known. */
  readonly templates?: readonly IssueTemplate[];
}

/** The confidence of a type a label says: the repository's own word for it. */
export const LABEL_CONFIDENCE = 1;
/** The confidence of a type a pre-filled title tag (`[Bug]: `) says: the form the reporter chose. */
export const TEMPLATE_CONFIDENCE = 0.9;

/**
 * What the body's template headings add to their type's score before the softmax (two headings or more, one): the
 * reporter's choice of template is evidence, not the answer — questions often come in the bug form. Chosen on the
 * held-out folds (docs/issue-type.md).
 */
export const TEMPLATE_BOOST = { strong: 1, weak: 0.5 } as const;

/**
 * What the kind the reporter chose in the form (`### Issue type` → `Support`; `Type: Bug`) adds to that type's score:
 * more than a template's headings, as the reporter said it in so many words, yet not the answer by itself — reporters
 * file questions through the bug form and its dropdown as they do through its headings (docs/issue-type.md), and
 * only words the model reads firmly the other way outweigh it.
 */
export const DECLARED_BOOST = 2;

/**
 * The kind of an issue: the repository's own signals first (its GitHub issue type or a type label; a pre-filled title
 * tag of the form it was opened with), then the classifier, with the template's headings and the kind chosen in the
 * form (`### Issue type` → `Bug`) as added evidence and its calibrated probability as the confidence (`template`
 * when the headings' or the form's kind is the answer). Empty, binary or foreign text gets a type with
 * a low confidence; nothing throws. Pure.
 */
export function classifyIssueType(input: IssueTypeInput, context: IssueTypeContext): IssueType {
  const title = typeof input.title === "string" ? input.title : "";
  const body = typeof input.body === "string" ? input.body : "";
  const labelled = typeFromIssue(input, context.labels);
  if (labelled) return { type: labelled, confidence: LABEL_CONFIDENCE, source: "label" };
  const template = typeFromTemplate(title.slice(0, 400), body, context.templates);
  if (template?.tag) return { type: template.type, confidence: TEMPLATE_CONFIDENCE, source: "template" };
  const z = scoreHashed(context.model, hashFeatures(extractIssueFeatures(title, body), context.model.bits));
  const boost = context.templateBoost ?? TEMPLATE_BOOST;
  if (template) z[ISSUE_TYPE_NAMES.indexOf(template.type)] += template.strong ? boost.strong : boost.weak;
  const declared = typeDeclaredInBody(body);
  if (declared) z[ISSUE_TYPE_NAMES.indexOf(declared)] += DECLARED_BOOST;
  const best = topClass(softmax(z, context.model.temperature));
  const source = template?.type === best.type || declared === best.type ? "template" : context.adapted ? "repository" : "model";
  return { type: best.type, confidence: round(best.confidence), source };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
