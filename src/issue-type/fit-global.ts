import { fitIssueTypeModel } from "./fit-model.js";
import type { IssueTypeModel } from "./issue-type-model.js";
import { buildTrainingExamples, type ExtractedIssue, type TrainingSetOptions } from "./training-set.js";

/** How the shipped model is fitted; chosen by leave-repositories-out figures (bench/issue-type-cv.ts). */
export interface GlobalFitOptions extends TrainingSetOptions {
  readonly l2: number;
  readonly steps: number;
  readonly learningRate: number;
  /** The temperature the shipped model divides by (fitted on held-out repositories' scores). */
  readonly temperature: number;
  /**
   * Added to each class's bias after the fit (bug, feature, question, documentation). The documentation class is
   * fitted on 3,896 issues of five projects, many of them usage questions and wishes in other words: on held-out
   * projects it drew bug reports and questions away, so it answers only when clearly ahead.
   */
  readonly biasOffsets: readonly number[];
}

/** The settings of `npm run fit:issue-type`; docs/issue-type.md says how each was chosen. */
export const GLOBAL_FIT: GlobalFitOptions = {
  bits: 18,
  minRepos: 3,
  cellPower: 0.5,
  l2: 1e-4,
  steps: 150,
  learningRate: 0.05,
  temperature: 1.4,
  biasOffsets: [0, 0, 0, -2],
};

/** Fits the shipped model on labelled issues of several projects. Pure. */
export function fitGlobalModel(issues: readonly ExtractedIssue[], options: GlobalFitOptions = GLOBAL_FIT): IssueTypeModel {
  const examples = buildTrainingExamples(issues, options);
  const model = fitIssueTypeModel(examples, { bits: options.bits, l2: options.l2, steps: options.steps, learningRate: options.learningRate, temperature: options.temperature });
  return { ...model, bias: model.bias.map((b, c) => b + (options.biasOffsets[c] ?? 0)) };
}
