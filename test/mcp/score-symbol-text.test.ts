import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { analyzeContent } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { buildSymbolCatalog } from "../../src/mcp/symbol-catalog.js";
import { issueTerms, lineScorer, scoreSymbolText } from "../../src/mcp/score-symbol-text.js";
import { toSourceLines } from "../../src/mcp/source-lines.js";

const TEXT = [
  "class Cart:",                                    // 1
  "    def add_item(self, product):",               // 2
  "        self.items.append(product)",             // 3
  "",                                                // 4
  "    def apply_discount(self, code):",            // 5
  "        discount = lookup_discount(code)",       // 6
  "        self.total -= discount.amount",          // 7
  "",                                                // 8
  "def lookup_discount(code):",                     // 9
  "    return DISCOUNTS[code]",                     // 10
].join("\n");
const SYMBOLS: SymbolInfo[] = [
  { name: "Cart", qualifiedName: "Cart", kind: "class", startLine: 1, endLine: 7 },
  { name: "add_item", qualifiedName: "Cart.add_item", kind: "method", startLine: 2, endLine: 3 },
  { name: "apply_discount", qualifiedName: "Cart.apply_discount", kind: "method", startLine: 5, endLine: 7 },
  { name: "lookup_discount", qualifiedName: "lookup_discount", kind: "function", startLine: 9, endLine: 10 },
];

describe("scoring a file's symbols by their text", () => {
  const index = buildLexicalIndex([
    { path: "shop/cart.py", hash: "a", language: "python", lineCount: 10, symbols: SYMBOLS,
      analysis: analyzeContent({ text: TEXT, language: "python", symbols: SYMBOLS }) },
  ]);
  const catalog = buildSymbolCatalog(index);
  const symbols = catalog.file("shop/cart.py")!.symbols;

  it("scores innermost symbols only, best match first, and leaves out those sharing no word", () => {
    const scored = scoreSymbolText(index, issueTerms("Applying a discount code twice lowers the total again"), symbols, toSourceLines(TEXT));
    assert.deepEqual(scored.map((s) => s.symbol.qualifiedName), ["Cart.apply_discount", "lookup_discount"]);
    assert.ok(scored[0].score > scored[1].score);
  });

  it("scores nothing for an issue that shares no word with the file", () => {
    assert.deepEqual(scoreSymbolText(index, issueTerms("logo renders blurry"), symbols, toSourceLines(TEXT)), []);
  });
});

describe("lineScorer", () => {
  it("sums the IDF of the distinct issue words on a line, each once, and gives 0 to a line without them", () => {
    const idf = new Map([["separator", 2], ["seq", 3]]);
    const score = lineScorer(issueTerms("--seq ignores the separator"), (t) => idf.get(t) ?? 0.5);
    assert.equal(score('if (strcmp(arg, "--seq") == 0) separator = separator_for(seq);'), 3 + 2);
    assert.equal(score("total += compute(input);"), 0);
  });
});
