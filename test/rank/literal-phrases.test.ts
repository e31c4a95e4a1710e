import assert from "node:assert/strict";
import { test } from "node:test";
import { literalPhrases, quotedRunHashes } from "../../src/rank/literal-phrases.js";

const quotedLines = (source: string, issue: string): number[] => {
  const quoted = quotedRunHashes(issue);
  return literalPhrases(source).filter((p) => quoted.has(p.hash)).map((p) => p.line);
};

test("a message the issue quotes is found on the line of its literal, across format placeholders", () => {
  const source = [
    "def load(path):",
    "    if not path:",
    '        raise ValueError("cannot load an empty path")',
    "    if path.endswith('.gz'):",
    '        raise ValueError("compressed input %s is not supported in this mode" % path)',
    "    return open(path)",
  ].join("\n");
  const issue = "load() fails\n```\nValueError: compressed input data.gz is not supported in this mode\n```";
  assert.deepEqual(quotedLines(source, issue), [5]);
});

test("templates, Rust and C format strings are cut at their placeholders", () => {
  const source = [
    "const a = `unknown option ${name} given to the parser`;",
    'eprintln!("error: failed to read the config file {}: {}", path, err);',
    'fprintf(stderr, "zstd: %s: unknown header magic number\\n", name);',
  ].join("\n");
  assert.deepEqual(quotedLines(source, "It prints: unknown option --x given to the parser"), [1]);
  assert.deepEqual(quotedLines(source, "error: failed to read the config file ~/.cfg: denied"), [2]);
  assert.deepEqual(quotedLines(source, "`zstd: foo.zst: Unknown header magic number`"), [3]);
});

test("short or partial quotes do not count", () => {
  const source = 'raise KeyError("not found")\nlog("the value of the field was rejected by the validator")';
  // Two words are too few to tell a message from chance.
  assert.deepEqual(quotedLines(source, "I get not found"), []);
  // A phrase counts only when the issue holds all of it, in order.
  assert.deepEqual(quotedLines(source, "the value of the field was accepted"), []);
  assert.deepEqual(quotedLines(source, "Log says: The value of the field was REJECTED by the validator."), [2]);
});

test("text without literals has no phrases", () => {
  assert.deepEqual(literalPhrases("fn main() {\n    run();\n}\n"), []);
  assert.equal(quotedRunHashes("two words").size, 0);
});
