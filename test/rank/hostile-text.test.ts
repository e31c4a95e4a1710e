import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyIssueType } from "../../src/issue-type/classify-issue-type.js";
import { shippedIssueTypeModel } from "../../src/issue-type/shipped-model.js";
import { replaceFencedBlocks } from "../../src/rank/query/fenced-blocks.js";
import { parseIssue } from "../../src/rank/query/parse-issue.js";

/** GitHub's cap on an issue body: the most text anyone can make BugScout read. */
const CAP = 65_536;
const repeated = (unit: string) => unit.repeat(Math.ceil(CAP / unit.length)).slice(0, CAP);

/** The pattern replaceFencedBlocks stands for; it rescans the text from every unclosed opening line. */
const FENCE = /^[ \t]*(```|~~~)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;

describe("issue text anyone can write", () => {
  // Each of these took the parser seconds (a long word, a run of blank lines, unclosed fences, `panicked at` over and
  // over: patterns that backtrack in quadratic time) and blocked the process meanwhile. Their time is measured in
  // bench/hostile-text.ts; here the limit only stops a hang from becoming the suite's 10-minute timeout.
  const hostile = ["a", "a.", "a/", "--", " ", "\t", "\n", "\r", "```a\n", "![", "at ", "panicked at ", "#0 0x", "File a.py:1\n", "Error"];

  it("is parsed whatever it holds, and junk finds no frame, path or fence", { timeout: 120_000 }, () => {
    for (const unit of hostile) {
      const issue = parseIssue(repeated(unit));
      assert.equal(issue.text.length, CAP, JSON.stringify(unit));
      if (unit !== "File a.py:1\n") assert.deepEqual(issue.frames, [], JSON.stringify(unit));
      assert.deepEqual(issue.code, [], JSON.stringify(unit));
    }
    // A real frame after a wall of junk is still found.
    const late = parseIssue(`${repeated("a ").slice(0, 60_000)}\n  File "shop/pricing.py", line 12, in total\n`);
    assert.deepEqual(late.frames.map((f) => [f.path, f.line, f.symbol]), [["shop/pricing.py", 12, "total"]]);
    const panics = parseIssue(`${"panicked at ".repeat(2000)}\nthread 'main' panicked at 'boom', src/main.rs:2:5`);
    assert.deepEqual(panics.frames.map((f) => [f.path, f.line]), [["src/main.rs", 2]]);
  });

  it("gets a kind from the classifier whatever it holds", { timeout: 120_000 }, () => {
    const model = shippedIssueTypeModel();
    for (const unit of hostile) {
      const type = classifyIssueType({ title: repeated(unit).slice(0, 400), body: repeated(unit), labels: [] }, { model });
      assert.ok(type.confidence >= 0 && type.confidence <= 1, JSON.stringify(unit));
    }
  });

  it("finds the fenced blocks the fence pattern finds, in one pass", () => {
    const cases = [
      "```py\nx = 1\n```\ntext",
      "```\n```",
      "~~~\ncode\n```\n~~~\nafter",
      "```a\n```a\n```\n",
      "  ```\nx\n  ```  \nafter",
      "```\nunclosed",
      "text\n```\n",
      "````\nx\n```\n````",
      "```js\na\n```\n\nprose\n~~~\nb\n~~~\n```\nc\n```",
      "```\n\n```\n```\n```",
      "no fence at all",
      "",
    ];
    for (const text of cases) {
      const viaRegex: string[] = [];
      const expected = text.replace(FENCE, (_all, _fence: string, body: string) => (viaRegex.push(body), "<code>"));
      const found: string[] = [];
      assert.equal(replaceFencedBlocks(text, (body) => (found.push(body), "<code>")), expected, JSON.stringify(text));
      assert.deepEqual(found, viaRegex, JSON.stringify(text));
    }
  });
});
