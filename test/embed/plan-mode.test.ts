import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { estimateFillMs, planMode, DEFAULT_PLAN_OPTIONS, type PlanInput } from "../../src/rank/plan-mode.js";
import { INITIAL_DENSE_STATS, recordDenseFailure, recordEmbedRequest } from "../../src/rank/plan-mode-stats.js";

const NOW = 1_700_000_000_000;
const STATS = { ...INITIAL_DENSE_STATS, requestLatencyMs: 300, msPerKToken: 20, samples: 5 };
const WARM: PlanInput = {
  requested: "auto",
  hasKey: true,
  totalTokens: 5_000_000,
  missingTokens: 0,
  denseUnits: 60_000,
  indexCached: true,
  fillRunning: false,
  stats: STATS,
  budgetMs: 2_000,
  nowMs: NOW,
};

describe("planMode", () => {
  test("no key: bm25 everywhere, whatever was requested", () => {
    for (const requested of ["auto", "dense", "hybrid", "bm25"] as const) {
      const plan = planMode({ ...WARM, requested, hasKey: false });
      assert.deepEqual([plan.mode, plan.fillInBackground, plan.fillFirst], ["bm25", false, false]);
      assert.match(plan.reason, /no Voyage API key/);
    }
  });

  test("warm: auto runs the warm mode (hybrid by default, dense when configured); explicit modes are honoured", () => {
    const plan = planMode(WARM);
    assert.deepEqual([plan.mode, plan.fillFirst, plan.fillInBackground, plan.deadlineMs], ["hybrid", false, false, NOW + 1_700]);
    assert.equal(plan.reason, "embeddings 100% warm: hybrid (query ~330 ms within 2.0 s)");
    assert.equal(planMode(WARM, { warmMode: "dense" }).mode, "dense");
    assert.equal(planMode({ ...WARM, requested: "dense" }).mode, "dense");
    assert.equal(planMode({ ...WARM, requested: "bm25" }).reason, "bm25 requested");
  });

  test("warm with a few new files: dense now, and the rest filled in the background", () => {
    const plan = planMode({ ...WARM, missingTokens: 20_000, indexCached: false });
    assert.deepEqual([plan.mode, plan.fillInBackground], ["hybrid", true]);
    assert.equal(plan.estimates.queryMs, 300 + 60 * 15 + 30, "an unloaded matrix adds its load time");
    assert.equal(planMode({ ...WARM, missingTokens: 20_000, fillRunning: true }).fillInBackground, false, "one fill at a time");
  });

  test("cold and over budget: lexical now with a background fill, and dense once the fill is done", () => {
    const cold = { ...WARM, missingTokens: 5_000_000, denseUnits: 0, indexCached: false };
    const now = planMode(cold);
    assert.deepEqual([now.mode, now.fillInBackground, now.fillFirst], ["bm25", true, false]);
    assert.equal(now.reason, "embeddings 0% warm, ~5.0M tokens to embed (~100 s) exceeds the 2.0 s budget: lexical now; filling embeddings in background");
    const during = planMode({ ...cold, missingTokens: 4_000_000, fillRunning: true, nowMs: NOW + 30_000 });
    assert.deepEqual([during.mode, during.fillInBackground], ["bm25", false]);
    assert.match(during.reason, /background fill in progress$/);
    const after = planMode({ ...WARM, nowMs: NOW + 120_000 });
    assert.equal(after.mode, "hybrid");
  });

  test("cold but small: the gap is embedded first when it fits the budget", () => {
    const plan = planMode({ ...WARM, totalTokens: 30_000, missingTokens: 30_000, denseUnits: 0, budgetMs: 5_000 });
    assert.deepEqual([plan.mode, plan.fillFirst, plan.fillInBackground], ["hybrid", true, false]);
    assert.equal(plan.estimates.fillMs, 900);
    assert.equal(plan.reason, "embeddings 0% warm; embedding the missing ~30K tokens first (~900 ms), then hybrid");
    assert.equal(planMode({ ...WARM, totalTokens: 30_000, missingTokens: 30_000, budgetMs: 1_000 }).mode, "bm25", "the same gap does not fit 1 s");
  });

  test("partly warm and over budget: hybrid over the cached part, filling the rest", () => {
    const plan = planMode({ ...WARM, missingTokens: 1_000_000 });
    assert.deepEqual([plan.mode, plan.fillInBackground], ["hybrid", true]);
    assert.match(plan.reason, /^embeddings 80% warm, ~1.0M tokens to embed \(~20 s\): hybrid now/);
    assert.equal(planMode({ ...WARM, missingTokens: 1_000_000, requested: "dense" }).mode, "dense");
  });

  test("a budget too small for one query: lexical", () => {
    const plan = planMode({ ...WARM, budgetMs: 500 });
    assert.deepEqual([plan.mode, plan.preloadIndex], ["bm25", false]);
    assert.match(plan.reason, /does not fit the 500 ms budget/);
  });

  test("time already spent counts against the budget", () => {
    const late = planMode({ ...WARM, elapsedMs: 1_500 });
    assert.deepEqual([late.mode, late.deadlineMs], ["bm25", NOW + 200]);
    assert.equal(late.reason, "embeddings 100% warm, but a dense query (~330 ms) does not fit the 2.0 s budget: lexical ranking");
  });

  test("warm but the matrix not in memory: lexical now, and the matrix preloaded for the next request", () => {
    const cold = planMode({ ...WARM, indexCached: false, budgetMs: 1_000 });
    assert.deepEqual([cold.mode, cold.preloadIndex, cold.estimates.queryMs], ["bm25", true, 1_230]);
    assert.equal(planMode({ ...WARM, budgetMs: 1_000 }).mode, "hybrid", "once loaded it fits");
  });

  test("after a dense failure: lexical during the cool-down, dense again after it", () => {
    const failed = recordDenseFailure(STATS, "timeout", NOW - 10_000);
    const plan = planMode({ ...WARM, stats: failed });
    assert.equal(plan.mode, "bm25");
    assert.equal(plan.reason, "dense skipped: the last Voyage call failed (timeout) 10 s ago");
    assert.equal(planMode({ ...WARM, stats: failed, nowMs: NOW + 50_001 }).mode, "hybrid");
  });

  test("measured latency and throughput move the estimates", () => {
    let stats = INITIAL_DENSE_STATS;
    stats = recordEmbedRequest(stats, { tokens: 10, ms: 120, ok: true });
    assert.equal(stats.requestLatencyMs, 120, "the first small request replaces the prior");
    stats = recordEmbedRequest(stats, { tokens: 100_000, ms: 2_120, ok: true });
    assert.equal(stats.msPerKToken, 25 + 0.3 * (20 - 25));
    assert.equal(recordEmbedRequest(stats, { tokens: 10, ms: 99_999, ok: false }), stats, "failures say nothing about speed");
    // 1.2M tokens = 10 requests of 120K; 4 streams; the 3M tokens/min limit floors it at 24 s
    assert.equal(estimateFillMs(1_200_000, { ...stats, requestLatencyMs: 300, msPerKToken: 10 }, DEFAULT_PLAN_OPTIONS), 24_000);
    assert.equal(estimateFillMs(120_000, { ...stats, requestLatencyMs: 300, msPerKToken: 10 }, DEFAULT_PLAN_OPTIONS), 2_400);
  });
});
