import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fuseRankings } from "../../src/rank/fuse.js";
import type { RankedFile } from "../../src/rank/types.js";

const file = (path: string, score: number, evidence: Partial<RankedFile["evidence"]> = {}): RankedFile => ({ path, score, evidence: { terms: [], ...evidence } });

describe("fuseRankings", () => {
  const lexical = [file("a.py", 12, { terms: ["save"] }), file("b.py", 8, { terms: ["load"] }), file("c.py", 1)];
  const dense = [file("b.py", 0.71, { similarity: 0.71, symbol: { name: "load", qualifiedName: "Store.load", kind: "method", startLine: 3, endLine: 9 } }), file("d.py", 0.6), file("a.py", 0.5)];

  test("reciprocal rank fusion rewards agreement and merges evidence", () => {
    const fused = fuseRankings([{ files: lexical }, { files: dense }]);
    assert.deepEqual(fused.map((f) => f.path), ["b.py", "a.py", "d.py", "c.py"]);
    assert.equal(fused[0].score, 1 / 62 + 1 / 61);
    assert.deepEqual(fused[0].evidence, { terms: ["load"], symbol: { name: "load", qualifiedName: "Store.load", kind: "method", startLine: 3, endLine: 9 }, similarity: 0.71 });
  });

  test("weights tilt the fusion; a zero or NaN weight drops a list", () => {
    assert.equal(fuseRankings([{ files: lexical, weight: 3 }, { files: dense }])[0].path, "a.py");
    assert.deepEqual(fuseRankings([{ files: lexical, weight: 0 }, { files: dense, weight: Number.NaN }]), []);
  });

  test("empty lists are ignored and score fusion guards zero and NaN maxima", () => {
    assert.deepEqual(fuseRankings([]), []);
    assert.deepEqual(fuseRankings([{ files: [] }, { files: dense }]).map((f) => f.path), ["b.py", "d.py", "a.py"]);
    const zeros = [file("x.py", 0), file("y.py", 0)];
    const nan = [file("z.py", Number.NaN)];
    const fused = fuseRankings([{ files: zeros }, { files: nan }, { files: lexical }], { method: "score" });
    assert.deepEqual(fused.map((f) => [f.path, f.score]), [["a.py", 1], ["b.py", 8 / 12], ["c.py", 1 / 12]]);
    assert.ok(fused.every((f) => Number.isFinite(f.score)));
  });

  test("a file named by a stack frame keeps the top even when one list missed it", () => {
    const withFrame = [file("z.py", 3, { mention: { kind: "frame", text: "z.py:12", line: 12 } }), ...lexical];
    const fused = fuseRankings([{ files: withFrame }, { files: dense }], { limit: 2 });
    assert.deepEqual(fused.map((f) => f.path), ["z.py", "b.py"]);
    assert.deepEqual(fused[0].evidence.mention, { kind: "frame", text: "z.py:12", line: 12 });
  });
});
