import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SymbolInfo } from "../../src/index/types.js";
import { analyzeContent } from "../../src/rank/lexical/analyze-content.js";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { CLEAR_LEAD, packLocate, prepareLocate, WHOLE_FILE } from "../../src/mcp/locate-code.js";
import { EXCERPT_CONTEXT } from "../../src/mcp/excerpt-lines.js";
import { createRepoContextCache } from "../../src/mcp/repo-context.js";
import { loadCl100k } from "../../src/mcp/token-counter.js";

/**
 * Two Python modules of some 1,000–1,500 tokens, each more than a whole file of a lower rank may take (800): the
 * retry policy, which the issue is about (ranked first), and the transport, which shares a few of its words.
 */
function module(name: string, leadName: string, lead: string[], count: number): { text: string; symbols: SymbolInfo[] } {
  const lines = [...lead];
  const symbols: SymbolInfo[] = [{ name: leadName, qualifiedName: leadName, kind: "function", startLine: 1, endLine: lead.length }];
  for (let i = 0; i < count; i++) {
    const start = lines.length + 1;
    lines.push(`def ${name}_step_${i}(value, factor=${i + 2}):`, `    scaled = value * factor + ${i}`, `    return scaled - ${i % 7}`);
    symbols.push({ name: `${name}_step_${i}`, qualifiedName: `${name}_step_${i}`, kind: "function", startLine: start, endLine: start + 2 });
  }
  return { text: `${lines.join("\n")}\n`, symbols };
}
/** `text` with its line `line` (1-based) replaced. */
function withLine(text: string, line: number, replacement: string): string {
  const lines = text.split("\n");
  lines[line - 1] = replacement;
  return lines.join("\n");
}
const RETRY = module("policy", "retry_delay", [
  "def retry_delay(attempt, backoff):",
  "    # the backoff grows with every retry attempt",
  "    return backoff ** attempt",
], 40);
const TRANSPORT_MODULE = module("transport", "send_with_retry", [
  "def send_with_retry(request, backoff):",
  "    return retry_delay(1, backoff)",
], 40);
/** Line 94, the body of `transport_step_30` (lines 93-95), shares one of the issue's words, away from the pointer. */
const OVERFLOW_LINE = 94;
const TRANSPORT = { ...TRANSPORT_MODULE, text: withLine(TRANSPORT_MODULE.text, OVERFLOW_LINE, "    scaled = value * factor  # no upper bound") };
const ISSUE = "retry_delay overflows\n\nWith a large backoff, retry_delay grows without bound after a few retry attempts.";

async function setUp() {
  const files = { "net/retry.py": RETRY, "net/transport.py": TRANSPORT } as const;
  const index = buildLexicalIndex(Object.entries(files).map(([path, f], i) => ({
    path, hash: `h${i}`, language: "python", lineCount: f.text.split("\n").length - 1, symbols: f.symbols,
    analysis: analyzeContent({ text: f.text, language: "python", symbols: f.symbols }),
  })));
  const fs = { realpath: (p: string) => p, readText: (p: string) => (p.endsWith("retry.py") ? RETRY.text : TRANSPORT.text) };
  const counter = await loadCl100k();
  const context = createRepoContextCache(fs).context({ root: "/repo", generation: 1, index }, counter);
  return { counter, context, prepared: await prepareLocate(context, { issue: ISSUE, top: 5 }) };
}

