import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { analyzeContent } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { locateCode, packLocate, prepareLocate } from "../../src/mcp/locate-code.js";
import { createRepoContextCache } from "../../src/mcp/repo-context.js";
import { loadCl100k } from "../../src/mcp/token-counter.js";

/** A C `main` of ~300 lines, far larger than the budget; the issue's option is parsed on one of them. */
const STEPS = Array.from({ length: 300 }, (_, i) => `    total += compute_stage_${i}(input, ${i}, &state);`);
STEPS[200] = '    if (strcmp(argv[i], "--seq") == 0) separator = "\\n";';
const MAIN = ["int main(int argc, char **argv) {", ...STEPS, "    return 0;", "}", ""].join("\n");
const LAST = MAIN.split("\n").length - 1;
const SYMBOLS: SymbolInfo[] = [{ name: "main", qualifiedName: "main", kind: "function", startLine: 1, endLine: LAST }];
const ISSUE = "--seq option ignored\n\nRunning with --seq does not change the separator between outputs.";

async function setUp() {
  const index = buildLexicalIndex([{
    path: "src/main.c", hash: "h1", language: "c", lineCount: LAST, symbols: SYMBOLS,
    analysis: analyzeContent({ text: MAIN, language: "c", symbols: SYMBOLS }),
  }]);
  const fs = { realpath: (p: string) => p, readText: () => MAIN };
  const counter = await loadCl100k();
  return { counter, context: createRepoContextCache(fs).context({ root: "/repo", generation: 1, index }, counter) };
}

describe("locate on a pointer too large to show whole", () => {
  it("sends its first line and the lines around the issue's words, the rest named in `omitted`, within the budget", async () => {
    const { counter, context } = await setUp();
    assert.ok(counter.count(MAIN) > 4000, "the function is larger than the budget");

    const located = await locateCode(context, { issue: ISSUE, top: 5, tokenBudget: 1000 });

    const [code] = located.answer.code;
    assert.equal(code.id, "src/main.c::main#function");
    assert.deepEqual(located.answer.left_out, [], "the pointer is shown, in part");
    // Line 202 holds the option; three lines of context on each side are kept with the first line.
    assert.deepEqual(code.omitted, [{ start_line: 2, end_line: 198 }, { start_line: 206, end_line: LAST }]);
    const lines = code.source.split("\n");
    assert.equal(lines[0], "int main(int argc, char **argv) {");
    // The marker is indented like the line above it.
    assert.equal(lines[1], "... (lines 2-198 left out)");
    assert.ok(lines.includes('    if (strcmp(argv[i], "--seq") == 0) separator = "\\n";'));
    assert.equal(lines.at(-1), `    ... (lines 206-${LAST} left out)`);
    assert.ok(located.answer.tokens <= 1000, `${located.answer.tokens} tokens`);
    assert.equal(located.answer.tokens, counter.count(located.text));
  });

  it("names the pointer in `left_out` as before when excerpts are off", async () => {
    const { context } = await setUp();
    const prepared = await prepareLocate(context, { issue: ISSUE, top: 5 });
    const answer = packLocate(context, prepared, 1000, { excerptShare: 0, fileExcerptShare: 0 }).answer;
    assert.deepEqual(answer.code, []);
    assert.deepEqual(answer.left_out, ["src/main.c::main#function"]);
  });
});
