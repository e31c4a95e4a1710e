import assert from "node:assert/strict";
import { test } from "node:test";
import { buildLexicalIndex, FIELDS, type BuiltLexicalIndex, type LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import {
  readLexicalSnapshot, type AnalysisSource,
} from "../../src/rank/lexical/lexical-snapshot.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { layOutSections } from "../../src/rank/lexical/snapshot-sections.js";
import { decodeLexicalIndex, encodeLexicalIndex, joinSections } from "./snapshot-in-memory.js";
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

const termsOf = (index: BuiltLexicalIndex): string[] => index.interner.strings();

/** Everything a ranking reads from an index, as plain data; postings of `terms` (every term of the built index). */
function plain(index: LexicalIndex, terms: readonly string[]) {
  return {
    files: index.files.map((f) => ({
      path: f.path, hash: f.hash, language: f.language, lineCount: f.lineCount, role: f.role, symbols: [...f.symbols],
      analysis: Buffer.from(f.analysis as Uint8Array).toString("hex"),
    })),
    postings: terms.map((term) => {
      const p = index.postings(term);
      return p && { files: [...p.files], tf: FIELDS.map((f) => [...p.tf[f]]) };
    }),
    lengths: FIELDS.map((f) => [...index.lengths[f]]), avgLength: index.avgLength,
    // Saved definitions come back in name order.
    definitions: [...index.definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
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

  const terms = termsOf(built);
  assert.ok(terms.length > 50);
  assert.deepEqual(plain(decoded, terms), plain(built, terms));
  for (const term of ["cart", "discount", "apply_discount", "refund", "no-such-term"]) {
    assert.deepEqual(decoded.postings(term), built.postings(term), term);
  }
  assert.equal(decoded.postings("no-such-term"), undefined);
  for (const issue of ISSUES) assert.deepEqual(rankLexical(decoded, issue), rankLexical(built, issue), issue);
  assert.ok(rankLexical(decoded, ISSUES[0]).length > 0);
});

test("an empty index round-trips, and damaged bytes are refused rather than misread", () => {
  const empty = buildShopIndex([]);
  assert.deepEqual(plain(decodeLexicalIndex(encodeLexicalIndex(empty), analysesOf(empty)), ["cart"]), plain(empty, ["cart"]));

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
  const sorted = [...built.definitions.keys()].sort();
  assert.deepEqual([...decoded.definitions.keys()], sorted);
  assert.deepEqual([...decoded.definitions.values()], sorted.map((name) => built.definitions.get(name)));
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

test("a snapshot read by position reads its tables when opened and a term's postings only when asked, once", () => {
  const built = buildShopIndex();
  const bytes = encodeLexicalIndex(built);
  const reads: [number, number][] = [];
  const readAt = (position: number, length: number): Uint8Array => {
    reads.push([position, length]);
    // A fresh buffer per read, as a file gives.
    return bytes.slice(position, position + length);
  };
  const opened = readLexicalSnapshot(readAt, bytes.length, analysesOf(built));
  const readBytes = () => reads.reduce((n, [, length]) => n + length, 0);
  const atOpen = readBytes();
  assert.ok(atOpen < bytes.length, `${atOpen} of ${bytes.length} bytes read when opened`);

  const before = reads.length;
  assert.deepEqual(opened.postings("discount"), built.postings("discount"));
  // The term's block of the sorted term list, its two offsets, the file column and one column per field.
  const perTerm = 2 + 1 + FIELDS.length;
  assert.equal(reads.length - before, perTerm);
  opened.postings("discount");
  assert.equal(reads.length - before, perTerm);
  assert.equal(opened.postings("no-such-term"), undefined);
  assert.ok(reads.length - before <= perTerm + 1);
  for (const issue of ISSUES) assert.deepEqual(rankLexical(opened, issue), rankLexical(built, issue), issue);

  // A snapshot shorter or longer than its sections say is refused when opened.
  assert.throws(() => readLexicalSnapshot(readAt, bytes.length - 8, analysesOf(built)), /truncated|trailing/);
  assert.throws(() => readLexicalSnapshot(readAt, bytes.length + 8, analysesOf(built)), /trailing/);
});

test("a streamed column is written piece by piece, and one that gives other than its length fails the write", () => {
  const whole = Int32Array.from([1, 2, 3, 4, 5]);
  const bytes = new Uint8Array(whole.buffer);
  const streamed = { byteLength: bytes.length, *pieces() { yield bytes.subarray(0, 8); yield bytes.subarray(8); } };
  assert.deepEqual(joinSections(layOutSections(7, [streamed])), joinSections(layOutSections(7, [whole])));
  const short = { byteLength: bytes.length, *pieces() { yield bytes.subarray(0, 8); } };
  assert.throws(() => joinSections(layOutSections(7, [short])), /gave 8 bytes, not 20/);
  const long = { byteLength: 8, *pieces() { yield bytes; } };
  assert.throws(() => joinSections(layOutSections(7, [long])), /not 8/);
});
