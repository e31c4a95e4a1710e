/**
 * Study (issue 21, seventeenth session): does it matter where the issue names a definition? A reproduction (a
 * fenced block, a `>>>` session) calls the public API it exercises (sympy's `latex`, scikit-learn's
 * `unique_labels`), while a name written in the prose (inline code included) is more often the reporter's
 * diagnosis. Replays the pointer choice from `bench/dump-pointer-features.ts`'s dump with the named bonus of a
 * symbol named only inside code blocks (q) and of one named in the prose (p) set apart, and prints pointer given-file per language and per half of the
 * repositories. Bench only.
 *
 *   npx tsx bench/study-named-where.ts --dataset <set.jsonl> --features F
 */
import { readFileSync } from "node:fs";
import { parseBenchArgs } from "./bench-args.js";
import { FENCE, parseIssue, SESSION } from "../src/rank/parse-issue.js";
import { buildPointerQuery } from "../src/rank/score-pointers.js";
import { replayPointer, type ReplaySymbol } from "./pointer-replay.js";

interface Sym extends ReplaySymbol { readonly name: string; readonly meets: boolean }
interface Row { id: string; repo: string; lang: string; path: string; symbols: Sym[]; chosen: string | null; chosenStart: number | null }

const args = parseBenchArgs();
const dataset = readFileSync(args.one("dataset", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; problem_statement?: string; body?: string; title?: string });
const rows = readFileSync(args.one("features", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);
const repos = [...new Set(rows.map((r) => r.repo))].sort();
const half = (repo: string): string => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");

const INDENTED = /(?:^|\n\n)((?:(?: {4}|\t)[^\n]*\n?)+)/g;

/** The issue's text outside code blocks (inline code spans stay: they sit in the reporter's sentences). */
function proseOf(text: string, indented: boolean): string {
  let t = text.replace(/\r\n?/g, "\n").replace(FENCE, "\n").replace(SESSION, "");
  if (indented) t = t.replace(INDENTED, "\n\n");
  return t;
}

// The ranker's input: the row's body (its first line is the title), else its title (src/eval/dataset.ts).
const textOf = new Map(dataset.map((r) => [r.id, r.body?.trim() ? r.body : r.title ?? ""]));
const namedInProse = (row: Row, indented: boolean): ((name: string) => boolean) => {
  const named = buildPointerQuery(parseIssue(proseOf(textOf.get(row.id) ?? "", indented)), new Map(), new Map()).named;
  return (qualified: string) => {
    const parts = qualified.split(/\.|::/);
    const last = parts[parts.length - 1];
    return named.has(last) || named.has(qualified) || (parts.length >= 2 && named.has(`${parts[parts.length - 2]}.${last}`));
  };
};

const agree = rows.filter((r) => {
  const i = replayPointer(r.symbols);
  return i >= 0 && r.symbols[i].name === r.chosen && r.symbols[i].start === r.chosenStart;
}).length;
console.log(`replay: ${agree} of ${rows.length} gold files get the shipped pointer`);
for (const indented of [false, true]) {
  const inProse = rows.map((r) => namedInProse(r, indented));
  const codeOnly = rows.map((r, k) => r.symbols.map((s) => s.named && !inProse[k](s.name)));
  const touched = codeOnly.filter((xs) => xs.some(Boolean)).length;
  console.log(`\nindented blocks count as code: ${indented}; gold files with a symbol named only in code: ${touched}`);
  // [bonus of a name found only in code blocks, bonus of a name found in the prose]
  for (const [q, p] of [[0.5, 0.5], [0.25, 0.5], [0, 0.5], [0.5, 0.75], [0.5, 1], [0.25, 0.75]]) {
    const groups = new Map<string, [number, number]>();
    rows.forEach((row, k) => {
      const i = replayPointer(row.symbols, { named: (j) => (codeOnly[k][j] ? q : p) });
      const right = i >= 0 && row.symbols[i].meets ? 1 : 0;
      for (const g of ["all", `half ${half(row.repo)}`, row.lang]) {
        const [n, r] = groups.get(g) ?? [0, 0];
        groups.set(g, [n + 1, r + right]);
      }
    });
    console.log(`| code-only ${q}, prose ${p} | ${[...groups.keys()].sort().map((g) => `${g} ${(groups.get(g)![1] / groups.get(g)![0]).toFixed(3)}`).join(" · ")} |`);
  }
}
