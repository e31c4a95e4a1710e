import type { IssueFeatures } from "./issue-features.js";
import { ISSUE_TYPE_NAMES, type IssueTypeName } from "./types.js";

/**
 * A linear softmax classifier over hashed features: each feature name hashes to a bucket that holds one weight per
 * class; a class's score is its bias plus Σ value · weight, and the probabilities are softmax(score / temperature).
 */
export interface IssueTypeModel {
  /** Buckets are the low `bits` bits of the feature name's hash. */
  readonly bits: number;
  /** Bias per class, in {@link ISSUE_TYPE_NAMES} order. */
  readonly bias: readonly number[];
  /** Bucket → its weights (one per class, in {@link ISSUE_TYPE_NAMES} order). Buckets not held weigh 0. */
  readonly weights: ReadonlyMap<number, Float32Array>;
  /** Divides the scores before the softmax; fitted so that the probabilities are calibrated. */
  readonly temperature: number;
}

/** The number of classes: one per {@link IssueTypeName}. */
export const CLASS_COUNT = ISSUE_TYPE_NAMES.length;

/** 32-bit FNV-1a of a string's UTF-16 code units: fast, stable across platforms, and what the fit uses too. */
export function hashFeature(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A feature vector as bucket indices and values (buckets may repeat when two names collide). */
export interface HashedFeatures {
  readonly index: Uint32Array;
  readonly value: Float32Array;
}

/** Hashes named features into buckets of `bits` bits. Pure. */
export function hashFeatures(features: IssueFeatures, bits: number): HashedFeatures {
  const mask = bits >= 32 ? 0xffffffff : (1 << bits) - 1;
  const index = new Uint32Array(features.size);
  const value = new Float32Array(features.size);
  let i = 0;
  for (const [name, v] of features) {
    index[i] = (hashFeature(name) & mask) >>> 0;
    value[i] = Number.isFinite(v) ? v : 0;
    i++;
  }
  return { index, value };
}

/** The class scores (before temperature and softmax) of hashed features. Pure. */
export function scoreHashed(model: IssueTypeModel, x: HashedFeatures): Float64Array {
  const z = Float64Array.from(model.bias);
  for (let i = 0; i < x.index.length; i++) {
    const row = model.weights.get(x.index[i]);
    if (!row) continue;
    const v = x.value[i];
    for (let c = 0; c < CLASS_COUNT; c++) z[c] += v * row[c];
  }
  return z;
}

/** softmax(z / temperature), guarded against overflow and non-finite scores. Pure. */
export function softmax(z: ArrayLike<number>, temperature = 1): Float64Array {
  const t = temperature > 0 && Number.isFinite(temperature) ? temperature : 1;
  const out = new Float64Array(z.length);
  let max = -Infinity;
  for (let c = 0; c < z.length; c++) if (Number.isFinite(z[c]) && z[c] / t > max) max = z[c] / t;
  if (max === -Infinity) return out.fill(1 / z.length);
  let sum = 0;
  for (let c = 0; c < z.length; c++) {
    out[c] = Number.isFinite(z[c]) ? Math.exp(z[c] / t - max) : 0;
    sum += out[c];
  }
  for (let c = 0; c < z.length; c++) out[c] /= sum;
  return out;
}

/** The calibrated class probabilities of an issue's features, in {@link ISSUE_TYPE_NAMES} order. Pure. */
export function predictProbabilities(model: IssueTypeModel, features: IssueFeatures): Float64Array {
  return softmax(scoreHashed(model, hashFeatures(features, model.bits)), model.temperature);
}

/** The most probable class and its probability. Ties go to the earlier class. Pure. */
export function topClass(p: ArrayLike<number>): { type: IssueTypeName; confidence: number } {
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c] > p[best]) best = c;
  return { type: ISSUE_TYPE_NAMES[best], confidence: p[best] };
}
