import type { LexicalIndex } from "../lexical/lexical-index.js";
import type { ParsedIssue } from "../query/parse-issue.js";
import { scanTokens } from "../query/tokenize.js";

/**
 * A behaviour-only report: no code span or block, no file path, no stack frame, no error line and no code-shaped
 * name ("Blank screen when opening a message"). Its title's words are the only hint at where the code is, and the
 * words that name a feature folder, a screen or a file stem (`message`, `compose`) are the best of them.
 */
export function isBehaviourOnly(issue: ParsedIssue): boolean {
  return issue.code.length === 0 && issue.paths.length === 0 && issue.frames.length === 0
    && issue.errors.length === 0 && issue.identifiers.length === 0;
}

/**
 * For a behaviour-only issue, multiplies the score of each of the `candidates` by `1 + weight·m`, where `m` in 0..1
 * is the share of the title's word weight (`weightOf`: query weight × IDF) that the file's own path words — its
 * folder names and its name — cover. Returns the lifted files and the title words each matched. An issue with code
 * words is left alone: its names find files better than its title's nouns. `candidates` is asked for only when the
 * issue is behaviour-only (choosing them orders the scores, wasted on every other issue).
 */
export function liftTitleNames(
  index: LexicalIndex, issue: ParsedIssue, scores: Float64Array, candidates: () => readonly number[],
  weightOf: ReadonlyMap<string, number>, weight: number,
): Map<number, readonly string[]> {
  const lifted = new Map<number, readonly string[]>();
  if (weight <= 0 || !isBehaviourOnly(issue)) return lifted;
  const title = new Map<string, number>();
  scanTokens(issue.title, (term, part) => {
    const w = weightOf.get(term);
    if (!part && w !== undefined) title.set(term, w);
  });
  let total = 0;
  for (const w of title.values()) total += w;
  if (total <= 0) return lifted;
  for (const d of candidates()) {
    const words = new Set<string>();
    scanTokens(index.files[d].path.replace(/\.[^./]*$/, ""), (term) => words.add(singular(term)));
    const matched = [...title.keys()].filter((t) => words.has(singular(t)));
    if (matched.length === 0) continue;
    let covered = 0;
    for (const t of matched) covered += title.get(t) ?? 0;
    scores[d] *= 1 + (weight * covered) / total;
    lifted.set(d, matched);
  }
  return lifted;
}

/** `screens` → `screen`: folders are often plural (`views/`, `messages/`) where a title says one. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}
