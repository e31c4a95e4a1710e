import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { analyzeContent } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { packLocate, prepareLocate } from "../../src/mcp/locate-code.js";
import { shownRanges } from "../../src/mcp/code-views.js";
import { EXCERPT_CONTEXT } from "../../src/mcp/excerpt-lines.js";
import { createRepoContextCache } from "../../src/mcp/repo-context.js";
import { loadCl100k } from "../../src/mcp/token-counter.js";

/**
 * A C file too large to come whole: `parse_args` reads the issue's option (the pointer), 120 small stages share no
 * word with the issue, and `emit_all` — 150 lines, too large for what the pointer leaves of the budget — writes the
 * separator on one of its lines.
 */
const PARSE = [
  "int parse_args(int argc, char **argv) {",
  "    for (int i = 1; i < argc; i++) {",
  '        if (strcmp(argv[i], "--seq") == 0) seq_option = 1;',
  "    }",
  "    return seq_option;",
  "}",
];
const STAGES = Array.from({ length: 120 }, (_, i) => `int stage_${i}(int x) { return x * ${i + 2} + ${i}; }`);
const EMIT_BODY = Array.from({ length: 148 }, (_, i) => `    total += write_value(out, values[${i}], ${i});`);
EMIT_BODY[90] = "    fputs(separator, out);";
const EMIT = ["void emit_all(FILE *out, const int *values) {", ...EMIT_BODY, "}"];
const LINES = [...PARSE, ...STAGES, ...EMIT];
const TEXT = `${LINES.join("\n")}\n`;
const EMIT_START = PARSE.length + STAGES.length + 1;
const SEPARATOR_LINE = EMIT_START + 91;
const SYMBOLS: SymbolInfo[] = [
  { name: "parse_args", qualifiedName: "parse_args", kind: "function", startLine: 1, endLine: PARSE.length },
  ...STAGES.map((_, i): SymbolInfo => ({ name: `stage_${i}`, qualifiedName: `stage_${i}`, kind: "function", startLine: PARSE.length + 1 + i, endLine: PARSE.length + 1 + i })),
  { name: "emit_all", qualifiedName: "emit_all", kind: "function", startLine: EMIT_START, endLine: EMIT_START + EMIT.length - 1 },
];
const ISSUE = "--seq option ignored\n\nRunning with --seq does not print the separator between outputs.";

async function setUp() {
  const index = buildLexicalIndex([{
    path: "src/main.c", hash: "h1", language: "c", lineCount: LINES.length, symbols: SYMBOLS,
    analysis: analyzeContent({ text: TEXT, language: "c", symbols: SYMBOLS }),
  }]);
  const fs = { realpath: (p: string) => p, readText: () => TEXT };
  const counter = await loadCl100k();
  const context = createRepoContextCache(fs).context({ root: "/repo", generation: 1, index }, counter);
  return { counter, context, prepared: await prepareLocate(context, { issue: ISSUE, top: 5 }) };
}

describe("locate's excerpt of the first file", () => {
  it("shows the first file's lines around the issue's words that no place shows, within the budget, no line twice", async () => {
    const { counter, context, prepared } = await setUp();
    const located = packLocate(context, prepared, 1000);
    const { code } = located.answer;
    assert.equal(code[0].id, "src/main.c::parse_args#function");
    const cut = code.find((c) => c.id === "src/main.c");
    assert.ok(cut, `a file excerpt among ${code.map((c) => c.id).join(", ")}`);
    assert.ok(cut.source.split("\n").includes("    fputs(separator, out);"));
    assert.ok(shownRanges(cut).some(([s, e]) => s <= SEPARATOR_LINE && SEPARATOR_LINE <= e));
    // One window: the line and three lines of context on either side (git's hunk context), not the whole function.
    assert.deepEqual([cut.start_line, cut.end_line], [SEPARATOR_LINE - EXCERPT_CONTEXT, SEPARATOR_LINE + EXCERPT_CONTEXT]);
    // No line is sent twice: the shown ranges of all items are disjoint.
    const shown = code.flatMap((c) => shownRanges(c)).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < shown.length; i++) assert.ok(shown[i][0] > shown[i - 1][1], `${shown[i - 1]} and ${shown[i]} overlap`);
    assert.ok(located.answer.tokens <= 1000, `${located.answer.tokens} tokens`);
    assert.equal(located.answer.tokens, counter.count(located.text));
  });

  it("is left out when its share is 0", async () => {
    const { context, prepared } = await setUp();
    const { code } = packLocate(context, prepared, 1000, { fileExcerptShare: 0 }).answer;
    assert.equal(code.find((c) => c.id === "src/main.c"), undefined);
    assert.ok(!code.some((c) => c.source.includes("fputs(separator")), "no other item shows the separator's line");
  });
});
