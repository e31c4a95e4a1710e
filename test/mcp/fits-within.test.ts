import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fitsWithin } from "../../src/mcp/fits-within.js";
import { loadCl100k, type TokenCounter } from "../../src/mcp/token-counter.js";

/** A Python-like module of `n` functions, with blank-line runs and closing brackets at line ends (where cuts fall). */
function module(n: number): string {
  return Array.from({ length: n }, (_, i) => [
    `def handler_${i}(request, *args, **kwargs):`,
    `    """Handle request ${i}."""`,
    `    value = compute(request.GET.get("key_${i}", None), {"a": ${i}})`,
    "",
    "",
    `    return value or ()`,
    "",
  ].join("\n")).join("\n");
}

/** A counter that also adds up the characters it was asked to count. */
function counting(counter: TokenCounter) {
  const seen = { chars: 0 };
  return { seen, counter: { count: (text: string) => { seen.chars += text.length; return counter.count(text); } } };
}

describe("fitsWithin", () => {
  it("agrees with the whole text's count at the limit and either side of it", async () => {
    const cl100k = await loadCl100k();
    for (const n of [1, 9, 10, 40]) {
      const text = module(n);
      const exact = cl100k.count(text);
      for (const limit of [exact - 40, exact - 1, exact, exact + 1, exact + 40]) {
        assert.equal(fitsWithin(cl100k, text, limit), exact <= limit, `${n} functions, limit ${limit} (exact ${exact})`);
      }
    }
  });

  it("stops counting a text far over the limit after its first pieces", async () => {
    const text = module(400);
    const { seen, counter } = counting(await loadCl100k());
    assert.equal(fitsWithin(counter, text, 500), false);
    assert.ok(seen.chars < text.length / 5, `counted ${seen.chars} of ${text.length} characters`);
  });
});
