import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { decodeText } from "../../src/index/decode-text.js";
import { detectLanguage } from "../../src/index/detect-language.js";
import { gapWindows } from "../../src/index/symbols/line-windows.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { Language, SymbolInfo } from "../../src/index/types.js";

let extractor: SymbolExtractor;
before(async () => {
  extractor = await createSymbolExtractor();
});
after(() => extractor.dispose());

function fixture(name: string): string {
  return decodeText(readFileSync(new URL(`../fixtures/index-symbols/${name}`, import.meta.url)));
}

const show = (s: SymbolInfo): string => `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`;

/** Every parsed language: kind, qualified name and 1-based inclusive lines of each definition, in document order. */
const EXPECTED: Record<string, string[]> = {
  "sample.py": [
    "function top_level 4-5",
    "function decorated 8-10",
    "class Model 13-27",
    "method Model.save 16-19",
    "method Model.name 21-23",
    "class Model.Meta 25-27",
    "method Model.Meta.method 26-27",
    "function fetch_all 30-31",
    "function speedup 37-38",
  ],
  "sample.js": [
    "function topLevel 3-5",
    "function arrow 7-7",
    "class Widget 9-22",
    "constructor Widget.constructor 10-13",
    "method Widget.render 15-17",
    "method Widget.create 19-21",
    "function main 24-27",
    "function fnExpr 29-29",
    "class Button 32-36",
    "method Button.handleClick 33-35",
    "method Widget.legacy 38-40",
    "function helper 42-42",
    "function insideIife 47-47",
  ],
  "sample.ts": [
    "interface Shape 1-3",
    "method Shape.area 2-2",
    "enum Color 5-8",
    "class Circle 12-20",
    "constructor Circle.constructor 13-13",
    "method Circle.area 15-17",
    "method Circle.describe 19-19",
    "function makeCircle 22-24",
    "function helper 26-26",
    "module Geometry 28-32",
    "function Geometry.distance 29-31",
  ],
  "sample.tsx": [
    "interface Props 3-5",
    "function Header 7-9",
    "function Footer 11-11",
    "class Page 13-17",
    "method Page.render 14-16",
  ],
  "Sample.java": [
    "class Sample 5-32",
    "constructor Sample.Sample 8-10",
    "method Sample.getCount 12-14",
    "class Sample.Inner 16-19",
    "method Sample.Inner.run 17-18",
    "interface Sample.Listener 21-23",
    "method Sample.Listener.onEvent 22-22",
    "enum Sample.Mode 25-31",
    "method Sample.Mode.isOn 28-30",
    "class Point 34-36",
    "method Point.sum 35-35",
  ],
  "sample.kt": [
    "class Repository 5-17",
    "method Repository.load 6-8",
    "method Repository.create 11-11",
    "class Repository.Cursor 14-16",
    "method Repository.Cursor.next 15-15",
    "class Registry 19-21",
    "method Registry.register 20-20",
    "interface Store 23-25",
    "method Store.get 24-24",
    "enum Level 27-27",
    "class Item 29-29",
    "function topLevel 31-31",
  ],
  "sample.go": [
    "struct Server 5-7",
    "interface Handler 9-11",
    "method Handler.Handle 10-10",
    "function New 15-17",
    "method Server.Serve 19-21",
    "method Server.Addr 23-25",
    "method List.Push 27-28",
  ],
  "sample.rs": [
    "struct Point 3-6",
    "enum Shape 8-11",
    "trait Area 13-18",
    "method Area.area 14-14",
    "method Area.describe 15-17",
    "method Point.new 21-23",
    "method Point.fmt 27-29",
    "method Wrapper.get 33-35",
    "module geometry 38-42",
    "function geometry.distance 39-41",
    "function main 44-45",
  ],
  "sample.c": [
    "struct point 3-6",
    "struct size_t2 8-10",
    "enum color 12-12",
    "function add 14-16",
    "function name_of 18-21",
    "function main 23-25",
    "function trace 28-29",
  ],
  "sample.cpp": [
    "class Shape 5-10",
    "method Shape.describe 8-9",
    "struct Point 12-16",
    "method Point.sum 15-15",
    "method Shape.perimeter 18-20",
    "function maxOf 22-25",
    "enum Color 29-29",
    "function main 31-33",
  ],
  "Sample.cs": [
    "interface IStore 5-8",
    "method IStore.Get 7-7",
    "class UserService 10-26",
    "constructor UserService.UserService 12-14",
    "property UserService.Name 16-16",
    "method UserService.Save 18-20",
    "class UserService.Cache 22-25",
    "method UserService.Cache.Clear 24-24",
    "struct Point 28-31",
    "enum Level 33-37",
  ],
  "sample.rb": [
    "module Billing 3-17",
    "class Billing.Invoice 4-16",
    "constructor Billing.Invoice.initialize 5-7",
    "method Billing.Invoice.build 9-11",
    "method Billing.Invoice.total 13-15",
    "class Billing.Payment 19-22",
    "method Billing.Payment.charge 20-21",
    "function helper 24-25",
  ],
  "sample.php": [
    "interface Shape 7-10",
    "method Shape.area 9-9",
    "trait Greets 12-18",
    "method Greets.greet 14-17",
    "class User 20-35",
    "constructor User.__construct 22-24",
    "method User.save 26-29",
    "method User.find 31-34",
    "function helper 37-40",
  ],
  "sample.swift": [
    "interface Shape 3-5",
    "method Shape.area 4-4",
    "struct Point 7-11",
    "constructor Point.init 9-9",
    "method Point.dist 10-10",
    "class Circle 13-18",
    "constructor Circle.init 15-15",
    "method Circle.area 16-16",
    "method Circle.unit 17-17",
    "enum Color 20-23",
    "method Color.name 22-22",
    // An extension is named by the type it extends.
    "class Circle 25-27",
    "method Circle.grow 26-26",
    "function topLevel 29-31",
  ],
  "sample.scala": [
    "trait Shape 5-7",
    "method Shape.area 6-6",
    "class Point 9-11",
    "method Point.dist 10-10",
    "class Circle 13-19",
    "constructor Circle.this 14-14",
    "method Circle.area 15-17",
    // A companion object: its methods qualify like the class's.
    "class Circle 21-23",
    "method Circle.unit 22-22",
    "function topLevel 25-25",
  ],
};

