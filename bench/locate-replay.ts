/**
 * What the `locate` studies share: the walk over a dataset's indexed trees with one repository context per tree and
 * `locate`'s budget-free part prepared once per issue (`prepareLocate`, top 5 files), and whether an answer's code
 * meets the row's `gold_lines` (lines left out of a code item, `omitted`, do not count). Bench only.
 */
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { shownRanges } from "../src/mcp/code-views.js";
import { packLocate, prepareLocate, type CodeView, type PackLocateOptions, type PreparedLocate } from "../src/mcp/locate-code.js";
import { createRepoContextCache, type RepoContext } from "../src/mcp/repo-context.js";
import { loadCl100k, type TokenCounter } from "../src/mcp/token-counter.js";
import { parseBenchArgs } from "./bench-args.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const fs = { realpath: (p: string) => realpathSync(p), readText: (p: string) => readFileSync(p, "utf8") };

/** Calls `visit` for every row with its tree's context and its prepared `locate` (top 5 files), trees in store order. */
export async function forEachPreparedLocate(
  options: { readonly rows: readonly EvalRow[]; readonly trees: string; readonly storeDir: string; readonly counter: TokenCounter },
  visit: (context: RepoContext, row: EvalRow, prepared: PreparedLocate) => void,
): Promise<void> {
  let generation = 0;
  await forEachIndexedTree(options, async ({ index, rows }) => {
    const root = join(options.trees, rows[0].baseCommit);
    const context = createRepoContextCache(fs).context({ root, generation: ++generation, index }, options.counter);
    for (const row of rows) visit(context, row, await prepareLocate(context, { issue: row.body, top: 5 }));
  });
}

/**
 * Replays `packLocate` with each of `variants` (the first is the baseline) at each budget on every row, through the real
 * packing: which answers meet the row's gold lines, how many answers went over their budget, and how many sent a
 * line twice (two shown ranges of one file overlapping), per variant.
 */
export async function replayPackings(
  options: { readonly rows: readonly EvalRow[]; readonly trees: string; readonly storeDir: string; readonly counter: TokenCounter },
  variants: readonly PackLocateOptions[],
  budgets: readonly number[],
): Promise<{ results: VariantHits[]; over: number; twice: number[] }> {
  const results: VariantHits[] = [];
  const twice = variants.map(() => 0);
  let over = 0;
  await forEachPreparedLocate(options, (context, row, prepared) => {
    const hits = variants.map((variant, v) => budgets.map((b) => {
      const answer = packLocate(context, prepared, b, variant).answer;
      if (answer.tokens > b) over++;
      for (const ranges of shownCode(answer.code).values()) {
        const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
        for (let i = 1; i < sorted.length; i++) if (sorted[i][0] <= sorted[i - 1][1]) twice[v]++;
      }
      return codeMeetsGold(row, answer.code);
    }));
    results.push({ row, hits });
  });
  return { results, over, twice };
}

/** Line ranges per path. */
export type Shown = Map<string, (readonly [number, number])[]>;

/** The lines each code item shows, per path: its range less the lines it left out (`omitted`), which do not count. */
export function shownCode(code: readonly CodeView[]): Shown {
  const shown: Shown = new Map();
  for (const c of code) shown.set(c.path, [...(shown.get(c.path) ?? []), ...shownRanges(c)]);
  return shown;
}

/** Whether a shown range of a gold file overlaps one of that file's changed ranges. */
export function meetsGold(row: EvalRow, shown: Shown): boolean {
  for (const [path, ranges] of row.goldLines) {
    for (const [s, e] of shown.get(path) ?? []) if (ranges.some(([gs, ge]) => s <= ge && gs <= e)) return true;
  }
  return false;
}

/** Whether code an answer shows (less its `omitted` lines) overlaps a line range the row's fix changed. */
export function codeMeetsGold(row: EvalRow, code: readonly CodeView[]): boolean {
  return meetsGold(row, shownCode(code));
}

/** One issue's hits per variant and budget (`hits[variant][budget]`; variant 0 is the baseline). */
export interface VariantHits {
  readonly row: EvalRow;
  readonly hits: readonly (readonly boolean[])[];
}

/**
 * Prints the share of issues hit per variant and budget, over all issues, each half of the repositories (sorted
 * names, alternate: A = 1st, 3rd, …) and each language, with issues up / down against variant 0; then the issues each
 * variant moves at 4,000 tokens (the tool's default), for reading them one by one.
 */
export function printVariantTable(results: readonly VariantHits[], names: readonly string[], budgets: readonly number[]): void {
  const repos = [...new Set(results.map((r) => r.row.repo))].sort();
  const half = (repo: string) => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");
  const width = Math.max(...names.map((n) => n.length)) + 1;
  for (const group of ["all", "A", "B", ...new Set(results.map((r) => r.row.lang))]) {
    const rs = results.filter((r) => group === "all" || half(r.row.repo) === group || r.row.lang === group);
    console.log(`\n${group} (${rs.length})`);
    names.forEach((name, v) => {
      const cells = budgets.map((_, b) => `${((100 * rs.filter((r) => r.hits[v][b]).length) / rs.length).toFixed(1)}`);
      const moved = budgets.map((_, b) => `+${rs.filter((r) => r.hits[v][b] && !r.hits[0][b]).length}/-${rs.filter((r) => !r.hits[v][b] && r.hits[0][b]).length}`);
      console.log(`  ${name.padEnd(width)} ${cells.join(" / ")}   ${v === 0 ? "" : moved.join(" ")}`);
    });
  }
  const at = budgets.indexOf(4000);
  if (at < 0) return;
  names.slice(1).forEach((name, i) => {
    const up = results.filter((r) => r.hits[i + 1][at] && !r.hits[0][at]).map((r) => r.row.id);
    const down = results.filter((r) => !r.hits[i + 1][at] && r.hits[0][at]).map((r) => r.row.id);
    console.log(`\n${name} at 4,000: up ${up.join(" ") || "-"}; down ${down.join(" ") || "-"}`);
  });
}

/**
 * A study's whole run over named `variants` of `packLocate`'s options: reads `--dataset`, `--trees`, `--store-dir`,
 * `--repo` (any number) and `--variant` (any number; all by default, the first named is the baseline; an unknown
 * name is an error), replays every variant at 1,000 / 2,000 / 4,000 / 8,000 tokens and prints the over-budget and
 * line-twice counts and the table (`printVariantTable`).
 */
export async function runVariantStudy(variants: Readonly<Record<string, PackLocateOptions>>): Promise<void> {
  const budgets = [1000, 2000, 4000, 8000] as const;
  const args = parseBenchArgs();
  let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
  if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
  const names = args.has("variant") ? args.all("variant") : Object.keys(variants);
  const unknown = names.filter((name) => !(name in variants));
  if (unknown.length > 0) throw new Error(`unknown --variant ${unknown.join(", ")}; known: ${Object.keys(variants).join(", ")}`);
  const { results, over, twice } = await replayPackings(
    { rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", ""), counter: await loadCl100k() },
    names.map((name) => variants[name]),
    budgets,
  );
  console.log(`\nanswers over budget: ${over}; answers sending a line twice, per variant: ${twice.join(" / ")}`);
  printVariantTable(results, names, budgets);
}
