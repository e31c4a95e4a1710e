import type { LexicalIndex } from "../lexical/lexical-index.js";
import type { ParsedIssue } from "../query/parse-issue.js";

/** How much a name's prominence in the issue scales its weight. */
export interface DefinitionWeights {
  /** Extra factor for a name in the title: weight × (1 + title). */
  readonly title: number;
  /** Repetition: weight × (1 + repeat·ln(occurrences in the issue)). */
  readonly repeat: number;
  /**
   * Scores are divided by max(best score, floor·ln(1 + files)). A name defined in one file scores ln(1 + files),
   * so with floor 1 a file needs at least one uniquely defined name (or several rarer ones) to get the full
   * signal weight, and matches on common names alone stay weak. 0 = divide by the best score.
   */
  readonly floor: number;
}

/**
 * Scores files by the code names of the issue that they define. A name defined in few files is strong evidence
 * (`URLField`), one defined everywhere (`__init__`, `get`) is weak: each name adds `ln(1 + N/defining files)`.
 * Dotted names contribute their segments (`forms.URLField.clean` → `URLField`, `clean`). Names match exactly, with
 * case: `sphinx` (a package) is not the class `Sphinx`. Returns, per file, the summed weight of the names it defines.
 */
export function scoreDefinitions(index: LexicalIndex, issue: ParsedIssue, weights: DefinitionWeights): Map<number, number> {
  const names = new Set<string>();
  const addName = (s: string): void => {
    if (s.length >= 3 && !/^__\w+__$/.test(s)) names.add(s);
  };
  for (const id of issue.identifiers) {
    const parts = id.split(".");
    // The head of a dotted name is a receiver or package (`self`, `np`, `sphinx`), not a definition, unless it is
    // capitalised like a class (`URLField.clean`).
    parts.forEach((part, i) => {
      if (i > 0 || parts.length === 1 || /^[A-Z]/.test(part)) addName(part);
      if (i > 0 && /^[A-Z]/.test(parts[i - 1])) addName(`${parts[i - 1]}.${part}`);
    });
  }
  for (const f of issue.frames) if (f.symbol) addName(f.symbol);

  const inTitle = new Set(issue.title.match(/[A-Za-z_]\w*/g) ?? []);
  const counts = new Map<string, number>();
  for (const w of issue.text.match(/[A-Za-z_]\w*/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  const n = index.files.length;
  const score = new Map<number, number>();
  for (const name of names) {
    const files = index.definitions.get(name);
    if (!files) continue;
    const prominence = (inTitle.has(name) ? 1 + weights.title : 1) * (1 + weights.repeat * Math.log(counts.get(name) ?? 1));
    const weight = Math.log(1 + n / files.length) * prominence;
    if (weight <= 0) continue;
    for (const file of files) score.set(file, (score.get(file) ?? 0) + weight);
  }
  return score;
}