for (const [file, expected] of Object.entries(EXPECTED)) {
  const language = detectLanguage(file);
  test(`${language} symbols of ${file} have qualified names and exact line ranges`, () => {
    // Windows over code outside the definitions are tested on their own below.
    const symbols = extractor.extract(fixture(file), language).filter((s) => s.kind !== "window");

    assert.equal(extractor.parses(language), true);
    assert.deepEqual(symbols.map(show), expected);
    // The bare name is the last part of the qualified name.
    for (const s of symbols) assert.equal(s.name, s.qualifiedName.split(".").at(-1), s.qualifiedName);
  });
}

test("a file with a syntax error still yields the definitions before the error, without throwing", () => {
  const symbols = extractor.extract(fixture("broken.py"), "python").map(show);

  assert.deepEqual(symbols.slice(1), ["method Broken.ok 2-3"]);
  assert.match(symbols[0], /^class Broken 1-/);
});

test("a parsed file with no definitions and under three lines of code has no symbols", () => {
  assert.deepEqual(extractor.extract("import os\n\nprint(os.name)\n", "python"), []);
  assert.deepEqual(extractor.extract("", "go"), []);
});

test("runs of three or more code lines outside every definition get windows, in document order", () => {
  const text = [
    "import os", // 1
    "from sys import (argv,", // 2
    "  path)", // 3
    "def first():", // 4
    "    return 1", // 5
    "", // 6
    "", // 7
    "TABLE = {", // 8
    "    'a': 1,", // 9
    "}", // 10
    "", // 11
    "class Box:", // 12
    "    def open(self):", // 13
    "        pass", // 14
    "", // 15
    "x = 1", // 16
    "", // 17
    "y = 2", // 18
    "", // 19
  ].join("\n");

  // Lines 1-3 are imports: no window. Lines 16-18 hold two lines of code among blanks: none either.
  assert.deepEqual(extractor.extract(text, "python").map(show), [
    "function first 4-5",
    "window lines 8-10 8-10",
    "class Box 12-14",
    "method Box.open 13-14",
  ]);
});

