import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildOutline, type OutlineNode } from "../../src/mcp/build-outline.js";
import type { CatalogSymbol } from "../../src/mcp/symbol-catalog.js";

const sym = (name: string, kind: CatalogSymbol["kind"], startLine: number, endLine: number): CatalogSymbol =>
  ({ id: `a.py::${name}#${kind}`, path: "a.py", language: "python", role: "code", name, qualifiedName: name, kind, startLine, endLine });

/** The tree as nested names, for comparing shapes. */
const shape = (nodes: readonly OutlineNode[]): unknown[] =>
  nodes.map((n) => (n.children ? { [n.name]: shape(n.children) } : n.name));

describe("file outline", () => {
  it("nests symbols by line containment, siblings in line order", () => {
    const outline = buildOutline([
      sym("helper", "function", 30, 35), sym("Cart", "class", 1, 25), sym("add", "method", 3, 8),
      sym("inner", "function", 5, 7), sym("total", "method", 10, 25),
    ]);
    assert.deepEqual(shape(outline), [{ Cart: [{ add: ["inner"] }, "total"] }, "helper"]);
    assert.deepEqual(outline[0].children![1], { id: "a.py::total#method", kind: "method", name: "total", start_line: 10, end_line: 25 });
  });

  it("keeps overlapping line windows side by side rather than nested", () => {
    const outline = buildOutline([sym("lines 1-60", "window", 1, 60), sym("lines 51-110", "window", 51, 110)]);
    assert.deepEqual(shape(outline), ["lines 1-60", "lines 51-110"]);
  });

  it("outlines a file without symbols as an empty list", () => {
    assert.deepEqual(buildOutline([]), []);
  });
});
