/**
 * Study for issue 23: in what order should `locate` take a file's extra symbols (after its pointers)? Today: BM25 of
 * the words over each innermost symbol's source (`scoreSymbolText`). Replays `packLocate` on the same prepared
 * ranking with the first file's (or every file's) scored symbols reordered:
 * - calls: the definitions its first pointer calls (same file, outside the pointer; the name followed by `(`) first,
 *   in the order called, then the rest in BM25 order. An issue names the public entry point (`latex`, `cse`,
 *   `sqf_list`); the fix is often in a helper it calls;
 * - pointer scores: the file's symbols in the order of the pointer scores (`rankSymbols`, the same scores that chose
 *   the pointers), then the rest in BM25 order;
 * - fused: both orders fused by reciprocal rank (k = 60);
 * - nested: the symbols inside the first pointer in the pointer scores' order first, then BM25. Extras never come from
 *   inside a shown pointer, so this changes only answers whose first pointer is too large to show (a long class):
 *   its place goes to its best members by the scores that chose it; "nested, normalised" the same with the pointer
 *   scores' words length-normalised (`LENGTH_NORM`), as BM25's are;
 * - nested, bm25: the symbols inside a too-large first pointer in today's BM25 order, before the file's other symbols;
 *   "nested, marked" the same with the members the pointer scores mark by a place (a frame, a cited or quoted line,
 *   a name the issue writes) before the rest: the signals BM25 lacks, without the pointer scores' length bias;
 * - density: each file's symbols by BM25 per square root of their length in characters (more small places per budget
 *   instead of one long one; the square root is the conventional choice, not tuned).
 * `--variant NAME` (repeatable) runs only those variants. Prints hits per budget and variant for all issues, each half of the repositories (sorted names, alternate) and each
 * language, with issues up / down against today. Bench only.
 *
 *   nice -n 5 npx tsx bench/study-extras-order.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S
 */
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { packLocate, type PreparedLocate } from "../src/mcp/locate-code.js";
import type { RepoContext } from "../src/mcp/repo-context.js";
import type { ScoredSymbol } from "../src/mcp/score-symbol-text.js";
import type { CatalogSymbol } from "../src/mcp/symbol-catalog.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { rankSymbols } from "../src/rank/rank-symbols.js";
import { parseBenchArgs } from "./bench-args.js";
import { codeMeetsGold, forEachPreparedLocate, printVariantTable, type VariantHits } from "./locate-replay.js";

const BUDGETS = [1000, 2000, 4000, 8000] as const;
type Variant = {
  name: string;
  files: "first" | "all";
  order: "calls" | "pointer scores" | "fused" | "nested" | "nested, normalised" | "nested, bm25" | "nested, bm25, marked" | "density";
};
/** Every variant docs/benchmarks.md reports (twenty-first session), so the one command gives each row. */
const VARIANTS: Variant[] = [
  { name: "first, calls", files: "first", order: "calls" },
  { name: "first, pointer scores", files: "first", order: "pointer scores" },
  { name: "first, fused", files: "first", order: "fused" },
  { name: "all, fused", files: "all", order: "fused" },
  { name: "first, nested", files: "first", order: "nested" },
  { name: "all, nested", files: "all", order: "nested" },
  { name: "first, nested, norm", files: "first", order: "nested, normalised" },
  { name: "first, nested, bm25", files: "first", order: "nested, bm25" },
  { name: "first, nested, marked", files: "first", order: "nested, bm25, marked" },
  { name: "all, density", files: "all", order: "density" },
];
/**
 * The pointer scores' length normalisation for "nested, normalised": words divided by the square root of one plus the
 * symbol's distinct terms (`lengthNorm`, 0 in the product). The square root is the conventional choice, not tuned.
 */
const LENGTH_NORM = 0.5;
/** Reciprocal rank fusion's constant (Cormack et al. 2009), not tuned here. */
const RRF_K = 60;

const args = parseBenchArgs();
const variants = args.has("variant") ? VARIANTS.filter((v) => args.all("variant").includes(v.name)) : VARIANTS;
let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
const counter = await loadCl100k();
/** hits[variant][budget] per row: variant 0 is today's locate. */
const results: VariantHits[] = [];
await forEachPreparedLocate({ rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", ""), counter }, (context, row, prepared) => {
  const normalised = rankSymbols(context.repo.index, row.body, { limit: 200, pointers: { lengthNorm: LENGTH_NORM } })
    .map((r) => context.catalog.file(r.path)?.symbols.find((s) => s.qualifiedName === r.qualifiedName && s.kind === r.kind && s.startLine === r.startLine))
    .filter((s): s is CatalogSymbol => s !== undefined);
  const marked = new Set(rankSymbols(context.repo.index, row.body, { limit: 200 })
    .filter((r) => r.evidence.frame || r.evidence.cited || r.evidence.named || r.evidence.quotedLine)
    .map((r) => `${r.path}\0${r.qualifiedName}\0${r.kind}\0${r.startLine}`));
  const isMarked = (s: CatalogSymbol) => marked.has(`${s.path}\0${s.qualifiedName}\0${s.kind}\0${s.startLine}`);
  const hits = [prepared, ...variants.map((v) => reorderExtras(context, prepared, v, normalised, isMarked))].map((p) =>
    BUDGETS.map((b) => codeMeetsGold(row, packLocate(context, p, b).answer.code)));
  results.push({ row, hits });
});

