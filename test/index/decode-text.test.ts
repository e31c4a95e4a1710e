import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { countLines, decodeText } from "../../src/index/decode-text.js";
import { hashContent } from "../../src/index/hash-content.js";

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../fixtures/index-encodings/${name}`, import.meta.url));

test("latin-1 bytes decode with replacement characters instead of throwing", () => {
  assert.equal(decodeText(fixture("latin1.py")), '# Caf\uFFFD menu\ndef price():\n    return "5 \uFFFDcus"\n');
});

test("a UTF-8 byte-order mark is dropped", () => {
  const text = decodeText(fixture("bom.ts"));
  assert.equal(text.charCodeAt(0), "e".charCodeAt(0));
  assert.equal(text, 'export function greet(): string {\n  return "hi";\n}\n');
});

test("CRLF and lone CR line ends become LF", () => {
  assert.equal(decodeText(fixture("crlf.py")),
    "class Crlf:\n    def one(self):\n        return 1\n\n    def two(self):\n        return 2\n");
  assert.equal(decodeText(fixture("old-mac.txt")), "line one\nline two\n");
});

test("decoding a subarray reads only its bytes", () => {
  const bytes = new TextEncoder().encode("xxhello worldyy").subarray(2, 13);
  assert.equal(decodeText(bytes), "hello world");
});

test("lines count as editors count them", () => {
  assert.equal(countLines(""), 0);
  assert.equal(countLines("a"), 1);
  assert.equal(countLines("a\n"), 1);
  assert.equal(countLines("a\nb"), 2);
  assert.equal(countLines("a\n\n"), 2);
});

test("the content hash is the sha256 of the raw bytes, BOM and CRLF included", () => {
  assert.equal(hashContent(new TextEncoder().encode("abc")),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.notEqual(hashContent(fixture("crlf.py")), hashContent(Buffer.from(decodeText(fixture("crlf.py")))));
});
