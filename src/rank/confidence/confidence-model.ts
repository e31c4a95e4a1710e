import { CONFIDENCE_FEATURES, type ConfidenceFeatures } from "./confidence-features.js";

/** A logistic model: `p = 1 / (1 + e^−(intercept + Σ weights[f] · features[f]))`. */
export interface ConfidenceModel {
  readonly intercept: number;
  readonly weights: Readonly<Record<keyof ConfidenceFeatures, number>>;
}

/**
 * Fitted 2026-12-06 (issue 56) by L2-regularised (λ = 1) logistic regression on `bugscout eval --negatives --out` run
 * lines (BM25) of half A of each development set's repositories (md5 of `owner/name`, first byte even): 158
 * multi-language issues and 47 SWE-bench Lite issues (of the 79 whose trees were ready), labelled by Hit@1, and the
 * same issues ranked against another project's tree, labelled 0 with weight 0.25 (a stream in which a fifth of the
 * issues name nothing of the repository). Checked on half B (268 issues, 268 negatives): Brier 0.241, AUROC 0.92
 * between right first files and negatives. Evidence features fitted below 0 were left out and the rest refitted.
 * Figures per language and the procedure: docs/benchmarks.md, "Confidence (issue 56)". Refit after a change to the
 * ranking or the features.
 */
export const CONFIDENCE_MODEL: ConfidenceModel = {
  intercept: -1.13,
  weights: {
    path: 0.584, definition: 0.185, coverage: 2.021, unknown: -1.408, unknownNames: -1.401, names: 0.014, rarity: -0.766,
    distinctive: -0.176, gap2: 1.722, gap5: 0.674, frame: 0,
  },
};

/**
 * The probability that a ranking's first file is one the fix changes, from its {@link ConfidenceFeatures}: 0 when
 * nothing was ranked. Always within [0, 1]; a non-finite feature counts as 0. Pure.
 */
export function scoreConfidence(features: ConfidenceFeatures | undefined, model: ConfidenceModel = CONFIDENCE_MODEL): number {
  if (!features) return 0;
  let z = model.intercept;
  for (const name of CONFIDENCE_FEATURES) {
    const x = features[name];
    if (Number.isFinite(x)) z += model.weights[name] * x;
  }
  const p = 1 / (1 + Math.exp(-z));
  return Number.isFinite(p) ? p : z > 0 ? 1 : 0;
}
