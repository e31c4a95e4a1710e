import assert from "node:assert/strict";
import { test } from "node:test";
import { buildConfidenceFeatures, MAX_LOG_GAP } from "../../src/rank/confidence/confidence-features.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import type { RankedFile } from "../../src/rank/types.js";
import { buildShopIndex } from "./fixture-shop.js";

const index = buildShopIndex();

function featuresOf(text: string) {
  const files = rankLexical(index, text);
  return { files, features: buildConfidenceFeatures(index, text, files) };
}

test("the evidence kinds of the first file: a written path, a definition the issue names (a frame's function too)", () => {
  const frame = featuresOf('Total crashes\n\nTraceback (most recent call last):\n  File "shop/cart.py", line 20, in total\nTypeError: bad operand');
  assert.equal(frame.files[0].path, "shop/cart.py");
  assert.deepEqual([frame.features?.path, frame.features?.definition], [0, 1]);

  const path = featuresOf("Refunds fail\n\nshop/payment/gateway.py never posts the refund.");
  assert.equal(path.files[0].path, "shop/payment/gateway.py");
  assert.deepEqual([path.features?.path, path.features?.definition], [1, 0]);

  const named = featuresOf("The discount is lost\n\n`Cart.apply_discount` keeps the code but the total ignores it.");
  assert.equal(named.files[0].path, "shop/cart.py");
  assert.deepEqual([named.features?.path, named.features?.definition], [0, 1]);
});

test("coverage and unknown words: shares of the query's weight, each from 0 to 1", () => {
  const named = featuresOf("Cart.apply_discount");
  assert.equal(named.files[0].path, "shop/cart.py");
  assert.equal(named.features?.definition, 1);
  assert.equal(named.features?.coverage, 1);
  assert.equal(named.features?.unknown, 0);

  const elsewhere = featuresOf("Dark mode please\n\nThe colours of the cart hurt my eyes at night");
  assert.ok(elsewhere.features !== undefined);
  assert.ok(elsewhere.features.unknown > 0.5, String(elsewhere.features.unknown));
  assert.ok(elsewhere.features.unknown < 1);
  assert.ok(elsewhere.features.coverage > 0 && elsewhere.features.coverage <= 1);

  const names = featuresOf("`ThemeSwitcher.toggleDark` breaks `Cart.apply_discount`");
  assert.equal(names.features?.unknownNames, 2 / 4, "themeswitcher and toggledark unknown, cart and apply_discount known");
  assert.equal(names.features?.names, Math.log(1 + 4));
});

test("score gaps are logarithms of the first score over the second and fifth, capped; a missing file gives no lead", () => {
  const file = (path: string, score: number): RankedFile => ({ path, score, evidence: { terms: [] } });
  const text = "cart total";
  const ranked = [file("shop/cart.py", 4), file("tests/test_cart.py", 2), file("a", 2), file("b", 1), file("c", 0.1)];
  const features = buildConfidenceFeatures(index, text, ranked)!;
  assert.equal(features.gap2, Math.log(2));
  assert.equal(features.gap5, MAX_LOG_GAP, "ln 40 is past the cap");
  const lone = buildConfidenceFeatures(index, text, [file("shop/cart.py", 4)])!;
  assert.deepEqual([lone.gap2, lone.gap5], [0, 0]);
  assert.equal(buildConfidenceFeatures(index, text, []), undefined);
});

test("a fused first file is rated by its lead in the lexical ranking, not by the fused scores", () => {
  const file = (path: string, score: number): RankedFile => ({ path, score, evidence: { terms: [] } });
  const text = "cart total";
  const lexical = [file("shop/cart.py", 4), file("tests/test_cart.py", 2), file("a", 2), file("b", 1), file("c", 0.1)];
  // Reciprocal-rank fusion: scores a hair apart, the same first file.
  const fused = [file("shop/cart.py", 2 / 61), file("tests/test_cart.py", 2 / 62), file("a", 2 / 63), file("b", 2 / 64), file("c", 2 / 65)];
  assert.deepEqual(buildConfidenceFeatures(index, text, fused, lexical), buildConfidenceFeatures(index, text, lexical));
  // A first file the lexical ranking puts second has no lead; one it does not list, none either.
  const second = buildConfidenceFeatures(index, text, [lexical[1], lexical[2]], lexical)!;
  assert.equal(second.gap2, 0);
  assert.equal(second.gap5, Math.log(2 / 0.1));
  const unlisted = buildConfidenceFeatures(index, text, [file("shop/payment/gateway.py", 1)], lexical)!;
  assert.deepEqual([unlisted.gap2, unlisted.gap5], [0, 0]);
});

test("a stack frame naming the first file counts, whichever list carried it", () => {
  const text = 'Total crashes\n\nTraceback (most recent call last):\n  File "shop/cart.py", line 20, in total\nTypeError: bad operand';
  const lexical = rankLexical(index, text);
  assert.equal(lexical[0].evidence.mention?.kind, "frame");
  assert.equal(buildConfidenceFeatures(index, text, lexical)?.frame, 1);
  const dense: RankedFile = { path: lexical[0].path, score: 0.9, evidence: { terms: [], similarity: 0.9 } };
  assert.equal(buildConfidenceFeatures(index, text, [dense], lexical)?.frame, 1);
  assert.equal(buildConfidenceFeatures(index, "cart total", rankLexical(index, "cart total"))?.frame, 0);
});

test("rankers that agree on the first two files and differ in their order are rated as the lexical ranking rates them", () => {
  const file = (path: string, score: number): RankedFile => ({ path, score, evidence: { terms: [] } });
  const text = "cart total";
  const lexical = [file("shop/cart.py", 4), file("tests/test_cart.py", 2), file("a", 2), file("b", 1), file("c", 0.1)];
  const swapped = [file("tests/test_cart.py", 0.9), file("shop/cart.py", 0.8), file("a", 0.7)];
  assert.deepEqual(buildConfidenceFeatures(index, text, swapped, lexical), buildConfidenceFeatures(index, text, lexical));
  // A first file from further down is rated by its own lead: none.
  const lifted = [file("a", 0.9), file("shop/cart.py", 0.8)];
  assert.equal(buildConfidenceFeatures(index, text, lifted, lexical)?.gap2, 0);
});
