import { CLASS_COUNT, type IssueTypeModel } from "./issue-type-model.js";

/** A model as shipped in a source file: buckets as base64 delta varints, weights as base64 int8 times `scale`. */
export interface EncodedIssueTypeModel {
  readonly bits: number;
  readonly bias: readonly number[];
  readonly temperature: number;
  /** A weight is its int8 value times this. */
  readonly scale: number;
  /** Sorted bucket numbers, each as the LEB128 varint of its difference from the previous one, in base64. */
  readonly buckets: string;
  /** CLASS_COUNT int8 weights per bucket, in bucket order, in base64. */
  readonly weights: string;
}

/**
 * Encodes a model for shipping: weights quantised to int8 (a step of max |w| / 127) and buckets whose weights all
 * quantise to 0 left out. Pure.
 */
export function encodeIssueTypeModel(model: IssueTypeModel): EncodedIssueTypeModel {
  let max = 0;
  for (const row of model.weights.values()) for (const w of row) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 127 : 1;
  const buckets: number[] = [];
  const bytes: number[] = [];
  for (const b of [...model.weights.keys()].sort((x, y) => x - y)) {
    const q = Array.from(model.weights.get(b)!, (w) => Math.round(w / scale));
    if (q.every((v) => v === 0)) continue;
    buckets.push(b);
    bytes.push(...q.map((v) => v & 0xff));
  }
  const varints: number[] = [];
  let prev = 0;
  for (const b of buckets) {
    let d = b - prev;
    prev = b;
    while (d >= 0x80) {
      varints.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    varints.push(d);
  }
  return {
    bits: model.bits,
    bias: model.bias.map((v) => Number(v.toFixed(5))),
    temperature: Number(model.temperature.toFixed(4)),
    scale: Number(scale.toPrecision(8)),
    buckets: Buffer.from(varints).toString("base64"),
    weights: Buffer.from(Int8Array.from(bytes.map((v) => (v > 127 ? v - 256 : v))).buffer).toString("base64"),
  };
}

/** Decodes {@link encodeIssueTypeModel}'s output. Pure. */
export function decodeIssueTypeModel(encoded: EncodedIssueTypeModel): IssueTypeModel {
  const varints = Buffer.from(encoded.buckets, "base64");
  const raw = Buffer.from(encoded.weights, "base64");
  const q = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const weights = new Map<number, Float32Array>();
  let prev = 0;
  let k = 0;
  for (let i = 0; i < varints.length; ) {
    let d = 0;
    let shift = 0;
    for (;;) {
      const byte = varints[i++];
      d += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80 || i >= varints.length) break;
    }
    prev += d;
    const row = new Float32Array(CLASS_COUNT);
    for (let c = 0; c < CLASS_COUNT; c++) row[c] = (q[k * CLASS_COUNT + c] ?? 0) * encoded.scale;
    weights.set(prev, row);
    k++;
  }
  return { bits: encoded.bits, bias: [...encoded.bias], weights, temperature: encoded.temperature };
}
