import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { scanTokens, STOPWORDS, tokenize } from "../../src/rank/query/tokenize.js";

test("camelCase and PascalCase identifiers keep the whole word and add their parts", () => {
  assert.deepEqual(tokenize("getUserName"), ["getusername", "get", "user", "name"]);
  assert.deepEqual(tokenize("URLField"), ["urlfield", "url", "field"]);
});

test("acronyms split at the last capital before a lower-case run", () => {
  assert.deepEqual(tokenize("parseHTTPResponse"), ["parsehttpresponse", "parse", "http", "response"]);
  assert.deepEqual(tokenize("IOError"), ["ioerror", "io", "error"]);
});

test("snake_case and SCREAMING_CASE split on underscores", () => {
  assert.deepEqual(tokenize("run_validators"), ["run_validators", "run", "validators"]);
  assert.deepEqual(tokenize("MAX_RETRY_COUNT"), ["max_retry_count", "max", "retry", "count"]);
});

test("kebab-case splits like prose, since '-' is not part of a word", () => {
  assert.deepEqual(tokenize("kebab-case-name"), ["kebab", "case", "name"]);
});

test("digits split from letters and pure numbers are dropped", () => {
  assert.deepEqual(tokenize("utf8Decode Int64Array 2024 line 151"), [
    "utf8decode", "utf", "decode", "int64array", "int", "array", "line",
  ]);
});

test("dunder markers are trimmed and one-letter words dropped", () => {
  assert.deepEqual(tokenize("__init__ _private x y"), ["init", "private"]);
});

test("prose stopwords are dropped, case is folded", () => {
  assert.deepEqual(tokenize("The value is NOT valid for this Field"), ["value", "valid", "field"]);
});

test("split: false keeps whole words only (the plain word splitter)", () => {
  assert.deepEqual(tokenize("getUserName run_validators plain", { split: false }), ["getusername", "run_validators", "plain"]);
});

test("scanTokens marks sub-words as parts", () => {
  const seen: string[] = [];
  scanTokens("fooBar baz", (term, part) => seen.push(`${term}:${part ? "part" : "word"}`));
  assert.deepEqual(seen, ["foobar:word", "foo:part", "bar:part", "baz:word"]);
});

/** The scanner's definition in regular expressions (what it replaced): the hand-written scan must emit the same. */
function referenceTokens(text: string): [string, boolean][] {
  const stop = (w: string) => STOPWORDS.has(w);
  const out: [string, boolean][] = [];
  for (const m of text.matchAll(/[A-Za-z0-9_]+/g)) {
    const word = m[0];
    if (word.length < 2 || /^[0-9_]+$/.test(word)) continue;
    const trimmed = word.toLowerCase().replace(/^_+|_+$/g, "");
    if (trimmed.length >= 2 && !stop(trimmed)) out.push([trimmed, false]);
    if (!/_|[a-z][A-Z]|[A-Z]{2}[a-z]|[A-Za-z][0-9]|[0-9][A-Za-z]/.test(word)) continue;
    for (const p of word.matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g)) {
      const lp = p[0].toLowerCase();
      if (lp.length >= 2 && !/^[0-9_]+$/.test(lp) && lp !== trimmed && !stop(lp)) out.push([lp, true]);
    }
  }
  return out;
}

function scanned(text: string): [string, boolean][] {
  const out: [string, boolean][] = [];
  scanTokens(text, (term, part) => out.push([term, part]));
  return out;
}

test("the scanner emits what its regular-expression definition does, on random identifiers and on real source", () => {
  const alphabet = "aAbZz09_ -.xXyY\n\tQ";
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let k = 0; k < 3000; k++) {
    const length = 1 + Math.floor(next() * 24);
    let text = "";
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    assert.deepEqual(scanned(text), referenceTokens(text), JSON.stringify(text));
  }
  const source = readFileSync(new URL("../../src/rank/signals/rank-lexical.ts", import.meta.url), "utf8");
  const reference = referenceTokens(source);
  assert.ok(reference.length > 1000);
  assert.deepEqual(scanned(source), reference);
});
