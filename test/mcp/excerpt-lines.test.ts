import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EXCERPT_CONTEXT, excerptOmissions } from "../../src/mcp/excerpt-lines.js";

/** A line scores 1 per "needle" it holds: the word. */
const score = (line: string) => line.split("needle").length - 1;
/** About four characters a token, as cl100k counts code. */
const count = (text: string) => Math.ceil(text.length / 4);

function body(length: number, needles: Record<number, number>): string[] {
  return Array.from({ length }, (_, i) => (i === 0 ? "fn big() {" : `  step_${i}(${"needle ".repeat(needles[i] ?? 0)})`));
}

describe("excerptOmissions", () => {
  it("keeps the first line and the context around each matching line, best first, leaving out the rest", () => {
    const lines = body(60, { 20: 1, 45: 2 });
    // Line 45 (the better match) first: its window is lines 42-48; then line 20's, 17-23. File lines start at 101.
    assert.deepEqual(excerptOmissions(lines, 101, score, { maxTokens: 100, count }), [
      { start: 102, end: 101 + 20 - EXCERPT_CONTEXT - 1 },
      { start: 101 + 20 + EXCERPT_CONTEXT + 1, end: 101 + 45 - EXCERPT_CONTEXT - 1 },
      { start: 101 + 45 + EXCERPT_CONTEXT + 1, end: 160 },
    ]);
  });

  it("stops taking windows at the token limit, the best match's window first", () => {
    const lines = body(60, { 20: 1, 45: 2 });
    // The first line and the best match's window fit; the second window does not.
    const maxTokens = count(lines[0]) + count(lines.slice(45 - EXCERPT_CONTEXT, 45 + EXCERPT_CONTEXT + 1).join("\n"));
    const omitted = excerptOmissions(lines, 1, score, { maxTokens, count });
    assert.deepEqual(omitted, [{ start: 2, end: 45 - EXCERPT_CONTEXT }, { start: 46 + EXCERPT_CONTEXT + 1, end: 60 }]);
  });

  it("keeps a gap too short for its marker to save anything", () => {
    // The windows around lines 10 and 18 (0-based) leave one line between them: kept.
    const omitted = excerptOmissions(body(40, { 10: 1, 18: 1 }), 1, score, { maxTokens: 100, count });
    assert.deepEqual(omitted, [{ start: 2, end: 11 - EXCERPT_CONTEXT - 1 }, { start: 19 + EXCERPT_CONTEXT + 1, end: 40 }]);
  });

  it("gives nothing when no line shares a word with the issue, or nothing would be left out", () => {
    assert.equal(excerptOmissions(body(60, {}), 1, score, { maxTokens: 100, count }), undefined);
    assert.equal(excerptOmissions(body(6, { 3: 1 }), 1, score, { maxTokens: 100, count }), undefined);
  });
});

describe("excerptOmissions with no room for a window", () => {
  it("gives nothing rather than the first line alone", () => {
    const lines = body(60, { 20: 1 });
    assert.equal(excerptOmissions(lines, 1, score, { maxTokens: count(lines[0]) + 1, count }), undefined);
  });
});
