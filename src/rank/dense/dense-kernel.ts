/**
 * The inner loop of dense scoring: integer dot products of one int16 query against every int8 row of a
 * contiguous matrix. A 200-byte WebAssembly SIMD module does it at about 20 GB/s of matrix (100,000 × 1024 in
 * ~5 ms on the project machine, see docs/dense.md); plain JavaScript is the fallback where SIMD is missing
 * (~80 ms). The module is assembled below from its opcodes, so there is no binary file or build step.
 */

/** A matrix of `rows` × `dims` int8 codes living where the kernel can read it, plus the kernel's scratch space. */
export interface DotKernel {
  readonly rows: number;
  readonly dims: number;
  /** Row-major codes; fill before calling `dots`. */
  readonly codes: Int8Array;
  /** True when the WebAssembly SIMD path runs; false for the JavaScript fallback. */
  readonly simd: boolean;
  /** Dot products of `query` (length `dims`) with every row. The returned array is reused by the next call. */
  dots(query: Int16Array): Int32Array;
}

const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
};
const section = (id: number, body: number[]): number[] => [id, ...leb(body.length), ...body];
const name = (s: string): number[] => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
const get = (i: number): number[] => [0x20, i];
const set = (i: number): number[] => [0x21, i];
const i32 = (v: number): number[] => [0x41, v]; // small non-negative constants only (< 64)
const simd = (op: number): number[] => [0xfd, ...leb(op)];
const load = (offset: number): number[] => [...simd(0x00), 0, ...leb(offset)]; // v128.load align=1
const ZERO = [...simd(0x0c), ...new Array<number>(16).fill(0)]; // v128.const 0

// dots(matrix, rows, dims, query, out): out[r] = Σ_j matrix[r*dims + j] * query[j], dims a multiple of 16.
// Params 0..4; locals 5 r, 6 row pointer, 7 j (i32); 8 accLow, 9 x, 10 accHigh (v128).
const [M, ROWS, DIMS, Q, OUT, R, P, J, ACC_LO, X, ACC_HI] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const queryAt = (offset: number): number[] => [...get(Q), ...get(J), ...i32(1), 0x74, 0x6a, ...load(offset)]; // q + 2j
const BODY = [
  ...get(M), ...set(P),
  0x02, 0x40, 0x03, 0x40, // block, loop over rows
  ...get(R), ...get(ROWS), 0x4f, 0x0d, 1, // r >= rows → exit
  ...ZERO, ...set(ACC_LO), ...ZERO, ...set(ACC_HI), ...i32(0), ...set(J),
  0x02, 0x40, 0x03, 0x40, // block, loop over 16-byte lanes
  ...get(J), ...get(DIMS), 0x4f, 0x0d, 1,
  ...get(P), ...get(J), 0x6a, ...load(0), ...set(X),
  ...get(ACC_LO), ...get(X), ...simd(0x87), ...queryAt(0), ...simd(0xba), ...simd(0xae), ...set(ACC_LO), // += dot(extend_low(x), q)
  ...get(ACC_HI), ...get(X), ...simd(0x88), ...queryAt(16), ...simd(0xba), ...simd(0xae), ...set(ACC_HI), // += dot(extend_high(x), q+8)
  ...get(J), ...i32(16), 0x6a, ...set(J),
  0x0c, 0, 0x0b, 0x0b, // br loop; end loop; end block
  ...get(ACC_LO), ...get(ACC_HI), ...simd(0xae), ...set(ACC_LO),
  ...get(OUT), ...get(R), ...i32(2), 0x74, 0x6a, // &out[r]
  ...get(ACC_LO), ...simd(0x1b), 0, ...get(ACC_LO), ...simd(0x1b), 1, 0x6a,
  ...get(ACC_LO), ...simd(0x1b), 2, 0x6a, ...get(ACC_LO), ...simd(0x1b), 3, 0x6a,
  0x36, 2, 0, // i32.store
  ...get(P), ...get(DIMS), 0x6a, ...set(P), ...get(R), ...i32(1), 0x6a, ...set(R),
  0x0c, 0, 0x0b, 0x0b, // br loop; end loop; end block
  0x0b, // end function
];
const LOCALS = [2, 3, 0x7f, 3, 0x7b]; // 3 × i32, 3 × v128
const FUNCTION = [...LOCALS, ...BODY];
const MODULE_BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [1, 0x60, 5, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0]), // type (i32 ×5) → ()
  ...section(2, [1, ...name("env"), ...name("mem"), 0x02, 0x00, 0x01]), // import memory env.mem, min 1 page
  ...section(3, [1, 0]),
  ...section(7, [1, ...name("dots"), 0x00, 0]),
  ...section(10, [1, ...leb(FUNCTION.length), ...FUNCTION]),
]);

