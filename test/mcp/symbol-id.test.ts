import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { analyzeContent } from "../../src/rank/lexical/analyze-content.js";
import { findClosestIds } from "../../src/mcp/closest-ids.js";
import { buildSymbolCatalog } from "../../src/mcp/symbol-catalog.js";
import { assignSymbolIds, formatSymbolId, parseSymbolId } from "../../src/mcp/symbol-id.js";

const sym = (qualifiedName: string, kind: SymbolInfo["kind"], startLine: number, endLine: number): SymbolInfo =>
  ({ name: qualifiedName.split(/\.|::/).pop()!, qualifiedName, kind, startLine, endLine });

/** A catalog over files given as symbol lists (the analysis is built from an empty text: ids need only symbols). */
function catalogOf(files: Record<string, SymbolInfo[]>) {
  return buildSymbolCatalog(buildLexicalIndex(Object.entries(files).map(([path, symbols]) => ({
    path, hash: path, language: "python" as const, lineCount: 100, symbols,
    analysis: analyzeContent({ text: "", language: "python", symbols }),
  }))));
}

describe("symbol ids", () => {
  it("read as path::Qualified.name#kind, with an ordinal only from the second repeat of a name and kind", () => {
    const ids = assignSymbolIds("src/a.py", [
      sym("Foo", "class", 1, 9), sym("Foo.bar", "method", 2, 4), sym("f", "function", 11, 12),
      sym("f", "function", 14, 15), sym("f", "class", 17, 18), sym("f", "function", 20, 21),
    ]);
    assert.deepEqual(ids, [
      "src/a.py::Foo#class", "src/a.py::Foo.bar#method", "src/a.py::f#function",
      "src/a.py::f#function@2", "src/a.py::f#class", "src/a.py::f#function@3",
    ]);
  });

  it("stay the same when lines are inserted above a symbol", () => {
    const before = assignSymbolIds("a.py", [sym("f", "function", 1, 2), sym("g", "function", 4, 5)]);
    const after = assignSymbolIds("a.py", [sym("f", "function", 11, 12), sym("g", "function", 14, 15)]);
    assert.deepEqual(after, before);
  });

  it("parse back into their parts, C++ and Rust names with :: included", () => {
    assert.deepEqual(parseSymbolId("src/a.py::Foo.bar#method"), { path: "src/a.py", qualifiedName: "Foo.bar", kind: "method", ordinal: 1 });
    assert.deepEqual(parseSymbolId("include/fmt/core.h::detail::buffer::push_back#method@2"),
      { path: "include/fmt/core.h", qualifiedName: "detail::buffer::push_back", kind: "method", ordinal: 2 });
    const parts = { path: "x.rs", qualifiedName: "Parser::parse", kind: "function", ordinal: 3 };
    assert.deepEqual(parseSymbolId(formatSymbolId(parts)), parts);
  });

  it("reject strings that are not ids", () => {
    for (const bad of ["", "src/a.py", "src/a.py::Foo", "::Foo#class", "a.py::Foo#class@0", "a.py::Foo#Class"]) {
      assert.equal(parseSymbolId(bad), undefined, bad);
    }
  });
});

describe("closest ids", () => {
  const catalog = catalogOf({
    "src/a.py": [sym("Foo", "class", 1, 20), sym("Foo.bar", "method", 2, 5), sym("Foo.baz", "method", 7, 9),
      sym("Foo.qux", "method", 11, 13), sym("helper", "function", 22, 30)],
    "src/b.py": [sym("bar", "function", 1, 5)],
    "lib/c.py": [sym("Other.bar", "method", 3, 8), sym("unrelated", "function", 10, 12)],
  });

  it("name the same file's nearest symbols first, then the same name in other files", () => {
    const closest = findClosestIds("src/a.py::Foo.barr#method", catalog);
    assert.deepEqual(closest.slice(0, 3), ["src/a.py::Foo.bar#method", "src/a.py::Foo.baz#method", "src/a.py::Foo.qux#method"]);
    assert.equal(closest.length, 5);
  });

  it("find a symbol moved to another file by its bare name, nearest path first", () => {
    const closest = findClosestIds("src/gone.py::bar#function", catalog);
    // src/a.py and src/b.py are equally near src/gone.py: catalog (path) order decides.
    assert.deepEqual(closest, ["src/a.py::Foo.bar#method", "src/b.py::bar#function", "lib/c.py::Other.bar#method"]);
  });

  it("never name the asked id itself and suggest nothing for a string that is not an id", () => {
    assert.ok(!findClosestIds("src/a.py::Foo.bar#method", catalog).includes("src/a.py::Foo.bar#method"));
    assert.deepEqual(findClosestIds("not an id", catalog), []);
  });
});
