import type { LexicalIndex } from "./lexical-index.js";
import type { ParsedIssue } from "./parse-issue.js";

/** Per file: the summed rarity of the issue's identifiers that the file defines, and those names. */
export interface DefinitionScores {
  readonly score: Map<number, number>;
  readonly names: Map<number, string[]>;
}

/**
 * Scores files by the code names of the issue that they define. A name defined in few files is strong evidence
 * (`URLField`), one defined everywhere (`__init__`, `get`) is weak: each name adds `ln(1 + N/defining files)`.
 * Dotted names contribute their segments (`forms.URLField.clean` → `URLField`, `clean`).
 */
export function scoreDefinitions(index: LexicalIndex, issue: ParsedIssue): DefinitionScores {
  const names = new Set<string>();
  const addName = (s: string): void => {
    if (s.length >= 3) names.add(s);
  };
  for (const id of issue.identifiers) for (const part of id.split(".")) addName(part);
  for (const f of issue.frames) if (f.symbol) addName(f.symbol);

  const n = index.files.length;
  const score = new Map<number, number>();
  const matched = new Map<number, string[]>();
  for (const name of names) {
    const files = index.definitions.get(name.toLowerCase());
    if (!files) continue;
    const weight = Math.log(1 + n / files.length);
    for (const file of files) {
      score.set(file, (score.get(file) ?? 0) + weight);
      const list = matched.get(file);
      if (list) list.push(name);
      else matched.set(file, [name]);
    }
  }
  return { score, names: matched };
}