/** The part of the WebAssembly global used here (the project's `lib` has no DOM types, where it is declared). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number }) => { readonly buffer: ArrayBuffer };
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
}

const WASM = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/** The compiled module, or `undefined` where WebAssembly SIMD is not available. Compiling takes well under 1 ms. */
const SIMD_MODULE: object | undefined = WASM?.validate(MODULE_BYTES) ? new WASM.Module(MODULE_BYTES) : undefined;

const PAGE = 65_536;

/**
 * Allocates a kernel for a `rows` × `dims` matrix. With SIMD available and `dims` a multiple of 16 (every
 * Voyage output size is), the codes live in WebAssembly memory; otherwise in a plain array scanned by JavaScript.
 * `forceJavaScript` exists for the benchmark and tests that compare the two paths.
 */
export function createDotKernel(rows: number, dims: number, options: { readonly forceJavaScript?: boolean } = {}): DotKernel {
  if (WASM && SIMD_MODULE && dims % 16 === 0 && !options.forceJavaScript) return createSimdKernel(WASM, SIMD_MODULE, rows, dims);
  return createJsKernel(rows, dims);
}

function createSimdKernel(wasm: WasmApi, module: object, rows: number, dims: number): DotKernel {
  const codesBytes = align16(rows * dims);
  const queryOffset = codesBytes;
  const outOffset = queryOffset + align16(dims * 2);
  const memory = new wasm.Memory({ initial: Math.max(1, Math.ceil((outOffset + rows * 4) / PAGE)) });
  const instance = new wasm.Instance(module, { env: { mem: memory } });
  const run = instance.exports.dots as (m: number, rows: number, dims: number, q: number, out: number) => void;
  const codes = new Int8Array(memory.buffer, 0, rows * dims);
  const query = new Int16Array(memory.buffer, queryOffset, dims);
  const out = new Int32Array(memory.buffer, outOffset, rows);
  return {
    rows,
    dims,
    codes,
    simd: true,
    dots(q) {
      query.set(q);
      run(0, rows, dims, queryOffset, outOffset);
      return out;
    },
  };
}

function createJsKernel(rows: number, dims: number): DotKernel {
  const codes = new Int8Array(rows * dims);
  const out = new Int32Array(rows);
  const query = new Int32Array(dims);
  return {
    rows,
    dims,
    codes,
    simd: false,
    dots(q) {
      query.set(q);
      const tail = dims - (dims % 4);
      for (let r = 0, o = 0; r < rows; r++, o += dims) {
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        for (let j = 0; j < tail; j += 4) {
          s0 += codes[o + j] * query[j];
          s1 += codes[o + j + 1] * query[j + 1];
          s2 += codes[o + j + 2] * query[j + 2];
          s3 += codes[o + j + 3] * query[j + 3];
        }
        for (let j = tail; j < dims; j++) s0 += codes[o + j] * query[j];
        out[r] = s0 + s1 + s2 + s3;
      }
      return out;
    },
  };
}

function align16(n: number): number {
  return Math.ceil(n / 16) * 16;
}
