import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CodeView } from "../../src/mcp/code-views.js";
import { fitFileExcerpt, type LocateExcerpts } from "../../src/mcp/locate-excerpts.js";

/**
 * Excerpts whose serialized size is `factor` times the room they were sized for plus `fields` tokens (escaping and
 * `omitted` entries the estimate under-counts), each remembering the room asked for; `over` is that size less `room`.
 */
function sized(factor: number, fields: number) {
  const asked: number[] = [];
  const size = new Map<CodeView, number>();
  const excerpts: LocateExcerpts = {
    pointer: () => undefined,
    file: (path, _shown, room) => {
      asked.push(room);
      if (room < 20) return undefined;
      const view: CodeView = { id: path, path, start_line: 1, end_line: Math.floor(room / 10), source: "x" };
      size.set(view, Math.ceil(room * factor) + fields);
      return { view, parts: [] };
    },
  };
  return { asked, excerpts, over: (room: number) => (view: CodeView) => size.get(view)! - room };
}

describe("fitFileExcerpt", () => {
  it("takes the first excerpt when the answer with it is within the budget", () => {
    const { asked, excerpts, over } = sized(0.9, 0);
    const cut = fitFileExcerpt(excerpts, "src/a.c", [], 500, over(500));
    assert.equal(cut?.view.end_line, 50);
    assert.deepEqual(asked, [500]);
  });

  it("makes the excerpt again for a room cut by the overshoot, then twice and four times it, until it fits", () => {
    const { asked, excerpts, over } = sized(1.2, 10);
    const cut = fitFileExcerpt(excerpts, "src/a.c", [], 500, over(500));
    // 500 → 610 (over by 110) → 390 (478: fits).
    assert.deepEqual(asked, [500, 390]);
    assert.ok(cut);
    assert.ok(over(500)(cut.view) <= 0);
  });

  it("gives up after four sizes, or when no excerpt is left at the smaller room, so extras take the room", () => {
    // Always 100 tokens over, whatever the room: 5,000, 4,900, 4,700, 4,300, then none.
    const stuck = sized(0, 5100);
    assert.equal(fitFileExcerpt(stuck.excerpts, "src/a.c", [], 5000, stuck.over(5000)), undefined);
    assert.deepEqual(stuck.asked, [5000, 4900, 4700, 4300]);
    // 1,000 over at a room of 1,010: at the room of 10 left no excerpt can be made.
    const small = sized(1, 1000);
    assert.equal(fitFileExcerpt(small.excerpts, "src/a.c", [], 1010, small.over(1010)), undefined);
    assert.deepEqual(small.asked, [1010, 10]);
  });
});
