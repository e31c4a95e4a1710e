import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codeLineKey, contentCodeLines, hashCodeLine, issueCodeLineHashes } from "../../src/rank/query/quoted-code-lines.js";

const SOURCE = [
  "def total(self):",
  "    amount = sum(p.price * q for p, q in self.items)",
  "    # amount = sum of the prices times the quantities",
  "    return Money(a)",
  "",
  "}",
].join("\n");

describe("lines of code an issue quotes", () => {
  it("keys a line by its words, whitespace collapsed, and skips short, comment and punctuation lines", () => {
    assert.equal(codeLineKey("    amount  =  sum(p.price * q for p, q in self.items)  "), "amount = sum(p.price * q for p, q in self.items)");
    assert.equal(codeLineKey("    return Money(a)"), undefined);
    assert.equal(codeLineKey("    # amount = sum of the prices times the quantities"), undefined);
    assert.equal(codeLineKey("// amount = sum of the prices times the quantities"), undefined);
    assert.equal(codeLineKey("------------------------ 1234567890 ----"), undefined);
    assert.notEqual(codeLineKey("#include <nlohmann/detail/macro_scope.hpp>"), undefined);
  });

  it("indexes a content's matchable lines with their 1-based numbers", () => {
    const { hashes, lines } = contentCodeLines(SOURCE);
    assert.deepEqual([...lines], [2]);
    assert.equal(hashes[0], hashCodeLine("amount = sum(p.price * q for p, q in self.items)"));
  });

  it("hashes a content's lines in one pass exactly as it keys and hashes a single line", () => {
    const tricky = [
      "    if s in {'', '.', '..'}:   ",
      "\tresult\u00a0=\u3000compute(alpha, beta)  # trailing",
      "    #include <nlohmann/detail/macro_scope.hpp>",
      "    # a comment long enough to be kept if it were code",
      "  //   another comment, long enough as well",
      "x = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9",
      "def drop_duplicates(self, keep='first'):\r",
      "   ",
      "",
    ];
    const { hashes, lines } = contentCodeLines(tricky.join("\n"));
    const expected = tricky.flatMap((l, i) => {
      const key = codeLineKey(l);
      return key === undefined ? [] : [[hashCodeLine(key), i + 1]];
    });
    assert.deepEqual([...hashes].map((h, i) => [h, lines[i]]), expected);
    assert.deepEqual([...lines], [2, 3, 7]);
  });

  it("reads an issue's lines as pasted: re-indented, behind a prompt, a quote or a patch marker", () => {
    const key = hashCodeLine("amount = sum(p.price * q for p, q in self.items)");
    for (const pasted of [
      "amount = sum(p.price * q for p, q in self.items)",
      "        amount = sum(p.price * q for p,  q in self.items)",
      ">>> amount = sum(p.price * q for p, q in self.items)",
      "> amount = sum(p.price * q for p, q in self.items)",
      "-    amount = sum(p.price * q for p, q in self.items)",
      "In [2]: amount = sum(p.price * q for p, q in self.items)",
    ]) assert.ok(issueCodeLineHashes(`The total is wrong\n${pasted}\n`).has(key), pasted);
    assert.ok(!issueCodeLineHashes("The total is wrong: amount = sum(p.price * q for p, q in self.items)").has(key));
    // Markers are read off a few times at most, not once per character: a line of a million `>` stays linear.
    assert.ok(issueCodeLineHashes(`> > >>> amount = sum(p.price * q for p, q in self.items)`).has(key));
    assert.ok(!issueCodeLineHashes(`${"> ".repeat(10)}amount = sum(p.price * q for p, q in self.items)`).has(key));
  });

  it("leaves out a Python traceback's source lines and header: the frame above already points there by number", () => {
    const key = hashCodeLine("amount = sum(p.price * q for p, q in self.items)");
    const traceback = [
      "Traceback (most recent call last):",
      '  File "shop/cart.py", line 2, in total',
      "    amount = sum(p.price * q for p, q in self.items)",
      "TypeError: unsupported operand",
    ].join("\n");
    assert.ok(!issueCodeLineHashes(traceback).has(key));
    // Nor is the header Python prints: docstrings show it in their doctests, which are no place to look.
    assert.ok(!issueCodeLineHashes(traceback).has(hashCodeLine("Traceback (most recent call last):")));
    assert.ok(issueCodeLineHashes("Traceback (most recent call last) is printed by report_failures(stream):").size > 0);
  });
});