test("code the grammar gives no definitions for is reachable through windows: a handler export, a macro's items", () => {
  const handler = "const fetch = require('x');\n\nmodule.exports = async (req, res) => {\n  res.send(await fetch(req.query.user));\n};\n";
  assert.deepEqual(extractor.extract(handler, "javascript").map(show), ["window lines 1-5 1-5"]);

  const rust = ["use std::time::Instant;", "", "cfg_test_util! {", "    pub fn pause() {", "        clock().pause();", "    }", "}", "", "pub struct Clock {}", ""].join("\n");
  assert.deepEqual(extractor.extract(rust, "rust").map(show), ["window lines 3-7 3-7", "struct Clock 9-9"]);
});

test("import statements get no window in any parsed language: a fix adds one often, the reader is sent elsewhere", () => {
  const cases: [Language, string][] = [
    ["javascript", "import a from 'a';\nimport { b } from 'b';\nimport c from 'c';\n"],
    ["java", "package x.y;\n\nimport java.util.List;\nimport java.util.Map;\n"],
    ["go", "package main\n\nimport (\n  \"fmt\"\n  \"os\"\n)\n"],
    ["rust", "use std::io;\nuse std::fs::{File,\n  OpenOptions};\nextern crate core;\n"],
    ["c", "#include <stdio.h>\n#include <stdlib.h>\n#include \"x.h\"\n"],
    ["cpp", "#include <vector>\n#ifdef X\n#include <map>\n#include <set>\n#endif\n"],
    ["python", "from __future__ import annotations\nimport os\nif TYPE_CHECKING:\n    import sys\n    import re\n"],
  ];
  for (const [language, text] of cases) {
    const windows = extractor.extract(text, language).filter((s) => s.kind === "window").map(show);
    // What is left between the imports (an `#ifdef`, an `if TYPE_CHECKING:` line) is under three lines.
    assert.deepEqual(windows, [], language);
  }
});

test("a long run outside the definitions is cut into overlapping 60-line windows", () => {
  const text = ["def f():", "    pass", ...Array.from({ length: 100 }, (_, i) => `X${i} = ${i}`)].join("\n");

  assert.deepEqual(extractor.extract(text, "python").map(show), [
    "function f 1-2", "window lines 3-62 3-62", "window lines 53-102 53-102",
  ]);
});

test("a language without a grammar falls back to overlapping 60-line windows", () => {
  const text = Array.from({ length: 130 }, (_, i) => `line ${i + 1}`).join("\n");

  const symbols = extractor.extract(text, "markdown");

  assert.equal(extractor.parses("markdown"), false);
  assert.deepEqual(symbols, [
    { name: "lines 1-60", qualifiedName: "lines 1-60", kind: "window", startLine: 1, endLine: 60 },
    { name: "lines 51-110", qualifiedName: "lines 51-110", kind: "window", startLine: 51, endLine: 110 },
    { name: "lines 101-130", qualifiedName: "lines 101-130", kind: "window", startLine: 101, endLine: 130 },
  ]);
  assert.deepEqual(extractor.extract("", "text"), []);
  assert.deepEqual(extractor.extract("one line", "yaml").map(show), ["window lines 1-1 1-1"]);
});

test("windows over code outside definitions read CRLF line ends, a last line without a newline and whitespace-only lines", () => {
  const crlf = "def f():\r\n    pass\r\n\r\nA = 1\r\n  \t \r\nB = 2\r\nC = 3";
  assert.deepEqual(gapWindows(crlf, [{ startLine: 1, endLine: 2 }]).map(show), ["window lines 4-7 4-7"]);
  // Two lines of code among blank ones are not enough; nothing is read past the last line.
  assert.deepEqual(gapWindows("\n\nA = 1\n\t\nB = 2\n", []), []);
  assert.deepEqual(gapWindows("", []), []);
});
