/**
 * The embedding cache on disk: store size per 10,000 chunks (int8 as stored, float32 for comparison), and the
 * time to load 100,000 cached vectors into the scoring matrix and to compute coverage.
 * Usage: node --import tsx bench/dense-store.ts [dims=1024] [chunks=100000]
 * Writes a throw-away store in a temp directory; synthetic files (no text needed: units are written directly).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DenseChunk } from "../src/embed/dense-chunk.js";
import { encodeVector } from "../src/rank/dense/dense-vector-codec.js";
import { createEmbeddingRepo, type ContentUnits, type EncodedVector } from "../src/store/embedding-repo.js";
import { openIndexStore } from "../src/store/open-index-store.js";

const dims = Number(process.argv[2] ?? 1024);
const total = Number(process.argv[3] ?? 100_000);
const perFile = 20;
const modelKey = `voyage-code-3/${dims}/float`;
const dir = mkdtempSync(join(tmpdir(), "bugscout-dense-store-"));
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
let seed = 7;
const random = (): number => ((seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32) * 2 - 1;

/** A store with `chunks` units in files of 20, all embedded with `encode`. Returns its size once checkpointed. */
function fill(name: string, chunks: number, encode: (v: Float32Array) => Uint8Array) {
  const store = openIndexStore(join(dir, `${name}.sqlite`));
  const files = Array.from({ length: Math.ceil(chunks / perFile) }, (_, i) => ({ path: `pkg/mod${i}.py`, hash: sha(`file ${i}`) }));
  store.applyTree({ files, blobs: files.map((f) => ({ hash: f.hash, language: "python", size: 12_000, lineCount: 300, analysis: new Uint8Array(0), symbols: [] })) });
  const bytesBefore = sizeOf(store.path);
  const repo = createEmbeddingRepo(store.db);
  let t = performance.now();
  let unitsMs = 0;
  let batch: ContentUnits[] = [];
  let vectors: EncodedVector[] = [];
  for (const [i, f] of files.entries()) {
    const units: DenseChunk[] = Array.from({ length: perFile }, (_, k) => {
      const text = `${f.path}\nfunction f${k}\n def f${k}(): return ${i * perFile + k}`;
      return { ord: k, kind: k === 0 ? "header" : "function", name: k === 0 ? f.path : `f${k}`, startLine: k * 15 + 1, endLine: k * 15 + 15, text, hash: sha(text) };
    });
    batch.push({ fileHash: f.hash, chunks: units });
    vectors.push(...units.map((u) => ({ hash: u.hash, vector: encode(Float32Array.from({ length: dims }, random)) })));
    if (vectors.length >= 2_000 || i === files.length - 1) {
      const u0 = performance.now();
      repo.writeUnits(batch, modelKey, vectors); // as the fill writes: one transaction per group of 2,000 vectors
      unitsMs += performance.now() - u0;
      batch = [];
      vectors = [];
    }
  }
  const writeMs = performance.now() - t;
  store.db.pragma("wal_checkpoint(TRUNCATE)");
  const bytes = sizeOf(store.path) - bytesBefore;
  return { store, repo, bytes, writeMs, sqliteWriteMs: unitsMs };
}

function sizeOf(path: string): number {
  let n = statSync(path).size;
  try {
    n += statSync(`${path}-wal`).size;
  } catch {
    /* no WAL file */
  }
  return n;
}

const float32 = (v: Float32Array) => new Uint8Array(v.buffer.slice(0));
const MiB = (n: number) => Math.round((n / 2 ** 20) * 100) / 100;
try {
  const small = fill("int8-10k", 10_000, encodeVector);
  const chunkRowsBytes = (() => {
    const s = openIndexStore(join(dir, "chunks-only.sqlite"));
    const files = Array.from({ length: 500 }, (_, i) => ({ path: `pkg/mod${i}.py`, hash: sha(`file ${i}`) }));
    s.applyTree({ files, blobs: files.map((f) => ({ hash: f.hash, language: "python", size: 1, lineCount: 1, analysis: new Uint8Array(0), symbols: [] })) });
    const before = sizeOf(s.path);
    const repo = createEmbeddingRepo(s.db);
    repo.replaceChunks(files.map((f) => ({ fileHash: f.hash, chunks: Array.from({ length: perFile }, (_, k) => ({ ord: k, kind: "function" as const, name: `Module.f${k}`, startLine: k * 15 + 1, endLine: k * 15 + 15, text: "", hash: sha(`${f.path} ${k}`) })) })));
    s.db.pragma("wal_checkpoint(TRUNCATE)");
    const n = sizeOf(s.path) - before;
    s.close();
    return n;
  })();
  small.store.close();
  const f32 = fill("float32-10k", 10_000, float32);
  f32.store.close();

  const big = fill("int8-big", total, encodeVector);
  const timings: Record<string, number> = {};
  const measure = (label: string, fn: () => unknown) => {
    const t = performance.now();
    fn();
    timings[label] = Math.round(performance.now() - t);
  };
  measure("coverageMs", () => big.repo.coverage(modelKey));
  measure("findFilesNeedingEmbeddingsMs", () => big.repo.findFilesNeedingEmbeddings(modelKey));
  measure("denseStateKeyMs", () => big.repo.denseStateKey());
  measure("loadDenseIndexMs", () => big.repo.loadDenseIndex(modelKey, dims));
  measure("loadDenseIndexAgainMs", () => big.repo.loadDenseIndex(modelKey, dims));
  const result = {
    dims,
    per10kChunks: {
      int8EmbeddingsMiB: MiB(small.bytes - chunkRowsBytes),
      chunkRowsMiB: MiB(chunkRowsBytes),
      float32EmbeddingsMiB: MiB(f32.bytes - chunkRowsBytes),
      bytesPerInt8Vector: 4 + dims,
    },
    big: { chunks: total, fileMiB: MiB(big.bytes), sqliteWriteMs: Math.round(big.sqliteWriteMs), ...timings },
  };
  big.store.close();
  process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