describe("locate's first file whole up to half the budget", () => {
  it("shows the first ranked file whole when it fills at most half the budget, though over a lower file's limit", async () => {
    const { counter, context, prepared } = await setUp();
    assert.deepEqual(prepared.located.map((l) => l.file.path), ["net/retry.py", "net/transport.py"]);
    const tokens = [RETRY.text, TRANSPORT.text].map((t) => counter.count(t));
    // Each over a lower file's limit, within half of 4,000 tokens, over half of 2,000.
    assert.ok(tokens.every((t) => t > WHOLE_FILE.maxTokens && t > 1000 && t <= 2000), `fixture sizes ${tokens}`);
    const located = packLocate(context, prepared, 4000);
    const { code } = located.answer;
    assert.equal(code[0].id, "net/retry.py");
    assert.equal(code[0].source, RETRY.text.replace(/\n$/, ""));
    // The second file, as large, is held to the lower files' limit: its pointer, not the whole.
    const lastLine = TRANSPORT.text.split("\n").length - 1;
    assert.ok(!code.some((c) => c.path === "net/transport.py" && c.start_line === 1 && c.end_line === lastLine), code.map((c) => c.id).join(", "));
    assert.ok(code.some((c) => c.id === "net/transport.py::send_with_retry#function"), code.map((c) => c.id).join(", "));
    assert.ok(located.answer.tokens <= 4000);
    assert.equal(located.answer.tokens, counter.count(located.text));
  });

  it("keeps to the pointers when the file is more than half the budget, or when the first file's share is 0", async () => {
    const { context, prepared } = await setUp();
    for (const [budget, options] of [[2000, { clearLead: false }], [4000, { firstWholeShare: 0 }]] as const) {
      const { code } = packLocate(context, prepared, budget, options).answer;
      assert.equal(code[0].id, "net/retry.py::retry_delay#function", `at ${budget}`);
      assert.ok(!code.some((c) => c.id === "net/retry.py"), `at ${budget}: ${code.map((c) => c.id).join(", ")}`);
    }
  });
});

describe("locate's first file by the ranking's lead", () => {
  it("shows the first file whole up to four fifths of the budget when it leads the second clearly", async () => {
    const { counter, context, prepared } = await setUp();
    const [first, second] = prepared.located.map((l) => l.file.score);
    assert.ok(second < CLEAR_LEAD.ratio * first, `the fixture's lead: ${first} vs ${second}`);
    const tokens = counter.count(RETRY.text);
    assert.ok(tokens > 2000 / 2 && tokens <= 2000 * CLEAR_LEAD.firstWholeShare, `fixture size ${tokens}`);
    const located = packLocate(context, prepared, 2000);
    assert.equal(located.answer.code[0].id, "net/retry.py");
    assert.ok(located.answer.tokens <= 2000);
  });

  it("holds the first file to half the budget when the second scores as high", async () => {
    const { context, prepared } = await setUp();
    // The same files and symbols, ranked with equal scores: no lead to spend more of the budget on.
    const level = { ...prepared, located: prepared.located.map((l) => ({ ...l, file: { ...l.file, score: 1 } })) };
    const { code } = packLocate(context, level, 2000).answer;
    assert.equal(code[0].id, "net/retry.py::retry_delay#function");
    assert.ok(!code.some((c) => c.id === "net/retry.py"), code.map((c) => c.id).join(", "));
  });
});

describe("locate's file excerpt when the first file comes whole", () => {
  it("is of the next file not shown whole, around the issue's words", async () => {
    const { context, prepared } = await setUp();
    const { code } = packLocate(context, prepared, 4000).answer;
    assert.equal(code[0].id, "net/retry.py");
    const cut = code.find((c) => c.id === "net/transport.py");
    assert.ok(cut, `an excerpt of the second file among ${code.map((c) => c.id).join(", ")}`);
    assert.deepEqual([cut.start_line, cut.end_line], [OVERFLOW_LINE - EXCERPT_CONTEXT, OVERFLOW_LINE + EXCERPT_CONTEXT]);
    assert.ok(cut.source.includes("# no upper bound"));
  });

  it("is of the first file when that is not whole", async () => {
    const { context, prepared } = await setUp();
    const { code } = packLocate(context, prepared, 4000, { firstWholeShare: 0 }).answer;
    assert.ok(!code.some((c) => c.id === "net/transport.py"), code.map((c) => c.id).join(", "));
  });
});
