import { test } from "node:test";
import assert from "node:assert/strict";
import winkBm25 from "wink-bm25-text-search";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { resolveLexicalOptions } from "../../src/rank/signals/rank-options.js";
import { PLAIN_BM25_OPTIONS } from "../../bench/eval-configs.js";
import { tokenize } from "../../src/rank/query/tokenize.js";
import { buildShopIndex, SHOP_FILES } from "./fixture-shop.js";

/**
 * wink-bm25-text-search is the reference implementation: fed the same tokens with the same k1 and b, its scores
 * must be ours up to a constant factor. Both use IDF = ln(1 + (N − n + ½)/(n + ½)) (wink's `k` = 1); wink scales
 * each term by (k1 + 1), which cancels once both are divided by their best score, and rounds to 4 decimals.
 */
function winkRanking(split: boolean, query: string): [string, number][] {
  const engine = winkBm25();
  engine.defineConfig({ fldWeights: { body: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
  engine.definePrepTasks([(text: string) => tokenize(text, { split })]);
  SHOP_FILES.forEach((f) => engine.addDoc({ body: f.text }, f.path));
  engine.consolidate(9);
  return engine.search(query, 100);
}

const queries = [
  "Cart total ignores the discount after apply_discount",
  "refund charge amount must be positive",
  "cancelOrder order repository find",
  "money currency amount format cents",
];

for (const split of [false, true]) {
  test(`same order and relative scores as wink (${split ? "identifier splitting" : "plain word splitter"})`, () => {
    const index = buildShopIndex();
    const options = resolveLexicalOptions({ bm25: { part: split ? 1 : 0 } }, PLAIN_BM25_OPTIONS);
    for (const q of queries) {
      const ours = rankLexical(index, q, options);
      const theirs = winkRanking(split, q);
      assert.deepEqual(ours.map((f) => f.path), theirs.map(([path]) => path), `order for "${q}"`);
      const ourTop = ours[0].score;
      const theirTop = theirs[0][1];
      ours.forEach((f, i) => {
        assert.ok(Math.abs(f.score / ourTop - theirs[i][1] / theirTop) < 1e-6, `${f.path} for "${q}"`);
      });
    }
  });
}
