/**
 * What keeping each content's matchable lines costs the indexer (docs/ranking.md, "Lines of code the issue quotes"):
 * over every code file of a tree (the extensions below), `contentCodeLines` is timed alone, three rounds, against
 * `analyzeContent` as a whole (without symbols), and the encoded analyses are sized with and without the lines.
 *
 *   npx tsx bench/quoted-lines-cost.ts --tree ~/.cache/bench-trees/<django commit>
 */
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { analyzeContent, encodeAnalysis } from "../src/rank/analyze-content.js";
import { contentCodeLines } from "../src/rank/quoted-code-lines.js";
import { parseBenchArgs } from "./bench-args.js";

const root = parseBenchArgs().one("tree", ".");
const find = ["(", ...["py", "js", "ts", "go", "rs", "java", "c", "h", "cc", "cpp", "hpp"].flatMap((e, i) => [...(i ? ["-o"] : []), "-name", `*.${e}`]), ")"];
const files = execFileSync("find", [root, "-type", "f", ...find], { maxBuffer: 1 << 26 }).toString().trim().split("\n");
const texts = files.map((f) => readFileSync(f, "utf8"));
console.log(`${texts.length} code files, ${(texts.reduce((sum, t) => sum + t.length, 0) / 1e6).toFixed(1)} MB`);
for (let round = 1; round <= 3; round++) {
  let start = performance.now();
  let lines = 0;
  for (const text of texts) lines += contentCodeLines(text).hashes.length;
  const linesMs = performance.now() - start;
  start = performance.now();
  let withLines = 0;
  let without = 0;
  for (const text of texts) {
    const a = analyzeContent({ text, language: "python", symbols: [] });
    withLines += encodeAnalysis(a).length;
    without += encodeAnalysis({ ...a, codeLineHashes: new Uint32Array(0), codeLineNumbers: new Uint32Array(0) }).length;
  }
  const analyzeMs = performance.now() - start;
  console.log(`round ${round}: contentCodeLines ${linesMs.toFixed(0)} ms (${lines} lines kept); analyzeContent ${analyzeMs.toFixed(0)} ms; ` +
    `analyses ${(without / 1e6).toFixed(2)} MB without the lines, ${(withLines / 1e6).toFixed(2)} MB with`);
}
