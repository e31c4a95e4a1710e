/**
 * Why a `locate` answer misses the changed lines at a budget: for each issue whose answer holds no gold line, the
 * class of the miss — no gold file among the ranked files; a gold file ranked, its first pointer right but too large
 * to show; a right symbol in the file but neither pointer; gold lines no symbol holds — with the token cost of the
 * smallest right symbol and, for a right symbol that is no pointer, the rank of the best one in the file's extras order.
 * Prints the counts per class and a line per miss. Bench only (study for issue 23).
 *
 *   nice -n 5 npx tsx bench/study-locate-misses.ts --dataset /work/shared/bench/swebench_lite.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir S [--budget 4000] [--repo owner/name]
 */
import { readFileSync } from "node:fs";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { packLocate, type CodeView } from "../src/mcp/locate-code.js";
import type { RepoContext } from "../src/mcp/repo-context.js";
import type { CatalogSymbol } from "../src/mcp/symbol-catalog.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { parseBenchArgs } from "./bench-args.js";
import { codeMeetsGold, forEachPreparedLocate } from "./locate-replay.js";

const args = parseBenchArgs();
let rows = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.goldLines.size > 0);
if (args.has("repo")) rows = rows.filter((r) => args.all("repo").includes(r.repo));
const budget = Number(args.one("budget", "4000"));
const counter = await loadCl100k();
const classes = new Map<string, number>();
const lines: string[] = [];
await forEachPreparedLocate({ rows, trees: args.one("trees", ""), storeDir: args.one("store-dir", ""), counter }, (context, row, prepared) => {
  const answer = packLocate(context, prepared, budget).answer;
  const verdict = classify(context, row, prepared.located.map((l) => ({ path: l.file.path, pointers: l.pointers, scored: l.scored.map((x) => x.symbol) })), answer.code);
  classes.set(verdict.kind, (classes.get(verdict.kind) ?? 0) + 1);
  if (verdict.kind !== "hit") lines.push(`${row.id}\t${row.lang}\t${verdict.kind}\t${verdict.detail}`);
});

for (const [kind, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`${kind}\t${n}`);
console.log(lines.join("\n"));

type Verdict = { kind: string; detail: string };

function classify(
  context: RepoContext,
  row: EvalRow,
  located: readonly { path: string; pointers: readonly CatalogSymbol[]; scored: readonly CatalogSymbol[] }[],
  code: readonly CodeView[],
): Verdict {
  const meets = (path: string, s: number, e: number) => (row.goldLines.get(path) ?? []).some(([gs, ge]) => s <= ge && gs <= e);
  if (codeMeetsGold(row, code)) return { kind: "hit", detail: "" };
  const rank = located.findIndex((l) => row.goldLines.has(l.path));
  if (rank < 0) return { kind: "no gold file in top 5", detail: "" };
  const { path, pointers, scored } = located[rank];
  const tokens = (s: CatalogSymbol) => context.counter.count(context.lines(s.path).slice(s.startLine, s.endLine));
  const shownIn = code.filter((c) => c.path === path).map((c) => `${c.id.split("::")[1] ?? "whole"}(${c.end_line - c.start_line + 1})`);
  const right = pointers.findIndex((p) => meets(path, p.startLine, p.endLine));
  const symbols = context.catalog.file(path)?.symbols ?? [];
  const holders = symbols.filter((s) => meets(path, s.startLine, s.endLine));
  const innermost = holders.filter((s) => !holders.some((t) => t !== s && t.startLine >= s.startLine && t.endLine <= s.endLine));
  const smallest = innermost.map((s) => ({ s, t: tokens(s) })).sort((a, b) => a.t - b.t)[0];
  const where = `rank ${rank + 1}; shown ${shownIn.join(" ") || "none"}; file ${context.fileTokens(path)} tok`;
  if (right >= 0) {
    return { kind: `pointer ${right + 1} right, not shown`, detail: `${where}; pointer ${pointers[right].qualifiedName} ${tokens(pointers[right])} tok` };
  }
  if (!smallest) return { kind: "no symbol holds the gold lines", detail: where };
  // Is a right symbol called (its bare name as a word) from the first pointer, or from any code shown of the file?
  const word = (name: string) => new RegExp(`\\b${name.replace(/[^\w$]/g, "")}\\b`);
  const callers = (text: string) => innermost.some((s) => word(s.name).test(text));
  const fromPointer = pointers.length > 0 && callers(context.lines(path).slice(pointers[0].startLine, pointers[0].endLine));
  const fromShown = code.filter((c) => c.path === path).some((c) => callers(c.source));
  const called = fromPointer ? "called by pointer" : fromShown ? "called by shown" : "not called";
  // Where the best right symbol stands in the file's extras order (BM25 of the words; 0: shares no word).
  const extraRank = scored.findIndex((s) => meets(path, s.startLine, s.endLine)) + 1;
  return {
    kind: `right symbol not a pointer, ${called}`,
    detail: `${where}; right ${smallest.s.qualifiedName} ${smallest.t} tok; extras rank ${extraRank || "none"} of ${scored.length}; ` +
      `pointers ${pointers.map((p) => p.qualifiedName).join(", ")}`,
  };
}
