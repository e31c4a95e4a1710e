import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { measureAnswer } from "../../src/mcp/measure-answer.js";
import { packWithinBudget } from "../../src/mcp/pack-budget.js";
import { loadCl100k, type TokenCounter } from "../../src/mcp/token-counter.js";

interface Item { readonly id: string; readonly source: string }

/** A function of `lines` lines, as a symbol's source would look. */
const item = (id: string, lines: number): Item => ({
  id, source: Array.from({ length: lines }, (_, i) => `    total_${i} = compute_value(${i}, "${id}")  # line ${i}`).join("\n"),
});

describe("packing whole symbols into a token budget", () => {
  let counter: TokenCounter;
  before(async () => {
    counter = await loadCl100k();
  });
  const build = (included: readonly Item[], leftOut: readonly string[]) => ({ files: ["a.py", "b.py"], code: included, left_out: leftOut });

  it("counts the serialized answer itself, tokens field included", () => {
    const measured = measureAnswer({ code: [item("a", 30)] }, counter);
    assert.equal(measured.answer.tokens, counter.count(measured.text));
    assert.equal(JSON.parse(measured.text).tokens, measured.answer.tokens);
  });

  it("never goes over the budget, for many budgets and sizes", () => {
    const items = [item("a", 40), item("b", 5), item("c", 120), item("d", 12), item("e", 1), item("f", 60)];
    for (let budget = 60; budget <= 6000; budget += 97) {
      const packed = packWithinBudget(items, budget, build, counter);
      if (!packed) continue;
      assert.ok(packed.answer.tokens <= budget, `budget ${budget}: ${packed.answer.tokens}`);
      assert.equal(packed.answer.tokens, counter.count(packed.text));
    }
  });

  it("keeps symbols whole, best first, and names every one left out", () => {
    const items = [item("big", 400), item("a", 10), item("b", 10), item("c", 10)];
    const bigAlone = counter.count(JSON.stringify(items[0]));
    const packed = packWithinBudget(items, bigAlone - 50, build, counter)!;
    // The first symbol does not fit whole: it is left out rather than cut, and smaller ones after it still fit.
    assert.deepEqual(packed.included.map((i) => i.id), ["a", "b", "c"]);
    assert.deepEqual(packed.leftOut, ["big"]);
    assert.deepEqual(packed.answer.left_out, ["big"]);
    for (const code of packed.answer.code) assert.equal(code.source, items.find((i) => i.id === code.id)!.source);
  });

  it("takes items in the order given while they fit, and lists the rest in that order", () => {
    const items = [item("a", 20), item("b", 20), item("c", 20), item("d", 20)];
    const two = measureAnswer(build(items.slice(0, 2), ["c", "d"]), counter).answer.tokens;
    const packed = packWithinBudget(items, two + 5, build, counter)!;
    assert.deepEqual(packed.included.map((i) => i.id), ["a", "b"]);
    assert.deepEqual(packed.leftOut, ["c", "d"]);
  });

  it("passes over an item far too long for the budget left without tokenizing it, leaving it out all the same", () => {
    const items = [item("a", 10), item("huge", 3000), item("b", 10)];
    const seen: string[] = [];
    const spying: TokenCounter = { count: (text) => (seen.push(text), counter.count(text)) };
    const packed = packWithinBudget(items, 1500, build, spying)!;
    assert.deepEqual(packed.included.map((i) => i.id), ["a", "b"]);
    assert.deepEqual(packed.leftOut, ["huge"]);
    assert.ok(packed.answer.tokens <= 1500);
    // The whole answer is measured (it names "huge" as left out), but the item's own text never is.
    assert.ok(!seen.includes(JSON.stringify(items[1])), "the oversized item was tokenized");
  });

  it("answers nothing when even the answer without code is over the budget", () => {
    assert.equal(packWithinBudget([item("a", 3)], 5, build, counter), undefined);
  });
});
