/**
 * Accuracy within a token budget of the MCP `locate` answer against two baselines at the same budgets: the top
 * ranked files read whole (the last one cut to fit) and a name-only symbol search (BM25 over symbol names with the
 * issue text as the query, the best symbols fetched whole, the answer holding only their source). An answer is right when source it returns meets the
 * row's `gold_lines`: a returned range of a gold file overlaps one of that file's changed ranges. `locate` runs
 * in-process on the same code as the tool (prepareLocate once per issue, packLocate per budget: locateCode), over each tree indexed through forEachIndexedTree. Bench only.
 *
 *   nice -n 10 npx tsx bench/mcp-accuracy.ts --dataset /work/shared/bench/multilang_dev.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir ~/benchwork/stores-mcp-ml [--out run.jsonl] [--limit N] [--repo owner/name]
 */
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { packLocate, prepareLocate } from "../src/mcp/locate-code.js";
import { packWithinBudget } from "../src/mcp/pack-budget.js";
import { createRepoContextCache, type RepoContext } from "../src/mcp/repo-context.js";
import { searchSymbols } from "../src/mcp/symbol-search.js";
import { loadCl100k, type TokenCounter } from "../src/mcp/token-counter.js";
import { rankIssue } from "../src/triage/rank-issue.js";
import { parseBenchArgs } from "./bench-args.js";
import { forEachIndexedTree } from "./indexed-trees.js";
import { meetsGold, shownCode, type Shown } from "./gold-lines.js";

const BUDGETS = [1000, 2000, 4000, 8000] as const;
/** Files the whole-files baseline may read, in rank order, until the budget is spent. */
const BASELINE_FILES = 20;
/** Symbols the name-only baseline considers, best first, until the budget is spent. */
const BASELINE_SYMBOLS = 40;


const args = parseBenchArgs();
let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
if (args.has("limit")) rows = rows.slice(0, Number(args.one("limit", "0")));

const counter = await loadCl100k();
/** `--locate-only 1`: skip the two baselines (they do not depend on locate's code), for comparing locate variants. */
const locateOnly = args.has("locate-only");
const fs = { realpath: (p: string) => realpathSync(p), readText: (p: string) => readFileSync(p, "utf8") };
const results: { id: string; repo: string; lang: string; locate: boolean[]; files: boolean[]; names: boolean[]; tokens: number[] }[] = [];
let generation = 0;
const started = performance.now();

await forEachIndexedTree({ rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", "") }, async ({ index, rows: treeRows }) => {
  const root = join(args.one("trees", ""), treeRows[0].baseCommit);
  const context = createRepoContextCache(fs).context({ root, generation: ++generation, index }, counter);
  for (const row of treeRows) {
    const locate: boolean[] = [];
    const files: boolean[] = [];
    const names: boolean[] = [];
    const tokens: number[] = [];
    const ranking = await rankIssue({ index, now: () => performance.now() }, { text: row.body, top: BASELINE_FILES, mode: "bm25" });
    const symbolHits = searchSymbols(context.searchIndex(), row.body, BASELINE_SYMBOLS);
    const prepared = await prepareLocate(context, { issue: row.body, top: 5 });
    for (const budget of BUDGETS) {
      const answer = packLocate(context, prepared, budget);
      tokens.push(answer.answer.tokens);
      locate.push(meetsGold(row, shownCode(answer.answer.code)));
      if (locateOnly) continue;
      files.push(meetsGold(row, wholeFiles(context, ranking.files.map((f) => f.path), budget, counter)));
      names.push(meetsGold(row, nameOnly(context, symbolHits.map((h) => h.symbol), budget)));
    }
    results.push({ id: row.id, repo: row.repo, lang: row.lang, locate, files, names, tokens });
  }
});

if (args.has("out")) writeFileSync(args.one("out", ""), results.map((r) => JSON.stringify(r)).join("\n") + "\n");
const pct = (xs: boolean[]) => `${((100 * xs.filter(Boolean).length) / Math.max(1, xs.length)).toFixed(1)}%`;
const table = (label: string, group: typeof results) => {
  const cells = BUDGETS.map((_, b) => `${pct(group.map((r) => r.locate[b]))} / ${pct(group.map((r) => r.files[b]))} / ${pct(group.map((r) => r.names[b]))}`);
  console.log(`| ${label} | ${group.length} | ${cells.join(" | ")} |`);
};
console.log(`| set | issues | ${BUDGETS.map((b) => `${b} tokens: locate / whole files / names`).join(" | ")} |`);
console.log(`|---|---|${BUDGETS.map(() => "---").join("|")}|`);
table("all", results);
for (const lang of [...new Set(results.map((r) => r.lang))].sort()) table(lang, results.filter((r) => r.lang === lang));
const over = results.filter((r) => r.tokens.some((t, b) => t > BUDGETS[b])).length;
console.log(`\nanswers over budget: ${over}; ${results.length} issues in ${Math.round((performance.now() - started) / 1000)} s`);

/** The ranked files read whole into `{files: [{path, source}]}`, the last one cut at a line so the JSON fits. */
function wholeFiles(context: RepoContext, paths: readonly string[], budget: number, count: TokenCounter): Shown {
  const shown: Shown = new Map();
  const taken: { path: string; source: string }[] = [];
  const cost = (extra: { path: string; source: string }) => count.count(JSON.stringify({ files: [...taken, extra] }));
  for (const path of paths) {
    const lines = context.lines(path);
    const whole = { path, source: lines.slice(1, lines.count) };
    if (cost(whole) <= budget) {
      taken.push(whole);
      shown.set(path, [[1, lines.count]]);
      continue;
    }
    // The most lines of this file that still fit: binary search over the line count.
    let lo = 0;
    let hi = lines.count;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (cost({ path, source: lines.slice(1, mid) }) <= budget) lo = mid;
      else hi = mid - 1;
    }
    if (lo > 0) shown.set(path, [[1, lo]]);
    break;
  }
  return shown;
}

/** The name-only baseline: the best-named symbols' source, whole, best first, packed like locate packs code. */
function nameOnly(context: RepoContext, symbols: readonly { id: string; path: string; startLine: number; endLine: number }[], budget: number): Shown {
  const code = symbols.map((s) => ({ id: s.id, path: s.path, start_line: s.startLine, end_line: s.endLine, source: context.lines(s.path).slice(s.startLine, s.endLine) }));
  const packed = packWithinBudget(code, budget, (included) => ({ code: included }), counter);
  return shownCode(packed?.included ?? []);
}
