import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createDotKernel } from "../../src/rank/dense/dense-kernel.js";
import { createDenseIndexBuilder } from "../../src/rank/dense/dense-index.js";
import { scoreDense } from "../../src/rank/dense/dense-score.js";
import { encodeVector } from "../../src/rank/dense/dense-vector-codec.js";
import { fakeEmbedding } from "../fakes/fake-voyage-vectors.js";

const DIMS = 256;
const UNITS = [
  { path: "pantry/store.py", kind: "method", name: "Store.save", text: "def save(self, items): self.root.write_text(json.dumps(items))" },
  { path: "pantry/store.py", kind: "method", name: "Store.load", text: "def load(self): return json.loads(self.root.read_text())" },
  { path: "pantry/cli.py", kind: "function", name: "main", text: "def main(argv): parse arguments and print the pantry list" },
  { path: "pantry/recipes.py", kind: "function", name: "suggest_recipe", text: "def suggest_recipe(items): match ingredients to recipes" },
  { path: "pantry/recipes.py", kind: "header", name: "pantry/recipes.py", text: "pantry/recipes.py file header import json recipes" },
] as const;

function buildIndex(options: { forceJavaScript?: boolean } = {}) {
  const builder = createDenseIndexBuilder(UNITS.length, DIMS, options);
  for (const [i, u] of UNITS.entries()) builder.add(u.path, { kind: u.kind, name: u.name, startLine: i * 10 + 1, endLine: i * 10 + 5 }, encodeVector(fakeEmbedding(u.text, DIMS)));
  return builder.finish();
}

describe("dense scoring", () => {
  test("ranks files by their best unit, with the unit as evidence", () => {
    const ranked = scoreDense(buildIndex(), fakeEmbedding("saving items crashes in Store.save write_text", DIMS));
    assert.deepEqual(ranked.map((r) => r.path), ["pantry/store.py", "pantry/recipes.py", "pantry/cli.py"]);
    assert.deepEqual(ranked[0].evidence.symbol, { name: "save", qualifiedName: "Store.save", kind: "method", startLine: 1, endLine: 5 });
    const exact = cosine(fakeEmbedding("saving items crashes in Store.save write_text", DIMS), fakeEmbedding(UNITS[0].text, DIMS));
    assert.ok(Math.abs(ranked[0].score - exact) < 0.01, `int8 similarity ${ranked[0].score} vs float ${exact}`);
    assert.equal(ranked[0].evidence.similarity, Math.round(ranked[0].score * 10_000) / 10_000);
  });

  test("the WebAssembly and JavaScript kernels give identical dot products", () => {
    const simd = createDotKernel(3, 32);
    const js = createDotKernel(3, 32, { forceJavaScript: true });
    assert.equal(simd.simd, true, "Node 20 has WebAssembly SIMD");
    for (let i = 0; i < 96; i++) simd.codes[i] = js.codes[i] = ((i * 37) % 255) - 127;
    const q = Int16Array.from({ length: 32 }, (_, i) => (i % 2 ? -1 : 1) * (4095 - i * 100));
    assert.deepEqual(Array.from(simd.dots(q)), Array.from(js.dots(q)));
    const expected = Array.from({ length: 3 }, (_, r) => Array.from(q).reduce((s, x, j) => s + x * js.codes[r * 32 + j], 0));
    assert.deepEqual(Array.from(js.dots(q)), expected);
    assert.deepEqual(
      scoreDense(buildIndex({ forceJavaScript: true }), fakeEmbedding("recipe ingredients", DIMS)),
      scoreDense(buildIndex(), fakeEmbedding("recipe ingredients", DIMS)),
    );
  });

  test("an empty index, a wrong-sized query or a null vector yield nothing or zero, never NaN", () => {
    assert.deepEqual(scoreDense(createDenseIndexBuilder(0, DIMS).finish(), fakeEmbedding("x", DIMS)), []);
    assert.deepEqual(scoreDense(buildIndex(), new Float32Array(DIMS / 2)), []);
    const zero = scoreDense(buildIndex(), new Float32Array(DIMS));
    assert.ok(zero.every((r) => r.score === 0));
    assert.equal(scoreDense(buildIndex(), fakeEmbedding("save", DIMS), { limit: 1 }).length, 1);
  });
});

function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
