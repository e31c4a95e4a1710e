/**
 * Study (issue 21, twelfth session): do earlier fixes of the same repository tell which symbol of a file the next fix
 * changes? What the app could learn from merged pull requests' patches (it keeps their files today, not their lines).
 * Each row's gold files ranked in the first five are scored as the pointer scores them; the symbols meeting a row's
 * changed lines are its "fixed symbols" (by qualified name and path). Then, in the order the issues were opened
 * (`created_at`, else the number in the id), each row's pointer is re-chosen with a bonus for symbols that earlier
 * rows' fixes changed in the same file — flat, or by how many earlier fixes did — and pointer given-file is printed
 * per language and per half of the repositories. Bench only.
 *
 *   npx tsx bench/study-past-fix-symbols.ts --dataset <set.jsonl> --store-dir <stores> [--trees DIR]
 */
import { readFileSync } from "node:fs";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { pointerMeets } from "../src/eval/pointer-metrics.js";
import { rankLexicalParts } from "../src/rank/rank-lexical.js";
import { scoreFileSymbols } from "../src/rank/score-pointers.js";
import { parseBenchArgs } from "./bench-args.js";
import { forEachIndexedTree } from "./indexed-trees.js";

interface Candidate { readonly name: string; readonly score: number; readonly span: number; readonly meets: boolean }
interface GoldFile { readonly path: string; readonly candidates: Candidate[] }
interface RowData { readonly row: EvalRow; readonly shown: GoldFile[]; readonly fixed: Map<string, Set<string>> }

const args = parseBenchArgs();
const rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8"));
const data: RowData[] = [];
await forEachIndexedTree({ rows, trees: args.one("trees", `${process.env.HOME}/.cache/bench-trees`), storeDir: args.one("store-dir", "") }, ({ index, rows: treeRows }) => {
  const byPath = new Map(index.files.map((f, i) => [f.path, i]));
  for (const row of treeRows) {
    const ranking = rankLexicalParts(index, row.body, { limit: 5 });
    const shown: GoldFile[] = [];
    for (const file of ranking.fileIds) {
      const f = index.files[file];
      if (!row.goldLines.get(f.path)?.length) continue;
      const candidates = scoreFileSymbols(index, file, ranking.pointerQuery, ranking.options.pointers).map((x) => {
        const s = f.symbols[x.symbol];
        return { name: `${s.qualifiedName}#${s.kind}`, score: x.score, span: s.endLine - s.startLine, meets: pointerMeets({ path: f.path, start: s.startLine, end: s.endLine }, row.goldLines) };
      });
      shown.push({ path: f.path, candidates });
    }
    // What this row's fix changed: every definition meeting its changed lines, in every gold file of the tree.
    const fixed = new Map<string, Set<string>>();
    for (const [path, ranges] of row.goldLines) {
      const file = byPath.get(path);
      if (file === undefined || ranges.length === 0) continue;
      const names = new Set(index.files[file].symbols.filter((s) => s.kind !== "window" && pointerMeets({ path, start: s.startLine, end: s.endLine }, row.goldLines)).map((s) => `${s.qualifiedName}#${s.kind}`));
      if (names.size > 0) fixed.set(path, names);
    }
    data.push({ row, shown, fixed });
  }
});

const orderOf = (row: EvalRow): number => {
  const t = row.createdAt ? Date.parse(row.createdAt) : Number.NaN;
  return Number.isFinite(t) ? t : Number(/-(\d+)$/.exec(row.id)?.[1] ?? 0);
};
const repos = [...new Set(data.map((d) => d.row.repo))].sort();
const half = (repo: string): string => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");

function report(label: string, bonus: (count: number) => number): void {
  const past = new Map<string, Map<string, Map<string, number>>>(); // repo → path → symbol → fixes
  const groups = new Map<string, [number, number]>();
  let helped = 0, hurt = 0, withPast = 0;
  for (const d of [...data].sort((a, b) => orderOf(a.row) - orderOf(b.row))) {
    const repoPast = past.get(d.row.repo) ?? new Map<string, Map<string, number>>();
    for (const g of d.shown) {
      const counts = repoPast.get(g.path);
      if (counts?.size) withPast++;
      const pick = (withBonus: boolean): Candidate | undefined => {
        let best: Candidate | undefined, bestScore = -Infinity;
        for (const c of g.candidates) {
          const s = c.score + (withBonus ? bonus(counts?.get(c.name) ?? 0) : 0);
          if (s > bestScore || (s === bestScore && best !== undefined && c.span < best.span)) {
            best = c;
            bestScore = s;
          }
        }
        return best;
      };
      const before = pick(false)?.meets ?? false;
      const after = pick(true)?.meets ?? false;
      if (after && !before) helped++;
      if (before && !after) hurt++;
      for (const key of ["all", `half ${half(d.row.repo)}`, d.row.lang]) {
        const [n, k] = groups.get(key) ?? [0, 0];
        groups.set(key, [n + 1, k + (after ? 1 : 0)]);
      }
    }
    // Only after the row is scored does its fix become the past of later rows.
    for (const [path, names] of d.fixed) {
      const counts = repoPast.get(path) ?? new Map<string, number>();
      for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
      repoPast.set(path, counts);
    }
    past.set(d.row.repo, repoPast);
  }
  const cells = [...groups.keys()].sort().map((g) => `${g} ${(groups.get(g)![1] / groups.get(g)![0]).toFixed(3)}`);
  console.log(`| ${label} | ${cells.join(" · ")} | +${helped} / −${hurt} (of ${withPast} shown gold files with a past) |`);
}

console.log("| bonus for a symbol earlier fixes changed in the same file | given file | files right / wrong vs none |\n|---|---|---|");
report("none", () => 0);
for (const b of [0.1, 0.25, 0.5, 1]) report(`flat ${b}`, (n) => (n > 0 ? b : 0));
for (const b of [0.1, 0.25, 0.5]) report(`${b} × log2(1 + fixes)`, (n) => b * Math.log2(1 + n));
