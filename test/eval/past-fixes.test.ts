import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EvalRow } from "../../src/eval/dataset.js";
import { buildPastFixes } from "../../src/eval/past-fixes.js";

function row(id: string, repo: string, createdAt?: string, gold = [`src/${id}.py`]): EvalRow {
  return { id, repo, baseCommit: "a".repeat(40), body: `issue ${id}`, goldFiles: gold, lang: "python", goldLines: new Map(), ...(createdAt ? { createdAt } : {}) };
}

describe("eval --history past fixes", () => {
  it("gives each row the earlier rows of its repository by created_at, gold files minus tests", () => {
    const rows = [
      row("x__y-30", "x/y", "2021-03-01T00:00:00Z"),
      row("x__y-10", "x/y", "2021-01-01T00:00:00Z", ["src/a.py", "tests/test_a.py"]),
      row("x__y-20", "x/y", "2021-02-01T00:00:00Z"),
      row("o__z-5", "o/z", "2020-01-01T00:00:00Z"),
    ];
    const past = buildPastFixes(rows);
    assert.deepEqual(past(rows[0]).map((d) => d.issueNumber).sort(), [10, 20]);
    assert.deepEqual(past(rows[1]), []);
    assert.deepEqual(past(rows[2]).map((d) => [d.issueNumber, d.files]), [[10, ["src/a.py"]]]);
    assert.deepEqual(past(rows[3]), [], "another repository's rows never count");
  });

  it("orders by the number at the end of the id when the dataset has no created_at", () => {
    const rows = [row("acme__lib-454", "acme/lib"), row("acme__lib-96", "acme/lib"), row("acme__lib-1200", "acme/lib"), row("odd", "acme/lib")];
    const past = buildPastFixes(rows);
    assert.deepEqual(past(rows[0]).map((d) => d.issueNumber), [96]);
    assert.deepEqual(past(rows[2]).map((d) => d.issueNumber).sort((a, b) => a - b), [96, 454]);
    assert.deepEqual(past(rows[3]), [], "a row without an order gets no history");
  });
});
