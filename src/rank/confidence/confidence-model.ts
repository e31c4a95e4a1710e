import { CONFIDENCE_FEATURES, type ConfidenceFeatures } from "./confidence-features.js";

/** A logistic model: `p = 1 / (1 + e^−(intercept + Σ weights[f] · features[f]))`. */
export interface ConfidenceModel {
  readonly intercept: number;
  readonly weights: Readonly<Record<keyof ConfidenceFeatures, number>>;
}

/**
 * Fitted 2026-12-07 (issue 64) by L2-regularised (λ = 1) logistic regression on `bugscout eval --out` run lines (BM25)
 * of half A of the repositories (md5 of `owner/name`, first byte even): 158 multi-language and 40 SWE-bench Lite
 * issues labelled by Hit@1; the same issues ranked against another project's tree (`--negatives`), 0 with weight
 * 0.25; and 160 feature requests and documentation issues of a project ranked on its own tree (moby's, of
 * `issue_types.jsonl`), 0 with weight 0.5 — the issues BugScout should not answer look like these, not like another
 * project's. Checked on half B (336 issues, keras, deno and material-ui's 282 non-bug issues): AUROC 0.90 between
 * right first files and other-project negatives (0.92 before), 0.84 against same-repository issues (0.77 before).
 * Evidence features fitted below 0 (the stack frame) were left out and the rest refitted. Figures and the procedure:
 * docs/ranking.md, "Confidence" and "When BugScout speaks". Refit after a change to the ranking or the features.
 */
export const CONFIDENCE_MODEL: ConfidenceModel = {
  intercept: -2.792,
  weights: {
    path: 0.856, definition: 0.625, coverage: 2.295, unknown: -0.927, unknownNames: -1.336, names: -0.019, rarity: 0.204,
    distinctive: 0.017, gap2: 1.097, gap5: 1.322, frame: 0,
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
