import assert from "node:assert/strict";
import { test } from "node:test";
import { readsAsTerminalOutput } from "../../src/index/symbols/terminal-output.js";

test("captured output is told from code by how many lines carry control characters", () => {
  const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join("\n");
  assert.equal(readsAsTerminalOutput(lines(40, (i) => `\x1b[1mline ${i}\x1b[0m`)), true);
  // Three lines in thirty (a tenth) is the least that counts; two never do, however short the text.
  assert.equal(readsAsTerminalOutput(lines(30, (i) => (i % 10 === 0 ? "\x1b[0m" : "x = 1"))), true);
  assert.equal(readsAsTerminalOutput(lines(31, (i) => (i % 10 === 0 && i < 30 ? "\x1b[0m" : "x = 1"))), false);
  assert.equal(readsAsTerminalOutput("\x1b[0m\n\x1b[1m"), false);
  // Tabs, carriage returns and form feeds are ordinary in code; DEL and other C0 characters are not.
  assert.equal(readsAsTerminalOutput(lines(10, () => "\tx = 1\r\f")), false);
  assert.equal(readsAsTerminalOutput(lines(10, () => "a\x7fb")), true);
  assert.equal(readsAsTerminalOutput(lines(10, () => "a\x01b")), true);
  // Several control characters on one line count that line once.
  assert.equal(readsAsTerminalOutput(`${"\x1b".repeat(50)}\n${lines(29, () => "x")}`), false);
});
