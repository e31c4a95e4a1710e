import { CONFIDENCE_FEATURES, type ConfidenceFeatures } from "./confidence-features.js";

/** A logistic model: `p = 1 / (1 + e^−(intercept + Σ weights[f] · features[f]))`. */
export interface ConfidenceModel {
  readonly intercept: number;
  readonly weights: Readonly<Record<keyof ConfidenceFeatures, number>>;
}

/**
 * PLACEHOLDER, replaced by the fit.
 */
export const CONFIDENCE_MODEL: ConfidenceModel = {
  intercept: -2,
  weights: {
    frame: 2, path: 2, definition: 1, coverage: 1, unknown: -2, unknownNames: -1, names: 0, rarity: 1, distinctive: 0.5, gap2: 1, gap5: 0.5, treeSize: -0.1,
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
