import { test } from "node:test";
import assert from "node:assert/strict";
import { scoreRanking, summarizeMetrics } from "../../src/eval/metrics.js";

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

test("one gold file at rank 3", () => {
  const m = scoreRanking(["a", "b", "gold", "d"], ["gold"]);
  assert.deepEqual(m.hit, { 1: 0, 3: 1, 5: 1, 10: 1 });
  close(m.reciprocalRank, 1 / 3, "RR");
  close(m.averagePrecision, 1 / 3, "AP");
  close(m.ndcg, 1 / Math.log2(4), "NDCG"); // 0.5
});

test("three gold files, two ranked (1st and 3rd), one never ranked", () => {
  const m = scoreRanking(["g1", "x", "g2"], ["g1", "g2", "g3"]);
  assert.deepEqual(m.hit, { 1: 1, 3: 1, 5: 1, 10: 1 });
  close(m.reciprocalRank, 1, "RR");
  close(m.averagePrecision, (1 / 1 + 2 / 3) / 3, "AP"); // 0.5556
  close(m.ndcg, (1 + 1 / 2) / (1 + 1 / Math.log2(3) + 1 / 2), "NDCG"); // 0.7039
});

test("gold first at rank 1 is perfect for one gold file", () => {
  const m = scoreRanking(["gold", "a"], ["gold"]);
  assert.deepEqual([m.reciprocalRank, m.averagePrecision, m.ndcg], [1, 1, 1]);
});

test("gold at rank 7 counts only for Hit@10", () => {
  const m = scoreRanking(["a", "b", "c", "d", "e", "f", "gold"], ["gold"]);
  assert.deepEqual(m.hit, { 1: 0, 3: 0, 5: 0, 10: 1 });
  close(m.reciprocalRank, 1 / 7, "RR");
});

test("a miss, an empty ranking and an empty gold set score zero", () => {
  for (const m of [scoreRanking(["a", "b"], ["gold"]), scoreRanking([], ["gold"]), scoreRanking(["a"], [])]) {
    assert.deepEqual(m, { hit: { 1: 0, 3: 0, 5: 0, 10: 0 }, reciprocalRank: 0, averagePrecision: 0, ndcg: 0 });
  }
});

test("a duplicated path counts once, at its first position", () => {
  const m = scoreRanking(["a", "a", "gold"], ["gold"]);
  close(m.reciprocalRank, 1 / 2, "RR");
});

test("summaries are means; MRR and MAP average RR and AP", () => {
  const s = summarizeMetrics([scoreRanking(["gold"], ["gold"]), scoreRanking(["a", "b", "gold"], ["gold"]), scoreRanking(["a"], ["gold"])]);
  assert.equal(s.count, 3);
  close(s.hit[1], 1 / 3, "Hit@1");
  close(s.hit[3], 2 / 3, "Hit@3");
  close(s.mrr, (1 + 1 / 3 + 0) / 3, "MRR");
  close(s.map, (1 + 1 / 3 + 0) / 3, "MAP");
  close(s.ndcg, (1 + 0.5 + 0) / 3, "NDCG");
  assert.deepEqual(summarizeMetrics([]), { count: 0, hit: { 1: 0, 3: 0, 5: 0, 10: 0 }, mrr: 0, map: 0, ndcg: 0 });
});
