/**
 * What the windows over code outside every definition cost the indexer (docs/ranking.md, "Code outside every
 * definition"): every Python file of a tree is parsed once (timed, for scale), then `gapWindows` alone is timed over
 * all of them, three rounds.
 *
 *   npx tsx bench/gap-windows-cost.ts --tree ~/.cache/bench-trees/<django commit>
 */
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createSymbolExtractor } from "../src/index/symbols/symbol-extractor.js";
import { gapWindows } from "../src/index/symbols/line-windows.js";
import { parseBenchArgs } from "./bench-args.js";

const root = parseBenchArgs().one("tree", ".");
const files = execFileSync("find", [root, "-name", "*.py", "-type", "f"], { maxBuffer: 1 << 26 }).toString().trim().split("\n");
const extractor = await createSymbolExtractor({ languages: ["python"] });
const texts = files.map((f) => readFileSync(f, "utf8"));
let parseMs = 0;
const definitions = texts.map((text) => {
  const start = performance.now();
  const symbols = extractor.extract(text, "python");
  parseMs += performance.now() - start;
  return symbols.filter((s) => s.kind !== "window");
});
const megabytes = (texts.reduce((sum, t) => sum + t.length, 0) / 1e6).toFixed(1);
console.log(`${texts.length} Python files, ${megabytes} MB; extract (parse and windows) ${parseMs.toFixed(0)} ms`);
for (let round = 1; round <= 3; round++) {
  const start = performance.now();
  let windows = 0;
  texts.forEach((text, i) => (windows += gapWindows(text, definitions[i]).length));
  console.log(`round ${round}: gapWindows ${(performance.now() - start).toFixed(1)} ms, ${windows} windows`);
}
extractor.dispose();
