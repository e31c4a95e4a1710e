import assert from "node:assert/strict";
import { test } from "node:test";
import { buildLexicalIndex, FIELDS, type LexicalIndex } from "../../src/rank/lexical-index.js";
import { decodeLexicalIndex, encodeLexicalIndex, type AnalysisSource } from "../../src/rank/lexical-snapshot.js";
import { rankLexical } from "../../src/rank/rank-lexical.js";
import { buildShopIndex, SHOP_FILES } from "./fixture-shop.js";

const ISSUES = [
  "Cart total ignores the discount\nAfter apply_discount() the cart total is unchanged.",
  "Refund crashes\nTraceback (most recent call last):\n  File \"/venv/lib/python3.11/site-packages/shop/payment/gateway.py\", line 8, in refund\nNotImplementedError",
  "Cancelling fails\njava.lang.NullPointerException\n\tat com.acme.orders.OrderService.cancelOrder(OrderService.java:12)",
  "Docs: cart total discount wording\nThe cart total with a discount code before checkout",
];

/** The analyses of a built index by hash, as a store would answer a decoded one. */
function analysesOf(index: LexicalIndex): AnalysisSource {
  const byHash = new Map(index.files.map((f) => [f.hash, f.analysis as Uint8Array]));
  return (hash) => {
    const analysis = byHash.get(hash);
    if (!analysis) throw new Error(`no analysis for ${hash}`);
    return analysis;
  };
}

/** Everything a ranking reads from an index, as plain data. */
function plain(index: LexicalIndex) {
  return {
    files: index.files.map((f) => ({
      path: f.path, hash: f.hash, language: f.language, lineCount: f.lineCount, role: f.role, symbols: [...f.symbols],
      analysis: Buffer.from(f.analysis as Uint8Array).toString("hex"),
    })),
    postStart: [...index.postStart], postFile: [...index.postFile],
    tf: FIELDS.map((f) => [...index.tf[f]]), lengths: FIELDS.map((f) => [...index.lengths[f]]), avgLength: index.avgLength,
    terms: index.termIds.size, definitions: [...index.definitions],
    paths: {
      files: index.files.map((_, i) => [index.paths.segmentsOf(i), index.paths.modulesOf(i)]),
      byName: [...index.paths.byName], byModuleTail: [...index.paths.byModuleTail],
    },
  };
}

test("a decoded snapshot is the built index: same arrays, files, definitions and rankings", () => {
  // Two paths with one content: stored once, restored for both.
  const built = buildShopIndex([...SHOP_FILES, { ...SHOP_FILES[0], path: "copy/cart.py" }]);
  const decoded = decodeLexicalIndex(encodeLexicalIndex(built), analysesOf(built));

  assert.deepEqual(plain(decoded), plain(built));
  for (const term of ["cart", "discount", "apply_discount", "refund", "no-such-term"]) {
    assert.equal(decoded.termIds.get(term), built.termIds.get(term), term);
  }
  for (const issue of ISSUES) assert.deepEqual(rankLexical(decoded, issue), rankLexical(built, issue), issue);
  assert.ok(rankLexical(decoded, ISSUES[0]).length > 0);
});

test("an empty index round-trips, and damaged bytes are refused rather than misread", () => {
  const empty = buildShopIndex([]);
  assert.deepEqual(plain(decodeLexicalIndex(encodeLexicalIndex(empty), analysesOf(empty))), plain(empty));

  const bytes = encodeLexicalIndex(buildShopIndex());
  assert.throws(() => decodeLexicalIndex(bytes.subarray(0, bytes.length - 64), () => new Uint8Array(0)), /truncated|fit|count/);
  const foreign = bytes.slice();
  foreign[0] ^= 0xff;
  assert.throws(() => decodeLexicalIndex(foreign, () => new Uint8Array(0)), /not a lexical snapshot/);
  assert.throws(() => decodeLexicalIndex(new Uint8Array(0), () => new Uint8Array(0)), /not a lexical snapshot/);
});

test("decoded definitions answer lookups by name, and the names and symbols come back in order", () => {
  const built = buildShopIndex();
  const decoded = decodeLexicalIndex(encodeLexicalIndex(built), analysesOf(built));
  assert.ok(built.definitions.size > 5);
  assert.equal(decoded.definitions.size, built.definitions.size);
  for (const name of [...built.definitions.keys(), "Cart.total", "cart", "no_such_name", ""]) {
    assert.deepEqual(decoded.definitions.get(name), built.definitions.get(name), name);
    assert.equal(decoded.definitions.has(name), built.definitions.has(name), name);
  }
  assert.deepEqual([...decoded.definitions.keys()], [...built.definitions.keys()]);
  assert.deepEqual([...decoded.definitions.values()], [...built.definitions.values()]);
  // A file's symbols are decoded once and shared by the files with its content.
  const file = decoded.files.findIndex((f) => f.symbols.length > 1);
  assert.equal(decoded.files[file].symbols, decoded.files[file].symbols);
  assert.deepEqual(decoded.files[file].symbols, built.files[file].symbols);
});

test("a decoded file reads its analysis on first access, once per content", () => {
  const shop = buildShopIndex();
  // Two paths with one content (one hash): the analysis is fetched once and shared.
  const doc = { ...shop.files[0], symbols: [...shop.files[0].symbols] };
  const built = buildLexicalIndex([doc, { ...doc, path: "copy/cart.py" }, shop.files[1]]);
  const asked: string[] = [];
  const source = analysesOf(built);
  const decoded = decodeLexicalIndex(encodeLexicalIndex(built), (hash) => (asked.push(hash), source(hash)));
  assert.deepEqual(asked, []);
  assert.deepEqual(decoded.files[0].analysis, built.files[0].analysis);
  assert.equal(decoded.files[1].analysis, decoded.files[0].analysis);
  assert.deepEqual(asked, [built.files[0].hash]);
  assert.deepEqual(rankLexical(decoded, ISSUES[0]), rankLexical(built, ISSUES[0]));
});
