import { CLASS_COUNT, type IssueTypeModel } from "./issue-type-model.js";

/**
 * An adapted model as kept on disk: only what adaptation changed from the model it started from (the bias and the
 * buckets the repository's issues touched), as exact float32, so decoding over the same base model gives back the
 * very weights the fit produced.
 */
export interface EncodedAdaptedModel {
  readonly bias: readonly number[];
  /** The changed buckets, as a Uint32Array in base64 (the machine's byte order: the file never leaves the machine that wrote it but through the Action's cache, whose runners are all little-endian). */
  readonly buckets: string;
  /** CLASS_COUNT float32 weights per changed bucket, in `buckets` order, in base64 (the same byte order). */
  readonly weights: string;
}

/** What `adapted` changed from `base` (the model {@link adaptModel} started from). Pure. */
export function encodeAdaptedModel(base: IssueTypeModel, adapted: IssueTypeModel): EncodedAdaptedModel {
  const buckets: number[] = [];
  const rows: number[] = [];
  for (const [b, row] of adapted.weights) {
    const before = base.weights.get(b);
    if (before && row.every((w, c) => w === before[c])) continue;
    buckets.push(b);
    rows.push(...row);
  }
  return {
    bias: [...adapted.bias],
    buckets: Buffer.from(Uint32Array.from(buckets).buffer).toString("base64"),
    weights: Buffer.from(Float32Array.from(rows).buffer).toString("base64"),
  };
}

/**
 * `base` with an {@link encodeAdaptedModel} output applied, or undefined when the value is not one (wrong shapes,
 * lengths that do not match, non-finite numbers): the caller then adapts again. Pure.
 */
export function decodeAdaptedModel(base: IssueTypeModel, encoded: unknown): IssueTypeModel | undefined {
  if (typeof encoded !== "object" || encoded === null) return undefined;
  const { bias, buckets, weights } = encoded as Record<string, unknown>;
  if (!Array.isArray(bias) || bias.length !== CLASS_COUNT || !bias.every((b) => typeof b === "number" && Number.isFinite(b))) return undefined;
  if (typeof buckets !== "string" || typeof weights !== "string") return undefined;
  const bucketBytes = Buffer.from(buckets, "base64");
  const weightBytes = Buffer.from(weights, "base64");
  if (bucketBytes.length % 4 !== 0 || weightBytes.length !== bucketBytes.length * CLASS_COUNT) return undefined;
  // Copied into fresh buffers: a Buffer's bytes may not be aligned for a typed-array view.
  const index = new Uint32Array(Uint8Array.from(bucketBytes).buffer);
  const values = new Float32Array(Uint8Array.from(weightBytes).buffer);
  if (!values.every(Number.isFinite)) return undefined;
  const out = new Map(base.weights);
  index.forEach((b, i) => out.set(b, values.slice(i * CLASS_COUNT, (i + 1) * CLASS_COUNT)));
  return { bits: base.bits, bias: bias as number[], weights: out, temperature: base.temperature };
}
