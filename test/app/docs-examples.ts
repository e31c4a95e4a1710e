import type { Ranking } from "../../src/rank/types.js";
import type { CommentInput } from "../../src/triage/render-comment.js";
import { defaultSettings } from "../../src/triage/settings-schema.js";

/**
 * The example comment in docs/commands.md: the ranking the real app produced for the fixture issue
 * test/fixtures/app-issues/negative-total.json (see start-app.test.ts), with github.com links. The second and third
 * files score under `ranking.min_relative_score` of the first: the comment lists one.
 */
export const EXAMPLE_RANKING: Ranking = {
  mode: "bm25",
  reason: "no embedding API key is configured",
  ms: 75,
  confidence: 0.95,
  files: [
    {
      path: "shopcart/billing/invoice.py",
      score: 12.4,
      evidence: {
        terms: ["invoice", "total", "line", "refund", "valueerror"],
        words: ["compute_total", "invoice", "refund", "valueerror", "compute"],
        symbol: { name: "compute_total", qualifiedName: "Invoice.compute_total", kind: "method", startLine: 21, endLine: 31 },
        mention: { kind: "frame", text: 'File "shopcart/billing/invoice.py", line 30, in compute_total', line: 30, symbol: "compute_total" },
      },
    },
    {
      path: "shopcart/billing/discount.py",
      score: 3.1,
      evidence: {
        terms: ["total", "error", "raise"],
        words: ["total", "error", "raise"],
        symbol: { name: "apply_discount", qualifiedName: "apply_discount", kind: "function", startLine: 4, endLine: 9 },
      },
    },
    {
      path: "shopcart/storage/cache.py",
      score: 1.2,
      evidence: {
        terms: ["value", "last"],
        words: ["last", "value"],
        symbol: { name: "put", qualifiedName: "LruCache.put", kind: "method", startLine: 16, endLine: 20 },
      },
    },
  ],
};

export const EXAMPLE_INPUT: CommentInput = {
  link: { webBaseUrl: "https://github.com", owner: "acme", repo: "shop", commit: "6666666666666666666666666666666666666666" },
  ranking: EXAMPLE_RANKING,
  confidence: 0.95,
  settings: defaultSettings(),
  notes: [],
  requested: false,
};
