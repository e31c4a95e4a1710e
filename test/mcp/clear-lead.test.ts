import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CLEAR_LEAD, leadsClearly } from "../../src/mcp/clear-lead.js";

describe("leadsClearly", () => {
  it("is true when the second file scores below the ratio of the first", () => {
    assert.equal(leadsClearly([10, 7.9, 7]), true);
    assert.equal(leadsClearly([10, 5], { ratio: 0.4 }), false);
  });

  it("is false when the second scores at the ratio or above, or ties", () => {
    assert.equal(leadsClearly([10, 10 * CLEAR_LEAD.ratio]), false);
    assert.equal(leadsClearly([3, 3]), false);
  });

  it("is false with one ranked file or none, or a first score of 0", () => {
    assert.equal(leadsClearly([5]), false);
    assert.equal(leadsClearly([]), false);
    assert.equal(leadsClearly([0, 0]), false);
  });
});
