import { test } from "node:test";
import assert from "node:assert/strict";
import {
  analyzeContent, analyzeToBytes, countLines, decodeAnalysis, decodeAnalysisTerms, encodeAnalysis,
} from "../../src/rank/lexical/analyze-content.js";
import type { SymbolInfo } from "../../src/index/types.js";

const text = [
  "class Cart:",                       // 1
  "    def add_item(self, item):",     // 2
  "        self.items.append(item)",   // 3
  "",                                  // 4
  "    def total(self):",              // 5
  "        return sum(self.items)",    // 6
  "",                                  // 7
  "TAX_RATE = 0.2",                    // 8
].join("\n");

const symbols: SymbolInfo[] = [
  { name: "Cart", qualifiedName: "Cart", kind: "class", startLine: 1, endLine: 6 },
  { name: "add_item", qualifiedName: "Cart.add_item", kind: "method", startLine: 2, endLine: 3 },
  { name: "total", qualifiedName: "Cart.total", kind: "method", startLine: 5, endLine: 6 },
];

function counts(a: ReturnType<typeof analyzeContent>, term: string): [number, number, number] {
  const i = a.terms.indexOf(term);
  assert.ok(i >= 0, `term ${term} missing`);
  return [a.wordTf[i], a.partTf[i], a.symbolTf[i]];
}

test("counts whole words, identifier parts and defined names separately", () => {
  const a = analyzeContent({ text, language: "python", symbols });
  assert.deepEqual(counts(a, "items"), [2, 0, 0]);
  assert.deepEqual(counts(a, "add_item"), [1, 0, 1]);
  // `item` occurs as a word twice (line 2 and 3) and as a part of add_item in the code and in the symbol name.
  assert.deepEqual(counts(a, "item"), [2, 1, 1]);
  assert.deepEqual(counts(a, "tax"), [0, 1, 0]);
  assert.deepEqual(counts(a, "cart"), [1, 0, 1]);
});

test("each symbol owns its own lines, not those of the symbols nested in it", () => {
  const a = analyzeContent({ text, language: "python", symbols });
  const termsOf = (i: number): string[] => [...a.symbolTerms[i]].map((t) => a.terms[t]).sort();
  assert.deepEqual(termsOf(0), ["cart", "class"]);
  assert.deepEqual(termsOf(1), ["add", "add_item", "append", "def", "item", "items", "self"]);
  assert.deepEqual(termsOf(2), ["def", "items", "return", "self", "sum", "total"]);
  assert.ok(!termsOf(0).includes("tax_rate"), "module-level lines belong to no symbol");
});

test("the analysis ignores the path: same content, same bytes", () => {
  const one = analyzeToBytes({ text, language: "python", symbols, path: "a/cart.py" });
  const two = analyzeToBytes({ text, language: "python", symbols, path: "b/basket.py" });
  assert.deepEqual(one, two);
});

test("encode → decode round-trips every field", () => {
  const a = analyzeContent({ text, language: "python", symbols });
  const back = decodeAnalysis(encodeAnalysis(a));
  assert.deepEqual(back.terms, a.terms);
  assert.deepEqual([...back.wordTf], [...a.wordTf]);
  assert.deepEqual([...back.partTf], [...a.partTf]);
  assert.deepEqual([...back.symbolTf], [...a.symbolTf]);
  assert.deepEqual(back.symbolTerms.map((s) => [...s]), a.symbolTerms.map((s) => [...s]));
  assert.ok(a.codeLineHashes.length > 0);
  assert.deepEqual([...back.codeLineHashes], [...a.codeLineHashes]);
  assert.deepEqual([...back.codeLineNumbers], [...a.codeLineNumbers]);
  // The store hands analyses back as Node Buffers at any offset of a shared pool (better-sqlite3): the same fields.
  const pooled = Buffer.concat([Buffer.from([1, 2, 3]), Buffer.from(encodeAnalysis(a))]).subarray(3);
  assert.deepEqual([...decodeAnalysis(pooled).codeLineHashes], [...a.codeLineHashes]);
  const head = decodeAnalysisTerms(encodeAnalysis(a));
  assert.deepEqual(head.terms, a.terms);
});

test("large counts and an empty file survive the varint encoding", () => {
  const big = analyzeContent({ text: "word ".repeat(70000), language: "text", symbols: [] });
  assert.equal(decodeAnalysis(encodeAnalysis(big)).wordTf[0], 70000);
  const empty = decodeAnalysis(encodeAnalysis(analyzeContent({ text: "", language: "text", symbols: [] })));
  assert.deepEqual(empty.terms, []);
});

test("a corrupt or foreign blob is rejected with a reason", () => {
  const bytes = encodeAnalysis(analyzeContent({ text, language: "python", symbols }));
  assert.throws(() => decodeAnalysis(bytes.subarray(0, 10)), /corrupt analysis/);
  const foreign = bytes.slice();
  foreign[0] = 99;
  assert.throws(() => decodeAnalysis(foreign), /unsupported analysis format version 99/);
});

test("countLines ignores a trailing newline", () => {
  assert.equal(countLines(""), 0);
  assert.equal(countLines("a"), 1);
  assert.equal(countLines("a\nb\n"), 2);
  assert.equal(countLines("a\n\nb"), 3);
});
