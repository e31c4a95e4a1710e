/**
 * Pointer quality (docs/ranking.md, "Pointers"): every tree indexed through the real pipeline (one store per
 * repository, as bench/eval-ablation.ts), each issue ranked once per pointer option set, the pointers of the first
 * files scored against the rows' `gold_lines`. The file ranking does not depend on the pointer options.
 *
 *   npx tsx bench/eval-pointers.ts --dataset /work/shared/bench/multilang_dev.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir ~/benchwork/stores-ml [--configs default,"no frames"] [--repo o/n]
 *     [--per-issue out.jsonl]
 *
 * Prints, per option set: pointer Acc@1/3/5/10, pointer-given-file and the no-pointer share, overall, per language
 * and on each half of the repositories (sorted by name, alternating: A = 1st, 3rd, …; B = 2nd, 4th, …), so a
 * weight chosen on one half can be confirmed on the other. "oracle" is the ceiling of the pointer choice: a gold
 * file in the first five counts as right when any of its symbols meets its changed lines.
 */
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { pointerMeets, scorePointers, summarizePointers, type PointerMetrics } from "../src/eval/pointer-metrics.js";
import { pointersOfRanking, pointersOfSymbols, toPointer } from "../src/eval/ranked-pointers.js";
import type { LexicalIndex } from "../src/rank/lexical/lexical-index.js";
import { rankLexical } from "../src/rank/signals/rank-lexical.js";
import { rankSymbols } from "../src/rank/signals/rank-symbols.js";
import type { LexicalRankOptionsInput } from "../src/rank/signals/rank-options.js";
import { forEachIndexedTree } from "./indexed-trees.js";
import { parseBenchArgs } from "./bench-args.js";

/** Pointer option sets: the default and each signal off or moved. */
const CONFIGS: Record<string, LexicalRankOptionsInput> = {
  default: {},
  "no frames": { pointers: { frameName: 0, frameLine: 0 } },
  "no frame lines": { pointers: { frameLine: 0 } },
  "no cited lines": { pointers: { cited: 0 } },
  "cited 1": { pointers: { cited: 1 } },
  "no quoted lines": { pointers: { quotedLines: 0 } },
  "quoted lines 0.25": { pointers: { quotedLines: 0.25 } },
  "quoted lines 1": { pointers: { quotedLines: 1 } },
  "no named": { pointers: { named: 0 } },
  "named 1": { pointers: { named: 1 } },
  "quoted errors 1": { pointers: { quotedErrors: 1 } },
  "quoted errors 0.25": { pointers: { quotedErrors: 0.25 } },
  "one pointer": { pointers: { second: Infinity } },
  "second 0.7": { pointers: { second: 0.7 } },
  "second 0.9": { pointers: { second: 0.9 } },
  "words only": { pointers: { frameName: 0, frameLine: 0, named: 0 } },
  "gap windows 0": { pointers: { gapWindows: 0 } },
  "gap windows 0.5": { pointers: { gapWindows: 0.5 } },
  "gap windows 1": { pointers: { gapWindows: 1 } },
  "data declarations 1": { pointers: { dataDeclarations: 1 } },
  "data declarations 0.5": { pointers: { dataDeclarations: 0.5 } },
};

const args = parseBenchArgs();
const one = args.one;
let rows = parseDataset(readFileSync(one("dataset", "/work/shared/bench/swebench_lite.jsonl"), "utf8"));
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
const trees = one("trees", `${process.env.HOME}/.cache/bench-trees`);
const storeDir = one("store-dir", `${process.env.HOME}/benchwork/stores-pointers`);
mkdirSync(storeDir, { recursive: true });
const names = one("configs", Object.keys(CONFIGS).join(",")).split(",");
const unknown = names.filter((n) => !(n in CONFIGS));
if (unknown.length > 0) {
  process.stderr.write(`unknown option set(s): ${unknown.join(", ")}\nknown: ${Object.keys(CONFIGS).join(", ")}\n`);
  process.exit(2);
}

