import assert from "node:assert/strict";
import { test } from "node:test";
import { createSymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { SymbolInfo } from "../../src/index/types.js";

const show = (s: SymbolInfo): string => `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`;

/** A Python file of `count` two-line functions. */
function pythonFunctions(count: number): string {
  return Array.from({ length: count }, (_, i) => `def f${i}():\n    return ${i}\n`).join("");
}

test("a parse that needs more than its budget of progress checks falls back to windows, and the next parse starts afresh", async () => {
  const extractor = await createSymbolExtractor({ languages: ["python"], maxParseChecks: 20 });
  try {
    // 3,000 functions take some hundreds of checks (one per hundred parser operations): counted, so every run agrees.
    const overBudget = extractor.extract(pythonFunctions(3000), "python");
    assert.deepEqual(overBudget.slice(0, 2).map(show), ["window lines 1-60 1-60", "window lines 51-110 51-110"]);
    assert.equal(overBudget.every((s) => s.kind === "window"), true);
    assert.deepEqual(extractor.extract(pythonFunctions(3000), "python"), overBudget);
    assert.deepEqual(extractor.extract(pythonFunctions(2), "python").map(show), ["function f0 1-2", "function f1 3-4"]);
  } finally {
    extractor.dispose();
  }
  const roomy = await createSymbolExtractor({ languages: ["python"] });
  try {
    assert.equal(roomy.extract(pythonFunctions(3000), "python").filter((s) => s.kind === "function").length, 3000, "the default budget parses it");
  } finally {
    roomy.dispose();
  }
});

test("a parse past its deadline falls back to windows: error recovery tree-sitter does not count as checks", async () => {
  // Lines of backticks are all errors to the C grammar: 1,000 checks took 4.6 s on 100 KB, so the count alone let a
  // megabyte run for minutes. The clock is injected: each reading is a second later than the one before.
  let ms = 0;
  const extractor = await createSymbolExtractor({ languages: ["c"], maxParseMs: 5_000, now: () => (ms += 1_000) });
  try {
    const symbols = extractor.extract("```a\n".repeat(4_000), "c");
    assert.ok(symbols.length > 0 && symbols.every((s) => s.kind === "window"));
    assert.ok(ms >= 5_000, "the deadline was read while parsing");
    // Readings before the deadline let a real file parse: the deadline is per parse.
    ms = 0;
    assert.deepEqual(extractor.extract("int add(int a, int b) { return a + b; }\n", "c").map(show), ["function add 1-1"]);
  } finally {
    extractor.dispose();
  }
});

test("a text over the parse size cap gets windows; window size and overlap are options", async () => {
  const extractor = await createSymbolExtractor({
    languages: ["python"], maxParseChars: 100, windows: { lines: 4, overlap: 1 },
  });
  try {
    assert.deepEqual(extractor.extract(pythonFunctions(5), "python").map(show), [
      "window lines 1-4 1-4", "window lines 4-7 4-7", "window lines 7-10 7-10",
    ]);
    assert.deepEqual(extractor.extract(pythonFunctions(1), "python").map(show), ["function f0 1-2"]);
  } finally {
    extractor.dispose();
  }
});

test("only the requested grammars are loaded, and the version names them", async () => {
  const extractor = await createSymbolExtractor({ languages: ["go", "python"] });
  try {
    assert.equal(extractor.parses("python"), true);
    assert.equal(extractor.parses("go"), true);
    assert.equal(extractor.parses("rust"), false);
    assert.deepEqual(extractor.extract("fn main() {}\n", "rust").map(show), ["window lines 1-1 1-1"]);
    assert.match(extractor.version, /;go;python$/);
  } finally {
    extractor.dispose();
  }
});

test("captured terminal output under a source name gets windows; code with a raw escape on a line or two is parsed", async () => {
  const extractor = await createSymbolExtractor({ languages: ["python"] });
  try {
    // Output with a colour reset closing every line (as a highlighter's expected output in bat's
    // tests/syntax-tests/highlighted): the grammar would still find the three functions in it, so windows here are
    // the rule's doing.
    const colour = (line: string): string => `${line}\x1b[0m`;
    const captured = `${pythonFunctions(3).split("\n").map(colour).join("\n")}\n`;
    const symbols = extractor.extract(captured, "python");
    assert.equal(symbols.length > 0 && symbols.every((s) => s.kind === "window"), true, symbols.map(show).join(", "));

    // Real code may hold a raw ESC in a string literal: two such lines among ten do not make it output.
    const code = `${pythonFunctions(4)}RESET = "\x1b[0m"\nBOLD = "\x1b[1m"\n`;
    assert.deepEqual(extractor.extract(code, "python").filter((s) => s.kind !== "window").map(show),
      ["function f0 1-2", "function f1 3-4", "function f2 5-6", "function f3 7-8"]);
  } finally {
    extractor.dispose();
  }
});
