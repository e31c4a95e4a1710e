import { fitIssueTypeModel } from "./fit-model.js";
import type { IssueFeatures } from "./issue-features.js";
import { hashFeatures, type IssueTypeModel } from "./issue-type-model.js";
import { ISSUE_TYPE_NAMES, type IssueTypeName } from "./types.js";

/** One of a repository's own labelled issues, as features. */
export interface RepositoryExample {
  readonly features: IssueFeatures;
  readonly label: IssueTypeName;
}

/** How {@link adaptModel} moves the shipped model towards a repository's issues. */
export interface AdaptOptions {
  /** Pull back towards the shipped weights, per unit of example weight: larger keeps closer to the shipped model. */
  readonly l2: number;
  readonly steps: number;
  readonly learningRate: number;
}

/** Chosen by bench/issue-type-cv.ts ("with own labels"). */
export const ADAPT_DEFAULTS: AdaptOptions = { l2: 1e-6, steps: 300, learningRate: 0.05 };

/**
 * The shipped model adapted to one repository: refitted on the repository's own labelled issues (each class weighing
 * the same in all) with a penalty on the distance from the shipped weights, so a word the repository uses for one
 * kind of issue moves, and everything its issues say nothing about stays. Fewer than two classes: the model as is.
 * Deterministic. Pure.
 */
export function adaptModel(model: IssueTypeModel, examples: readonly RepositoryExample[], options: AdaptOptions = ADAPT_DEFAULTS): IssueTypeModel {
  const counts = new Map<IssueTypeName, number>();
  for (const e of examples) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
  if (counts.size < 2) return model;
  const training = examples.map((e) => ({
    x: hashFeatures(e.features, model.bits),
    label: ISSUE_TYPE_NAMES.indexOf(e.label),
    weight: examples.length / counts.size / counts.get(e.label)!,
  }));
  return fitIssueTypeModel(training, { bits: model.bits, l2: options.l2, steps: options.steps, learningRate: options.learningRate, prior: model });
}
