import { test } from "node:test";
import assert from "node:assert/strict";
import { scanTokens, tokenize } from "../../src/rank/tokenize.js";

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
