import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fuseHistory } from "../../src/rank/signals/fuse-history.js";
import { prepareHistoryDoc, scoreHistory } from "../../src/rank/signals/score-history.js";
import type { RankedFile } from "../../src/rank/types.js";

const PAST = [
  prepareHistoryDoc({ issueNumber: 11, text: "Invoice total is negative after a refund line", files: ["shop/invoice.py", "shop/money.py"] }),
  prepareHistoryDoc({ issueNumber: 12, text: "Session cookie expires too early", files: ["shop/session.py"] }),
  prepareHistoryDoc({ issueNumber: 13, text: "Refund of an invoice raises ValueError", files: ["shop/invoice.py"] }),
];

function file(path: string, score: number): RankedFile {
  return { path, score, evidence: { terms: [] } };
}

describe("similar past fixes", () => {
  it("lends each fix's similarity to its files, split among them, with the most similar issue as evidence", () => {
    const scores = scoreHistory(PAST, "Invoice refund raises ValueError", { neighbours: 10, minSimilarity: 0.05 });
    assert.deepEqual(scores.map((s) => s.path), ["shop/invoice.py", "shop/money.py"]);
    assert.equal(scores[0].issueNumber, 13);
    assert.ok(scores[0].score > scores[1].score * 2);
    assert.deepEqual(scoreHistory(PAST, "Invoice refund", { neighbours: 0, minSimilarity: 0 }), []);
    assert.deepEqual(scoreHistory([], "Invoice refund"), []);
    assert.deepEqual(scoreHistory(PAST, "?!"), []);
  });

  it("fuses with one weight, adds history-only files from the tree, and leaves the ranking alone at weight 0", () => {
    const ranking = [file("shop/cart.py", 8), file("shop/money.py", 6), file("shop/session.py", 2)];
    const history = scoreHistory(PAST, "Invoice refund raises ValueError", { neighbours: 10, minSimilarity: 0.05 });

    const fused = fuseHistory(ranking, history, { weight: 0.3, allow: () => true });
    assert.deepEqual(fused.map((f) => f.path), ["shop/cart.py", "shop/money.py", "shop/invoice.py", "shop/session.py"]);
    assert.deepEqual(fused.find((f) => f.path === "shop/invoice.py")?.evidence.history, { issue: 13 });
    assert.equal(fused[0].evidence.history, undefined);

    const strong = fuseHistory(ranking, history, { weight: 0.9, allow: () => true });
    assert.equal(strong[0].path, "shop/invoice.py");
    const outsideTree = fuseHistory(ranking, history, { weight: 0.9, allow: (p) => p !== "shop/invoice.py" });
    assert.ok(!outsideTree.some((f) => f.path === "shop/invoice.py"));
    assert.deepEqual(fuseHistory(ranking, history, { weight: 0, allow: () => true }), ranking);
    assert.deepEqual(fuseHistory([file("a.py", 0), file("b.py", Number.NaN)], history, { weight: 0.5, allow: () => false }).map((f) => f.score), [0, 0]);
  });
});
