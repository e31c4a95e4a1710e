/**
 * Dense scoring latency over a large cached matrix, and what int8 storage costs in ranking agreement.
 * Usage: node --import tsx bench/dense-score.ts [rows=100000] [files=5000] [queries=30]
 * Synthetic vectors: file centroids in 1024-d with units scattered around them (clustered like real code
 * embeddings), so that int8-vs-float32 agreement is measured where neighbours are close, not on random noise.
 */
import { createDenseIndexBuilder } from "../src/rank/dense/dense-index.js";
import { scoreDense } from "../src/rank/dense/dense-score.js";
import { encodeVector } from "../src/rank/dense/dense-vector-codec.js";

const rows = Number(process.argv[2] ?? 100_000);
const fileCount = Number(process.argv[3] ?? 5_000);
const queryCount = Number(process.argv[4] ?? 30);

let seed = 42;
const random = (): number => ((seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
const gaussian = (): number => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const normalize = (v: Float32Array): Float32Array => {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return v.map((x) => x / n);
};

function clustered(dims: number) {
  const centroids = Array.from({ length: fileCount }, () => normalize(Float32Array.from({ length: dims }, gaussian)));
  const units = Array.from({ length: rows }, (_, r) => {
    const c = centroids[r % fileCount];
    return { file: r % fileCount, v: normalize(c.map((x) => x + 0.9 * gaussian() / Math.sqrt(dims) * 1.5)) };
  });
  const queries = Array.from({ length: queryCount }, () => {
    const u = units[Math.floor(random() * rows)].v;
    return normalize(u.map((x) => x + 1.2 * gaussian() / Math.sqrt(dims)));
  });
  return { units, queries };
}

function build(dims: number, units: { file: number; v: Float32Array }[], forceJavaScript = false) {
  const builder = createDenseIndexBuilder(units.length, dims, { forceJavaScript });
  for (const [r, u] of units.entries()) builder.add(`src/file${u.file}.py`, { kind: "function", name: `f${r}`, startLine: 1, endLine: 9 }, encodeVector(u.v));
  return builder.finish();
}

function time(fn: () => void, repeat: number): { median: number; p95: number } {
  fn();
  const xs: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  const at = (p: number) => Math.round(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 10) / 10;
  return { median: at(0.5), p95: at(0.95) };
}

/** Exact float32 file ranking (best unit per file), the reference the int8 path is compared with. */
function exactTop(units: { file: number; v: Float32Array }[], q: Float32Array, k: number): { files: number[]; best: Float64Array } {
  const best = new Float64Array(fileCount).fill(-Infinity);
  for (const u of units) {
    let s = 0;
    for (let i = 0; i < q.length; i++) s += u.v[i] * q[i];
    if (s > best[u.file]) best[u.file] = s;
  }
  const files = [...best.keys()].sort((a, b) => best[b] - best[a]).slice(0, k);
  return { files, best };
}

const results: Record<string, unknown>[] = [];
for (const dims of [256, 512, 1024]) {
  const { units, queries } = clustered(dims);
  const simd = build(dims, units);
  const js = build(dims, units, true);
  let qi = 0;
  const next = () => queries[qi++ % queries.length];
  const scoreSimd = time(() => scoreDense(simd, next(), { limit: 200 }), queryCount);
  const scoreJs = time(() => scoreDense(js, next(), { limit: 200 }), Math.min(queryCount, 10));
  const codes = Int16Array.from({ length: dims }, () => Math.round(gaussian() * 1000));
  const kernelSimd = time(() => simd.kernel.dots(codes), queryCount);
  let overlap = 0;
  let maxError = 0;
  for (const q of queries) {
    const exact = exactTop(units, q, 10);
    const approx = scoreDense(simd, q, { limit: 10 });
    const approxFiles = new Set(approx.map((f) => Number(f.path.slice(8, -3))));
    overlap += exact.files.filter((f) => approxFiles.has(f)).length / 10;
    for (const f of approx) maxError = Math.max(maxError, Math.abs(f.score - exact.best[Number(f.path.slice(8, -3))]));
  }
  results.push({
    dims, rows, files: fileCount, kernelSimdMs: kernelSimd, simdMs: scoreSimd, jsMs: scoreJs,
    int8Top10Agreement: Math.round((overlap / queries.length) * 1000) / 1000,
    int8MaxSimilarityError: Number(maxError.toFixed(4)),
    matrixMiB: Math.round((rows * dims) / 2 ** 20),
  });
  process.stderr.write(`${JSON.stringify(results.at(-1))}\n`);
}
process.stdout.write(`${JSON.stringify({ node: process.version, results }, null, 1)}\n`);
