/**
 * Study (issue 21, sixteenth session): do a symbol's comment and docstring lines mislead the pointer? A public
 * function's docstring (sympy's `latex`, `lambdify`; scikit-learn's estimators) describes behaviour in the words an
 * issue uses, so the function wins the words score over the helper whose code the fix changes. Replays the pointer
 * choice from `bench/dump-pointer-features.ts`'s dump (as study-pointer-evidence.ts does), with the weight of query
 * terms found only on a symbol's prose lines (comments, Python docstrings: found with the tree-sitter grammars)
 * scaled by p, and prints pointer given-file per language and per half of the repositories. Bench only.
 *
 *   npx tsx bench/study-prose-words.ts --dataset <set.jsonl> --features F [--trees DIR]
 */
import { readFileSync } from "node:fs";
import type { Node } from "web-tree-sitter";
import { parseBenchArgs } from "./bench-args.js";
import { createSourceParser } from "./study-parsers.js";
import { scanTokens } from "../src/rank/tokenize.js";
import { ownLines, replayPointer } from "./pointer-replay.js";

interface Sym { name: string; kind: string; start: number; end: number; words: number; named: boolean; error: boolean; frameName: number[]; frameLine: number[]; meets: boolean }
interface Row { id: string; repo: string; lang: string; path: string; terms: { t: string; w: number }[]; symbols: Sym[]; chosen: string | null; chosenStart: number | null }

const args = parseBenchArgs();
const parseSource = await createSourceParser(args);
const rows = readFileSync(args.one("features", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);
const repos = [...new Set(rows.map((r) => r.repo))].sort();
const half = (repo: string): string => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");


/** Rows (0-based) whose every non-blank character is inside a comment or a Python docstring. */
function proseRows(root: Node, lines: readonly string[]): Set<number> {
  const rowsOut = new Set<number>();
  const visit = (node: Node): void => {
    const isDoc = node.type.includes("comment") ||
      (node.type === "expression_statement" && node.namedChildCount === 1 && ["string", "concatenated_string"].includes(node.namedChild(0)!.type));
    if (isDoc) {
      const r0 = node.startPosition.row, r1 = node.endPosition.row;
      const first = lines[r0] ?? "";
      const lead = first.slice(0, node.startPosition.column).trim() === "";
      if (r0 === r1) {
        if (lead && first.trim() === node.text.trim()) rowsOut.add(r0);
      } else {
        if (lead) rowsOut.add(r0);
        for (let r = r0 + 1; r < r1; r++) rowsOut.add(r);
        const lastText = node.text.split("\n").pop()!.trimEnd();
        if ((lines[r1] ?? "").trim() === lastText.trim()) rowsOut.add(r1);
      }
      return;
    }
    for (let i = 0; i < node.childCount; i++) visit(node.child(i)!);
  };
  visit(root);
  return rowsOut;
}

// Per row and symbol: the summed weight of query terms found on its prose lines only (not on code lines, not in its name).
const proseOnly: number[][] = [];
for (const row of rows) {
  const weight = new Map(row.terms.map((t) => [t.t, t.w]));
  const parsed = await parseSource(row, (lines, root) => ({ lines, prose: root ? proseRows(root, lines) : new Set<number>() }));
  if (!parsed) {
    proseOnly.push(row.symbols.map(() => 0));
    continue;
  }
  const { lines, prose } = parsed;
  proseOnly.push(row.symbols.map((s, i) => {
    const code = new Set<string>();
    const onProse = new Set<string>();
    scanTokens(s.name, (t) => weight.has(t) && code.add(t));
    for (const line of ownLines(row.symbols, i)) {
      const into = prose.has(line - 1) ? onProse : code;
      scanTokens(lines[line - 1] ?? "", (t) => weight.has(t) && into.add(t));
    }
    let sum = 0;
    for (const t of onProse) if (!code.has(t)) sum += weight.get(t)!;
    return sum;
  }));
}

/** The shipped choice with prose-only words scaled by p. */
function choose(row: Row, k: number, p: number): number {
  return replayPointer(row.symbols, { words: row.symbols.map((x, i) => Math.max(0, x.words - (1 - p) * proseOnly[k][i])) });
}

const agree = rows.filter((r, k) => {
  const i = choose(r, k, 1);
  return i >= 0 && r.symbols[i].name === r.chosen && r.symbols[i].start === r.chosenStart;
}).length;
console.log(`replay: ${agree} of ${rows.length} gold files get the shipped pointer`);
const withProse = proseOnly.filter((xs) => xs.some((x) => x > 0)).length;
console.log(`gold files with some prose-only query term in a symbol: ${withProse}\n`);
for (const p of [1, 0.75, 0.5, 0.25, 0]) {
  const groups = new Map<string, [number, number]>();
  const lengths: number[] = [];
  rows.forEach((row, k) => {
    const i = choose(row, k, p);
    const right = i >= 0 && row.symbols[i].meets ? 1 : 0;
    if (i >= 0) lengths.push(row.symbols[i].end - row.symbols[i].start + 1);
    for (const g of ["all", `half ${half(row.repo)}`, row.lang]) {
      const [n, r] = groups.get(g) ?? [0, 0];
      groups.set(g, [n + 1, r + right]);
    }
  });
  lengths.sort((a, b) => a - b);
  console.log(`| prose × ${p} | ${[...groups.keys()].sort().map((g) => `${g} ${(groups.get(g)![1] / groups.get(g)![0]).toFixed(3)}`).join(" · ")} | median lines ${lengths[Math.floor(lengths.length / 2)]} |`);
}
