import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EXCERPT_CONTEXT, excerptOmissions, fileExcerpt } from "../../src/mcp/excerpt-lines.js";

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

describe("excerptOmissions beside lines shown elsewhere", () => {
  it("never keeps a line another item shows, and leaves out a gap of any length that holds one", () => {
    // Lines 20-22 (file lines 21-23) are a method shown whole elsewhere; line 24 (0-based) matches, its window cut
    // at the method. The match on line 21 is inside the method: passed over.
    const lines = body(60, { 21: 3, 24: 1 });
    const shown = (line: number) => line >= 21 && line <= 23;
    assert.deepEqual(excerptOmissions(lines, 1, score, { maxTokens: 100, count }, shown), [
      { start: 2, end: 23 },
      { start: 25 + EXCERPT_CONTEXT + 1, end: 60 },
    ]);
  });
});

describe("fileExcerpt", () => {
  it("spans the windows around the best lines, from the first kept line to the last, less the gaps", () => {
    const lines = body(100, { 20: 1, 70: 2 });
    const cut = fileExcerpt(lines, score, { maxTokens: 200, count }, () => false);
    assert.deepEqual(cut, {
      start: 21 - EXCERPT_CONTEXT,
      end: 71 + EXCERPT_CONTEXT,
      omitted: [{ start: 21 + EXCERPT_CONTEXT + 1, end: 71 - EXCERPT_CONTEXT - 1 }],
    });
  });

  it("leaves out a short gap when it holds a line shown elsewhere, and keeps it otherwise", () => {
    // Windows around lines 10 and 18 (0-based) leave line 14 between them (file line 15).
    const lines = body(40, { 10: 1, 18: 1 });
    const limits = { maxTokens: 200, count };
    assert.deepEqual(fileExcerpt(lines, score, limits, () => false)?.omitted, []);
    assert.deepEqual(fileExcerpt(lines, score, limits, (line) => line === 15)?.omitted, [{ start: 15, end: 15 }]);
  });

  it("gives nothing when every matching line is shown elsewhere or no window fits", () => {
    const lines = body(40, { 10: 1 });
    assert.equal(fileExcerpt(lines, score, { maxTokens: 200, count }, (line) => line === 11), undefined);
    assert.equal(fileExcerpt(lines, score, { maxTokens: 1, count }, () => false), undefined);
  });
});
