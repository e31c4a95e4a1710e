import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EXTRAS, pickExtras, pickRanked } from "../../src/mcp/pick-extras.js";
import type { ScoredSymbol } from "../../src/mcp/score-symbol-text.js";
import type { CatalogSymbol } from "../../src/mcp/symbol-catalog.js";

const sym = (path: string, name: string, startLine: number, endLine: number, kind: CatalogSymbol["kind"] = "method"): CatalogSymbol =>
  ({ id: `${path}::${name}#${kind}`, path, language: "java", role: "code", name, qualifiedName: name, kind, startLine, endLine });
const scored = (...symbols: CatalogSymbol[]): ScoredSymbol[] => symbols.map((symbol, i) => ({ symbol, score: 10 - i }));

describe("extra symbols after the pointers", () => {
  it("takes the first file's best symbols before the second file's, at most a few per file", () => {
    const a = scored(...Array.from({ length: 6 }, (_, i) => sym("A.java", `a${i}`, i * 10 + 1, i * 10 + 5)));
    const b = scored(sym("B.java", "b0", 1, 5));
    const ids = pickExtras([a, b], [], new Set()).map((s) => s.id);
    assert.deepEqual(ids, [...a.slice(0, EXTRAS.perFile).map((s) => s.symbol.id), "B.java::b0#method"]);
  });

  it("stops at the limits it is given: the one lead symbol locate takes before the next files' pointers", () => {
    const a = scored(sym("A.java", "a0", 1, 5), sym("A.java", "a1", 11, 15));
    const b = scored(sym("B.java", "b0", 1, 5));
    assert.deepEqual(pickExtras([a, b], [], new Set(), { perFile: 1, total: 1 }).map((s) => s.name), ["a0"]);
    assert.deepEqual(pickExtras([a, b], [], new Set(), { perFile: 1, total: 5 }).map((s) => s.name), ["a0", "b0"]);
  });

  it("skips pointers and anything overlapping a shown pointer, but not the methods of a pointer too large to show", () => {
    const shownPointer = sym("A.java", "small", 1, 10);
    const hiddenClass = sym("B.java", "Big", 1, 900, "class");
    const picked = pickExtras([
      scored(sym("A.java", "inside", 3, 6), shownPointer, sym("A.java", "after", 12, 20)),
      scored(sym("B.java", "Big.method", 100, 120)),
    ], [shownPointer], new Set([shownPointer.id, hiddenClass.id]));
    assert.deepEqual(picked.map((s) => s.name), ["after", "Big.method"]);
  });

  it("never takes two overlapping extras", () => {
    const picked = pickExtras([scored(sym("A.java", "outer", 1, 30), sym("A.java", "inner", 5, 9))], [], new Set());
    assert.deepEqual(picked.map((s) => s.name), ["outer"]);
  });

  it("fills the rest from the cross-file ranking in its order, without a per-file cap, skipping pointers and overlaps", () => {
    const taken = [sym("A.java", "pointer", 1, 10)];
    const ranked = [
      sym("A.java", "pointer", 1, 10), sym("A.java", "Outer", 1, 200, "class"), ...Array.from({ length: 6 }, (_, i) => sym("C.java", `c${i}`, i * 10 + 1, i * 10 + 5)),
      sym("A.java", "later", 20, 30), sym("C.java", "c0dup", 2, 3),
    ];
    const picked = pickRanked(ranked, taken, new Set(["A.java::pointer#method"]));
    assert.deepEqual(picked.map((s) => s.name), ["c0", "c1", "c2", "c3", "c4", "c5", "later"]);
  });
});
