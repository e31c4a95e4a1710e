import { excerptView, fileExcerptView, fileSymbol, keptParts, type CodeView } from "./code-views.js";
import { overlaps } from "./pick-extras.js";
import type { RepoContext } from "./repo-context.js";
import { lineScorer, termIdf } from "./score-symbol-text.js";
import type { CatalogSymbol } from "./symbol-catalog.js";

/**
 * The share of the budget an excerpt of a pointer too large to show may take: a third. Of 1/8, 1/4 and 1/3, an eighth
 * gained most on half A of each development set's repositories but lost SWE-bench Lite's half B at 4,000 and 8,000
 * tokens (smaller excerpts fit more often and take the room of extras that had met the fix); a third was next on half
 * A and held on half B (docs/benchmarks.md, "Excerpts of pointers too large to show").
 */
export const EXCERPT_SHARE = 1 / 3;

/**
 * The share of the budget the first file's excerpt (its lines no place shows, around the issue's words; the next
 * file's when the first comes whole, since a whole file has no such lines) may take: an eighth. Of 1/8, 1/4 and 1/2
 * (and two files' excerpts at 1/4 each), an eighth gained most on half A of both development sets' repositories and
 * held on half B (docs/benchmarks.md, "the first file's excerpt").
 */
export const FILE_EXCERPT_SHARE = 1 / 8;

/** The excerpts a `locate` answer may hold, for one issue and budget. */
export interface LocateExcerpts {
  /** A pointer too large to show whole, less the lines the `shown` places show; undefined when none fits. */
  pointer(s: CatalogSymbol, shown: readonly CatalogSymbol[]): CodeView | undefined;
  /**
   * The file at `path` over the lines the `shown` places do not show, sized to fit `room` tokens left in the answer,
   * with the parts it shows (as symbols, so extras overlapping them are skipped); undefined when none fits.
   */
  file(path: string, shown: readonly CatalogSymbol[], room: number): { view: CodeView; parts: CatalogSymbol[] } | undefined;
}

/**
 * The excerpts of one `locate` answer: their lines chosen by the issue's words (`terms`, each weighed by its IDF in
 * the repository), a pointer's within `shares.pointerShare` of the budget, the first file's within
 * `shares.fileShare` (0: none of that kind). A pointer's excerpt depends on it, the budget and the lines other items
 * show inside it, so each is made once, though `packLocate` may try fewer files after.
 */
export function locateExcerpts(
  context: RepoContext,
  terms: ReadonlyMap<string, number>,
  budget: number,
  shares: { readonly pointerShare: number; readonly fileShare: number },
): LocateExcerpts {
  const lineScore = lineScorer(terms, termIdf(context.repo.index));
  const cuts = new Map<string, CodeView | undefined>();
  return {
    pointer: (s, shown) => {
      if (shares.pointerShare <= 0) return undefined;
      const inside = shown.filter((t) => overlaps(t, s));
      const key = `${s.id}\0${inside.map((t) => `${t.startLine}-${t.endLine}`).join(",")}`;
      if (!cuts.has(key)) cuts.set(key, excerptView(context, s, lineScore, budget * shares.pointerShare, linesOf(inside)));
      return cuts.get(key);
    },
    file: (path, shown, room) => {
      // A kept line costs up to a fifth more once escaped in the JSON answer (13–20 % measured on five
      // repositories), and the item's own fields some 40 tokens more: the excerpt is sized to fit what is left.
      const maxTokens = Math.min(budget * shares.fileShare, (room - ITEM_FIELDS) / JSON_ESCAPE_COST);
      const file = maxTokens < ITEM_FIELDS ? undefined : fileSymbol(context, path);
      const view = file && fileExcerptView(context, file, lineScore, maxTokens, linesOf(shown.filter((t) => t.path === path)));
      return file && view ? { view, parts: keptParts(file, view) } : undefined;
    },
  };
}

/**
 * The file excerpt of `path` that fits the answer, measured as serialized: `over(view)` is how many tokens the answer
 * with it would be over the budget (≤ 0: it fits). `LocateExcerpts.file` sizes an excerpt for `room` by estimate
 * (escaping, the `omitted` fields and marker lines), and one that came out larger would be dropped by the final packing
 * after the extras it overlaps were passed over. So while it is over, the room is cut by the overshoot, twice that,
 * four times (a cut of the overshoot alone can take the same windows again), and the excerpt made again; after
 * `FIT_ROUNDS` none, and extras take the room.
 */
export function fitFileExcerpt(
  excerpts: LocateExcerpts,
  path: string,
  shown: readonly CatalogSymbol[],
  room: number,
  over: (view: CodeView) => number,
): ReturnType<LocateExcerpts["file"]> {
  for (let round = 0; round < FIT_ROUNDS && room > 0; round++) {
    const cut = excerpts.file(path, shown, room);
    if (!cut) return undefined;
    const overshoot = over(cut.view);
    if (overshoot <= 0) return cut;
    room -= overshoot * 2 ** round;
  }
  return undefined;
}

/**
 * Sizes `fitFileExcerpt` tries. Replayed over both development sets at 4,000 tokens, the first size is over the room
 * for a third (multi-language) to a half (SWE-bench Lite) of the answers with a file excerpt; after four rounds under
 * 5 % go without one (docs/benchmarks.md, "the file excerpt fitted").
 */
const FIT_ROUNDS = 4;

/** Tokens of a code item's fields besides its source (id, path, lines, `omitted`), about. */
const ITEM_FIELDS = 40;
/** What a line of source costs in the JSON answer against on its own, at most (`\n`, `\"` escapes): 13–20 % more. */
const JSON_ESCAPE_COST = 1.25;

/** A predicate for the lines `symbols` span (file lines; callers pass one file's). */
function linesOf(symbols: readonly CatalogSymbol[]): (line: number) => boolean {
  return (line) => symbols.some((t) => t.startLine <= line && line <= t.endLine);
}
