/**
 * Study (issue 21, twentieth session): do words found only inside a symbol's string literals mislead the pointer?
 * A registry — sphinx's `setup(app)` with its `add_config_value('viewcode_enable_epub', …)`, pytest's
 * `pytest_addoption`, an argparse `get_parser` — names every option an issue can mention, as strings, while the fix
 * is where the option is read (`app.config.viewcode_enable_epub`). Replays the pointer choice from
 * `bench/dump-pointer-features.ts`'s dump with the weight of query terms found on a symbol's own lines only inside
 * string literals (not in its code, its name, comments or docstrings; interpolations count as code) scaled by p, and
 * prints pointer given-file per language and per half of the repositories. Bench only.
 *
 *   npx tsx bench/study-string-words.ts --dataset <set.jsonl> --features F [--trees DIR]
 */
import type { Node } from "web-tree-sitter";
import { parseBenchArgs } from "./bench-args.js";
import { createSourceParser } from "./study-parsers.js";
import { scanTokens } from "../src/rank/tokenize.js";
import { ownLines, printGivenFile, readFeatureRows, replayPointer, type FeatureRow } from "./pointer-replay.js";

interface Row extends FeatureRow { terms: { t: string; w: number }[]; chosen: string | null; chosenStart: number | null }

const args = parseBenchArgs();
const parseSource = await createSourceParser(args);
const { rows, half } = readFeatureRows<Row>(args.one("features", ""));


/** Per row (0-based), a mask over its characters: 1 inside a string literal, 2 in a comment or Python docstring. */
function masks(root: Node, lines: readonly string[]): Uint8Array[] {
  const out = lines.map((l) => new Uint8Array(l.length));
  const paint = (node: Node, value: number): void => {
    const { row: r0, column: c0 } = node.startPosition;
    const { row: r1, column: c1 } = node.endPosition;
    for (let r = r0; r <= r1 && r < out.length; r++) out[r].fill(value, r === r0 ? c0 : 0, r === r1 ? c1 : out[r].length);
  };
  const visit = (node: Node): void => {
    const type = node.type;
    const docstring = type === "expression_statement" && node.namedChildCount === 1 &&
      ["string", "concatenated_string"].includes(node.namedChild(0)!.type);
    if (type.includes("comment") || docstring) {
      paint(node, 2);
      return;
    }
    if (/string|char_literal/.test(type) && !/content|start|end|fragment/.test(type)) {
      paint(node, 1);
      // f-strings and template literals: what is interpolated is code.
      const unpaint = (n: Node): void => {
        for (let i = 0; i < n.childCount; i++) {
          const c = n.child(i)!;
          if (/interpolation|substitution/.test(c.type)) paint(c, 0);
          else unpaint(c);
        }
      };
      unpaint(node);
      return;
    }
    for (let i = 0; i < node.childCount; i++) visit(node.child(i)!);
  };
  visit(root);
  return out;
}

/** `line` with the characters whose mask is not `keep` blanked. */
function only(line: string, mask: Uint8Array | undefined, keep: number): string {
  if (!mask) return keep === 0 ? line : "";
  let s = "";
  for (let i = 0; i < line.length; i++) s += (mask[i] ?? 0) === keep ? line[i] : " ";
  return s;
}

// Per row and symbol: the summed weight of query terms found on its own lines only inside strings, and only in prose.
const stringOnly: number[][] = [];
const proseOnly: number[][] = [];
for (const row of rows) {
  const weight = new Map(row.terms.map((t) => [t.t, t.w]));
  const parsed = await parseSource(row, (lines, root) => ({ lines, mask: root ? masks(root, lines) : [] }));
  if (!parsed) {
    stringOnly.push(row.symbols.map(() => 0));
    proseOnly.push(row.symbols.map(() => 0));
    continue;
  }
  const { lines, mask } = parsed;
  const perSymbol = row.symbols.map((s, i) => {
    const code = new Set<string>(), inString = new Set<string>(), inProse = new Set<string>();
    scanTokens(s.name, (t) => weight.has(t) && code.add(t));
    for (const line of ownLines(row.symbols, i)) {
      const l = lines[line - 1] ?? "";
      scanTokens(only(l, mask[line - 1], 0), (t) => weight.has(t) && code.add(t));
      scanTokens(only(l, mask[line - 1], 1), (t) => weight.has(t) && inString.add(t));
      scanTokens(only(l, mask[line - 1], 2), (t) => weight.has(t) && inProse.add(t));
    }
    let str = 0, prose = 0;
    for (const t of inString) if (!code.has(t)) str += weight.get(t)!;
    for (const t of inProse) if (!code.has(t) && !inString.has(t)) prose += weight.get(t)!;
    return [str, prose];
  });
  stringOnly.push(perSymbol.map((x) => x[0]));
  proseOnly.push(perSymbol.map((x) => x[1]));
}

/** The shipped choice with string-only words scaled by p and prose-only words by q. */
function choose(row: Row, k: number, p: number, q: number): number {
  return replayPointer(row.symbols, { words: row.symbols.map((x, i) => Math.max(0, x.words - (1 - p) * stringOnly[k][i] - (1 - q) * proseOnly[k][i])) });
}

const agree = rows.filter((r, k) => {
  const i = choose(r, k, 1, 1);
  return i >= 0 && r.symbols[i].name === r.chosen && r.symbols[i].start === r.chosenStart;
}).length;
console.log(`replay: ${agree} of ${rows.length} gold files get the shipped pointer`);
console.log(`gold files with some string-only query term in a symbol: ${stringOnly.filter((xs) => xs.some((x) => x > 0)).length}\n`);
for (const [p, q] of [[1, 1], [0.75, 1], [0.5, 1], [0.25, 1], [0, 1], [0.5, 0.75], [0.5, 0.5]]) {
  printGivenFile(`strings × ${p}, prose × ${q}`, rows, half, (row, k) => choose(row, k, p, q));
}
