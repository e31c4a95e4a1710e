import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { analyzeContent } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { locateCode } from "../../src/mcp/locate-code.js";
import { createRepoContextCache } from "../../src/mcp/repo-context.js";
import { loadCl100k } from "../../src/mcp/token-counter.js";

const PARAMS = Array.from({ length: 40 }, (_, i) => `    factor_${i} : float\n        How much the reading is scaled in step ${i}.`).join("\n");
/** A Python module whose one function's docstring is longer than its code, and larger than a whole file may be. */
const SCALE = [
  "def rescale_reading(reading, factor):",
  '    """Rescale a sensor reading by a factor.',
  "",
  "    Parameters",
  "    ----------",
  PARAMS,
  '    """',
  "    if factor == 0:",
  "        raise ValueError('factor must not be zero')",
  "    return reading / factor",
  "",
].join("\n");
const LAST = SCALE.split("\n").length - 1;
const SYMBOLS: SymbolInfo[] = [{ name: "rescale_reading", qualifiedName: "rescale_reading", kind: "function", startLine: 1, endLine: LAST }];

/** `locate` at 1,500 tokens for an issue about `rescale_reading`, over a repository of one file, `sensors/scale.py`. */
async function locateIn(text: string, lineCount: number) {
  const index = buildLexicalIndex([{
    path: "sensors/scale.py", hash: "h1", language: "python", lineCount, symbols: SYMBOLS,
    analysis: analyzeContent({ text, language: "python", symbols: SYMBOLS }),
  }]);
  const fs = { realpath: (p: string) => p, readText: () => text };
  const counter = await loadCl100k();
  const context = createRepoContextCache(fs).context({ root: "/repo", generation: 1, index }, counter);
  const located = await locateCode(context, {
    issue: "rescale_reading divides by zero\n\nrescale_reading(3, 0) raises ValueError for a zero factor", top: 5, tokenBudget: 1500,
  });
  return { counter, located };
}

describe("locate on a Python function with a long docstring", () => {
  it("shows its code and summary with the docstring's tail left out, named in `omitted` and counted in the budget", async () => {
    const { counter, located } = await locateIn(SCALE, LAST);

    // The file, too large to come whole as it is, comes whole with the docstring shortened (its one function).
    const [code] = located.answer.code;
    assert.equal(code.id, "sensors/scale.py");
    assert.deepEqual([code.start_line, code.end_line], [1, LAST]);
    assert.deepEqual(code.omitted, [{ start_line: 3, end_line: LAST - 3 }]);
    assert.equal(code.source, [
      "def rescale_reading(reading, factor):",
      '    """Rescale a sensor reading by a factor.',
      `    ... (docstring lines 3-${LAST - 3} left out)`,
      "    if factor == 0:",
      "        raise ValueError('factor must not be zero')",
      "    return reading / factor",
    ].join("\n"));
    // More than 800 tokens and half the budget: too large to come whole unshortened, even as the first file.
    assert.ok(counter.count(SCALE) > 800, "the file is too large to come whole");
    assert.equal(located.answer.tokens, counter.count(located.text));
    assert.ok(located.answer.tokens < 400, `${located.answer.tokens} tokens`);
  });
});

/** The same function followed by a table of constants no definition holds: too large to come whole even shortened. */
const TABLE = Array.from({ length: 150 }, (_, i) => `CALIBRATION_OFFSET_${i} = ${i * 37 % 101}.${i % 9}  # sensor bank ${i % 12}`);
const SCALE_WITH_TABLE = `${SCALE}${TABLE.join("\n")}\n`;

describe("locate on a long docstring in a file too large to come whole", () => {
  it("shows the pointer with the docstring's tail left out", async () => {
    const { located } = await locateIn(SCALE_WITH_TABLE, LAST + TABLE.length);

    const [code] = located.answer.code;
    assert.equal(code.id, "sensors/scale.py::rescale_reading#function");
    assert.deepEqual(code.omitted, [{ start_line: 3, end_line: LAST - 3 }]);
    assert.ok(!located.answer.code.some((c) => c.id === "sensors/scale.py" && c.start_line === 1), "not the whole file");
    assert.ok(located.answer.tokens <= 1500);
  });
});
