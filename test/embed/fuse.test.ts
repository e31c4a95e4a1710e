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

  test("empty lists are ignored, and NaN or zero scores do not matter: only ranks count", () => {
    assert.deepEqual(fuseRankings([]), []);
    assert.deepEqual(fuseRankings([{ files: [] }, { files: dense }]).map((f) => f.path), ["b.py", "d.py", "a.py"]);
    const odd = [file("x.py", 0), file("z.py", Number.NaN)];
    const fused = fuseRankings([{ files: odd }]);
    assert.deepEqual(fused.map((f) => [f.path, f.score]), [["x.py", 1 / 61], ["z.py", 1 / 62]]);
  });

  test("a file named by a stack frame keeps the top even when one list missed it", () => {
    const withFrame = [file("z.py", 3, { mention: { kind: "frame", text: "z.py:12", line: 12 } }), ...lexical];
    const fused = fuseRankings([{ files: withFrame }, { files: dense }], { limit: 2 });
    assert.deepEqual(fused.map((f) => f.path), ["z.py", "b.py"]);
    assert.deepEqual(fused[0].evidence.mention, { kind: "frame", text: "z.py:12", line: 12 });
  });

  describe("one file's evidence from both lists", () => {
    const place = (qualifiedName: string, startLine: number, endLine: number) => ({ name: qualifiedName.split(".").pop()!, qualifiedName, kind: "method" as const, startLine, endLine });
    const lexicalFirst = [
      file("m.py", 9, {
        terms: ["merge"], symbol: place("Media.merge", 40, 60), alsoSymbol: place("Media.__add__", 70, 75),
        tests: { path: "tests/test_media.py" }, package: "media-kit", titleWords: ["media"],
      }),
    ];

    test("keeps every reason the lexical list gave, and its two places when it contributed more", () => {
      const dense = [file("x.py", 0.9), file("m.py", 0.8, { similarity: 0.8, symbol: place("Media.render", 10, 20) })];
      const [m] = fuseRankings([{ files: lexicalFirst }, { files: dense }]).filter((f) => f.path === "m.py");
      assert.deepEqual(m.evidence, {
        terms: ["merge"], symbol: place("Media.merge", 40, 60), alsoSymbol: place("Media.__add__", 70, 75),
        tests: { path: "tests/test_media.py" }, package: "media-kit", titleWords: ["media"], similarity: 0.8,
      });
    });

    test("where the dense list contributed more, its unit leads and the lexical place comes second", () => {
      const lexical = [file("y.py", 20), ...lexicalFirst];
      const dense = [file("m.py", 0.8, { similarity: 0.8, symbol: place("Media.render", 10, 20) })];
      const [m] = fuseRankings([{ files: lexical }, { files: dense }]).filter((f) => f.path === "m.py");
      assert.deepEqual(m.evidence.symbol, place("Media.render", 10, 20));
      assert.deepEqual(m.evidence.alsoSymbol, place("Media.merge", 40, 60));
      assert.deepEqual(m.evidence.tests, { path: "tests/test_media.py" });
      // A dense unit holding the lexical place leaves no second place: one region, linked once.
      const holding = [file("m.py", 0.8, { similarity: 0.8, symbol: place("Media", 1, 100) })];
      const [h] = fuseRankings([{ files: lexical }, { files: holding }]).filter((f) => f.path === "m.py");
      assert.deepEqual(h.evidence.symbol, place("Media", 1, 100));
      assert.equal(h.evidence.alsoSymbol, undefined);
    });

    test("a file a stack frame names keeps the place the frame pins, whichever list contributed more", () => {
      const framed = [file("y.py", 20), file("m.py", 9, { terms: ["merge"], symbol: place("Media.merge", 40, 60), mention: { kind: "frame", text: "m.py:52", line: 52 } })];
      const dense = [file("m.py", 0.8, { similarity: 0.8, symbol: place("Media.render", 10, 20) })];
      const [m] = fuseRankings([{ files: framed }, { files: dense }]).filter((f) => f.path === "m.py");
      assert.deepEqual(m.evidence.symbol, place("Media.merge", 40, 60));
      assert.deepEqual(m.evidence.alsoSymbol, place("Media.render", 10, 20));
      assert.deepEqual(m.evidence.mention, { kind: "frame", text: "m.py:52", line: 52 });
    });
  });
});
