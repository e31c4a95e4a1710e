// Time of every function that reads an issue's (or a comment's) text, on hostile text: 65,536 characters (GitHub's
// cap on an issue body) of one short unit repeated — a long word, a run of newlines, `at ` over and over, unclosed
// fences — the inputs that make a backtracking regular expression take quadratic time.
//
//   npx tsx bench/hostile-text.ts [--chars 65536] [--top 15]
//
// Prints the slowest (function, unit) pairs, warm (each call made twice, the second timed). A ranking parses the
// issue twice (the lexical ranking and the confidence), so a worst case here counts twice per issue.
import { parseBenchArgs } from "./bench-args.js";
import { classifyIssueType } from "../src/issue-type/classify-issue-type.js";
import { shippedIssueTypeModel } from "../src/issue-type/shipped-model.js";
import { parseIssue } from "../src/rank/query/parse-issue.js";
import { issueCodeLineHashes } from "../src/rank/query/quoted-code-lines.js";
import { tokenize } from "../src/rank/query/tokenize.js";
import { parseCommand } from "../src/triage/parse-command.js";

const args = parseBenchArgs();
const chars = Number(args.one("chars", "65536"));
const top = Number(args.one("top", "15"));
const model = shippedIssueTypeModel();

const readers: Record<string, (text: string) => unknown> = {
  parseIssue: (text) => parseIssue(text),
  classify: (text) => classifyIssueType({ title: text.slice(0, 400), body: text, labels: [] }, { model }),
  tokenize: (text) => tokenize(text),
  codeLines: (text) => issueCodeLineHashes(text),
  command: (text) => parseCommand(text),
};

const UNITS = [
  "a", "A", "aA", "a_b", "1", "0x", " ", "\t", "\n", "\r", "\r\n", "\n ", " \n", "\u2028", "\u00a0", ".", "a.", "a.b",
  "a1.1a", "-", "--", "_", "/", "a/", "/a", ":", "a:1", "::", "a::", "(", ")", "a(", "\\", "$", "@", "a@", "~", "%", "'",
  '"', "`", "``", "```\n", "```a\n", "~~~a\n", "<", ">", "> ", "<!--", "<img ", "![", "![a](", "[", "](", "#", "# ",
  "### ", "**a", "**a**\n", "*", "[x] ", "- [ ] ", "\n- ", "|", "{", "}", "=", "?", "http://", "http://a/", "v1.2",
  "Error", "aError ", "a.aError: ", "Caused by: a.", "at ", " at ", "\tat ", "at a ", "at a.", "at a (", "File \"",
  'File "a', "File a.py:", "panicked at ", "panicked at a", "#0 0x", "#1 ", "#0 a ", "goroutine ", "a.go:", "a.rb:",
  "in a.php", "a.py", "a.py:", ">>> ", "$ ", "In [1]: ", "/bugscout ", "Type: ", "### Issue type\n", "/kind a\n",
];

const rows: { ms: number; reader: string; unit: string }[] = [];
for (const [reader, read] of Object.entries(readers)) {
  for (const unit of UNITS) {
    const text = unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
    read(text);
    const t0 = performance.now();
    read(text);
    rows.push({ ms: performance.now() - t0, reader, unit });
  }
}
rows.sort((a, b) => b.ms - a.ms);
console.log(`${rows.length} (reader, unit) pairs on ${chars} characters; slowest ${top}:`);
for (const r of rows.slice(0, top)) console.log(`${r.ms.toFixed(1).padStart(9)} ms  ${r.reader.padEnd(10)} ${JSON.stringify(r.unit)}`);
const total = rows.reduce((s, r) => s + r.ms, 0);
console.log(`all pairs: ${total.toFixed(0)} ms`);
