import { fitIssueTypeModel } from "./fit-model.js";
import { NO_TITLE_FEATURES } from "./issue-features.js";
import { hashFeatures, type IssueTypeModel } from "./issue-type-model.js";
import { buildTrainingExamples, type ExtractedIssue, type TrainingSetOptions } from "./training-set.js";

/** How the shipped model is fitted; chosen by leave-repositories-out figures (bench/issue-type-cv.ts). */
export interface GlobalFitOptions extends TrainingSetOptions {
  readonly l2: number;
  readonly steps: number;
  readonly learningRate: number;
  /** Fit a class bias per training project besides the shared one (fit-model.ts, `projects`). */
  readonly projectBiases: boolean;
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
  projectBiases: true,
  temperature: 1.2,
  biasOffsets: [0, 0, 0, -2],
};

/** Fits the shipped model on labelled issues of several projects ({@link NO_TITLE_FEATURES} fitted, then left out). Pure. */
export function fitGlobalModel(issues: readonly ExtractedIssue[], options: GlobalFitOptions = GLOBAL_FIT): IssueTypeModel {
  const examples = buildTrainingExamples(issues, options);
  const projects = options.projectBiases ? new Set(issues.map((i) => i.repo)).size : 0;
  const model = fitIssueTypeModel(examples, { bits: options.bits, l2: options.l2, steps: options.steps, learningRate: options.learningRate, temperature: options.temperature, projects });
  const weights = new Map(model.weights);
  for (const name of NO_TITLE_FEATURES) weights.delete(hashFeatures(new Map([[name, 1]]), options.bits).index[0]);
  return { ...model, weights, bias: model.bias.map((b, c) => b + (options.biasOffsets[c] ?? 0)) };
}