printVariantTable(results, ["today", ...variants.map((v) => v.name)], BUDGETS);

/** The prepared answer with the first (or every) file's scored symbols reordered as the variant says. */
function reorderExtras(
  context: RepoContext,
  prepared: PreparedLocate,
  variant: Variant,
  normalised: readonly CatalogSymbol[],
  isMarked: (s: CatalogSymbol) => boolean,
): PreparedLocate {
  return {
    ...prepared,
    located: prepared.located.map((entry, i) => {
      if ((variant.files === "first" && i > 0) || entry.pointers.length === 0) return entry;
      const pointer = entry.pointers[0];
      if (variant.order === "density") {
        const size = (s: CatalogSymbol) => Math.sqrt(1 + context.lines(s.path).slice(s.startLine, s.endLine).length);
        return { ...entry, scored: [...entry.scored].map((s) => ({ ...s, score: s.score / size(s.symbol) })).sort((a, b) => b.score - a.score || a.symbol.startLine - b.symbol.startLine) };
      }
      if (variant.order === "fused") return { ...entry, scored: fused(entry.scored, prepared.ranked.filter((s) => s.path === pointer.path)) };
      const inside = (s: CatalogSymbol) => s.id !== pointer.id && pointer.startLine <= s.startLine && s.endLine <= pointer.endLine;
      if (variant.order === "nested, bm25" || variant.order === "nested, bm25, marked") {
        const members = entry.scored.filter((s) => inside(s.symbol));
        const front = variant.order === "nested, bm25" ? members : [...members.filter((s) => isMarked(s.symbol)), ...members.filter((s) => !isMarked(s.symbol))];
        if (front.length === 0) return entry;
        return { ...entry, scored: [...front.map((s) => ({ ...s, score: Infinity })), ...entry.scored.filter((s) => !inside(s.symbol))] };
      }
      const callees = variant.order === "pointer scores"
        ? prepared.ranked.filter((s) => s.path === pointer.path)
        : variant.order === "nested" || variant.order === "nested, normalised"
        ? (variant.order === "nested" ? prepared.ranked : normalised).filter((s) => s.path === pointer.path && inside(s))
        : calleesOf(context, pointer);
      if (callees.length === 0) return entry;
      const ids = new Set(callees.map((s) => s.id));
      const front: ScoredSymbol[] = callees.map((symbol) => ({ symbol, score: Infinity }));
      return { ...entry, scored: [...front, ...entry.scored.filter((s) => !ids.has(s.symbol.id))] };
    }),
  };
}

/** The two orders of one file's symbols fused by reciprocal rank: BM25 of their text and the pointer scores. */
function fused(bm25: readonly ScoredSymbol[], byPointer: readonly CatalogSymbol[]): ScoredSymbol[] {
  const score = new Map<string, { symbol: CatalogSymbol; score: number }>();
  const add = (symbol: CatalogSymbol, rank: number) => {
    const entry = score.get(symbol.id) ?? { symbol, score: 0 };
    entry.score += 1 / (RRF_K + rank + 1);
    score.set(symbol.id, entry);
  };
  bm25.forEach((s, i) => add(s.symbol, i));
  byPointer.forEach((s, i) => add(s, i));
  return [...score.values()].sort((a, b) => b.score - a.score || a.symbol.startLine - b.symbol.startLine);
}

/**
 * The file's innermost definitions outside `pointer` whose bare name the pointer's source calls (the name followed by
 * `(`), in the order of first call. Names defined more than twice in the file are skipped (overloads, `__init__`).
 */
function calleesOf(context: RepoContext, pointer: CatalogSymbol): CatalogSymbol[] {
  const symbols = context.catalog.file(pointer.path)?.symbols ?? [];
  const leaves = symbols.filter((s) => !symbols.some((t) => t !== s && s.startLine <= t.startLine && t.endLine <= s.endLine
    && (t.startLine !== s.startLine || t.endLine !== s.endLine)));
  const outside = leaves.filter((s) => s.endLine < pointer.startLine || s.startLine > pointer.endLine);
  const text = context.lines(pointer.path).slice(pointer.startLine, pointer.endLine);
  const found: { s: CatalogSymbol; at: number }[] = [];
  for (const s of outside) {
    if (!/^[A-Za-z_$][\w$]*$/.test(s.name) || outside.filter((t) => t.name === s.name).length > 2) continue;
    const m = new RegExp(`\\b${s.name.replace(/\$/g, "\\$")}\\s*\\(`).exec(text);
    if (m) found.push({ s, at: m.index });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.s);
}
