/**
 * Storage format of one cached embedding: a little-endian float32 `scale` followed by `dims` int8 codes, where
 * `codes[i] * scale` approximates the L2-normalised vector. 1,028 bytes for 1,024 dims instead of 4,096 as
 * float32; docs/dense.md has the measured ranking agreement with float32 (int8 keeps the top-10 intact).
 */

/** Quantises `vector` (any length, any norm) to symmetric int8 codes and the scale that restores unit length. */
export function encodeVector(vector: Float32Array): Uint8Array {
  const { maxAbs, norm } = magnitudes(vector);
  const out = new Uint8Array(4 + vector.length);
  const view = new DataView(out.buffer);
  if (maxAbs === 0 || !Number.isFinite(norm)) return out; // scale 0: a null vector, similar to nothing
  const step = maxAbs / 127;
  const codes = new Int8Array(out.buffer, 4);
  for (let i = 0; i < vector.length; i++) codes[i] = Math.round(vector[i] / step);
  view.setFloat32(0, step / norm, true);
  return out;
}

/** Number of dimensions held by an encoded vector. */
export function encodedDims(blob: Uint8Array): number {
  return blob.byteLength - 4;
}

/**
 * Copies an encoded vector's codes into `target` (the matrix's bytes) at byte `offset` and returns its scale.
 * Plain `Uint8Array` views on purpose: `Buffer#subarray` (SQLite hands out Buffers) is ten times slower per call.
 */
export function decodeVectorInto(blob: Uint8Array, target: Uint8Array, offset: number): number {
  target.set(new Uint8Array(blob.buffer, blob.byteOffset + 4, blob.byteLength - 4), offset);
  const b = new Uint8Array(blob.buffer, blob.byteOffset, 4);
  return readFloat32LE(b[0], b[1], b[2], b[3]);
}

const f32 = new Float32Array(1);
const f32Bytes = new Uint8Array(f32.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function readFloat32LE(b0: number, b1: number, b2: number, b3: number): number {
  if (littleEndian) {
    f32Bytes[0] = b0;
    f32Bytes[1] = b1;
    f32Bytes[2] = b2;
    f32Bytes[3] = b3;
  } else {
    f32Bytes[0] = b3;
    f32Bytes[1] = b2;
    f32Bytes[2] = b1;
    f32Bytes[3] = b0;
  }
  return f32[0];
}

/** The query side: int16 codes with 12 bits of precision (no int32 overflow at 2,048 dims) and their scale. */
export function quantizeQuery(query: Float32Array): { readonly codes: Int16Array; readonly scale: number } {
  const { maxAbs, norm } = magnitudes(query);
  const codes = new Int16Array(query.length);
  if (maxAbs === 0 || !Number.isFinite(norm)) return { codes, scale: 0 };
  const step = maxAbs / 4095;
  for (let i = 0; i < query.length; i++) codes[i] = Math.round(query[i] / step);
  return { codes, scale: step / norm };
}

/** The largest absolute component and the L2 norm of a vector, which both quantisers scale by. */
function magnitudes(vector: Float32Array): { readonly maxAbs: number; readonly norm: number } {
  let maxAbs = 0;
  let norm = 0;
  for (const x of vector) {
    maxAbs = Math.max(maxAbs, Math.abs(x));
    norm += x * x;
  }
  return { maxAbs, norm: Math.sqrt(norm) };
}
