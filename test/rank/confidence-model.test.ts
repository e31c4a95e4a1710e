import assert from "node:assert/strict";
import { test } from "node:test";
import { CONFIDENCE_FEATURES, MAX_LOG_GAP, type ConfidenceFeatures } from "../../src/rank/confidence/confidence-features.js";
import { CONFIDENCE_MODEL, scoreConfidence } from "../../src/rank/confidence/confidence-model.js";

/** A middling ranking: terms only, some of the query covered, a small lead. */
const TYPICAL: ConfidenceFeatures = {
  path: 0, definition: 0, coverage: 0.4, unknown: 0.15, unknownNames: 0.2, names: Math.log(4),
  rarity: 0.4, distinctive: Math.log(3), gap2: 0.1, gap5: 0.5, frame: 0,
};

test("the confidence is a probability: within [0, 1] for any features, 0 when nothing was ranked", () => {
  assert.equal(scoreConfidence(undefined), 0);
  const extremes = [0, 1, -1e9, 1e9, Number.NaN, Number.POSITIVE_INFINITY];
  for (const x of extremes) {
    const features = Object.fromEntries(CONFIDENCE_FEATURES.map((name) => [name, x])) as unknown as ConfidenceFeatures;
    const p = scoreConfidence(features);
    assert.ok(p >= 0 && p <= 1, `${x}: ${p}`);
  }
  const typical = scoreConfidence(TYPICAL);
  assert.ok(typical > 0.05 && typical < 0.95, String(typical));
  // A feature that is not a number counts as 0, never as NaN.
  assert.equal(scoreConfidence({ ...TYPICAL, coverage: Number.NaN }), scoreConfidence({ ...TYPICAL, coverage: 0 }));
});

test("stronger evidence for the first file never lowers the confidence; words the tree does not have do", () => {
  const base = scoreConfidence(TYPICAL);
  const raised: Partial<ConfidenceFeatures>[] = [
    { path: 1 }, { definition: 1 }, { coverage: 0.9 }, { gap2: MAX_LOG_GAP }, { gap5: MAX_LOG_GAP },
  ];
  for (const change of raised) assert.ok(scoreConfidence({ ...TYPICAL, ...change }) > base, JSON.stringify(change));
  const lowered: Partial<ConfidenceFeatures>[] = [{ unknown: 0.8 }, { unknownNames: 1 }];
  for (const change of lowered) assert.ok(scoreConfidence({ ...TYPICAL, ...change }) < base, JSON.stringify(change));
});

test("the model is the logistic function of the weighted features", () => {
  const z = CONFIDENCE_MODEL.intercept + CONFIDENCE_FEATURES.reduce((sum, name) => sum + CONFIDENCE_MODEL.weights[name] * TYPICAL[name], 0);
  assert.ok(Math.abs(scoreConfidence(TYPICAL) - 1 / (1 + Math.exp(-z))) < 1e-12);
  const flat = { intercept: 0, weights: Object.fromEntries(CONFIDENCE_FEATURES.map((name) => [name, 0])) as typeof CONFIDENCE_MODEL.weights };
  assert.equal(scoreConfidence(TYPICAL, flat), 0.5);
});