const repos = [...new Set(rows.map((r) => r.repo))].sort();
const half = (repo: string): "A" | "B" => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");
const results = new Map<string, { row: EvalRow; m: PointerMetrics | undefined }[]>([...names, "oracle"].map((n) => [n, []]));
const perIssue: string[] = [];
await forEachIndexedTree({ rows, trees, storeDir }, ({ index, rows: treeRows }) => {
  for (const row of treeRows) {
    const line: Record<string, unknown> = { id: row.id, lang: row.lang };
    for (const name of names) {
      const files = rankLexical(index, row.body, { ...CONFIGS[name], limit: 10 });
      const symbols = pointersOfSymbols(rankSymbols(index, row.body, { ...CONFIGS[name], limit: 10 }));
      const m = scorePointers(files.map((f) => f.path), pointersOfRanking(files), row.goldLines, symbols);
      results.get(name)!.push({ row, m });
      line[name] = m ? { acc1: m.acc[1], acc5: m.acc[5], right: m.firstRight, shown: m.goldShown, sym: m.symbolAcc?.[10] } : null;
      if (name === names[0]) results.get("oracle")!.push({ row, m: oracle(index, files.map((f) => f.path), row) });
    }
    perIssue.push(JSON.stringify(line));
  }
});
if (args.has("per-issue")) writeFileSync(one("per-issue", ""), `${perIssue.join("\n")}\n`);

/** The ceiling of the pointer choice: every gold file among the first ten pointed at by its best-meeting symbol. */
function oracle(index: LexicalIndex, paths: readonly string[], row: EvalRow): PointerMetrics | undefined {
  const byPath = new Map(index.files.map((f) => [f.path, f]));
  const pointers = paths.flatMap((path) => {
    const s = byPath.get(path)?.symbols.find((x) => pointerMeets({ path, start: x.startLine, end: x.endLine }, row.goldLines));
    return s ? [toPointer(path, s)] : [];
  });
  return scorePointers(paths, pointers, row.goldLines);
}

const f3 = (x: number | undefined): string => (x === undefined ? "–" : x.toFixed(3));
const table = (title: string, groups: string[], pick: (r: EvalRow, g: string) => boolean): void => {
  console.log(`\n${title}: pointer Acc@1 / Acc@5 / given file (n issues with gold lines)\n`);
  console.log(`| option set | ${groups.map((g) => `${g} (${summarizePointers(results.get(names[0])!.filter((x) => pick(x.row, g)).map((x) => x.m)).count})`).join(" | ")} |`);
  console.log(`|---|${groups.map(() => "---:").join("|")}|`);
  for (const name of [...names, "oracle"]) {
    const cells = groups.map((g) => {
      const s = summarizePointers(results.get(name)!.filter((x) => pick(x.row, g)).map((x) => x.m));
      return `${f3(s.acc[1])} / ${f3(s.acc[5])} / ${f3(s.givenFile)}`;
    });
    console.log(`| ${name} | ${cells.join(" | ")} |`);
  }
};
console.log(`| option set | n | ptr Acc@1 | ptr Acc@3 | ptr Acc@5 | ptr Acc@10 | given file | no ptr | ptr lines | sym Acc@5 | sym Acc@10 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
for (const name of [...names, "oracle"]) {
  const s = summarizePointers(results.get(name)!.map((x) => x.m));
  console.log(`| ${name} | ${s.count} | ${[s.acc[1], s.acc[3], s.acc[5], s.acc[10], s.givenFile, s.unpointed].map(f3).join(" | ")} | ${s.medianLines} | ${[s.symbolAcc?.[5], s.symbolAcc?.[10]].map(f3).join(" | ")} |`);
}
table("Per language", [...new Set(rows.map((r) => r.lang))].sort(), (r, g) => r.lang === g);
table("Per half of the repositories", ["A", "B"], (r, g) => half(r.repo) === g);
console.log(`\nhalf A: ${repos.filter((r) => half(r) === "A").join(", ")}\nhalf B: ${repos.filter((r) => half(r) === "B").join(", ")}`);
