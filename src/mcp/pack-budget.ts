import { measureAnswer, type MeasuredAnswer } from "./measure-answer.js";
import type { TokenCounter } from "./token-counter.js";

/** What a packed answer is built from: the items chosen so far (best first) and the ids left out. */
export type AnswerBuilder<I, A> = (included: readonly I[], leftOut: readonly string[]) => A;

/** A packed answer, the items it holds and the ids of those left out (in candidate order). */
export interface PackedAnswer<I, A> extends MeasuredAnswer<A> {
  readonly included: readonly I[];
  readonly leftOut: readonly string[];
}

/** How items are measured and which ones an answer must name when they do not fit. */
export interface PackOptions<I> {
  /** The text an item adds to the answer (default: its JSON). */
  readonly itemText?: (item: I) => string;
  /** Whether an item left out is named in the answer's left-out list (default: every item). */
  readonly reportLeftOut?: (item: I) => boolean;
}

/**
 * Tokens a piece's count may differ by inside the whole text (merges at its edges and the comma between pieces):
 * estimates within this margin of the budget are checked exactly.
 */
const EDGE_SLACK = 8;

/**
 * Characters per cl100k token that serialized source stays under (code averages 3–4; only long runs of one
 * character, such as rulers or indentation, merge further). An item whose text is longer than this many characters
 * per token left cannot fit and is passed over without being counted: counting every candidate's source was most of
 * a `locate` call (~330 KB of text at 4,000 tokens on django).
 */
export const MAX_CHARS_PER_TOKEN = 12;

/**
 * Packs whole items, best first, into an answer whose serialised JSON (see `measureAnswer`) stays within `budget`
 * tokens: an item that does not fit is left out (and named) and smaller ones after it may still fit. Each item is
 * counted once on its own; the answer is counted whole only when the sum comes near the budget and once at the
 * end, when any overshoot from that estimate drops the last items taken. Returns undefined when even the answer
 * without any item is over the budget. Items that `reportLeftOut` excludes are extras: taken when they fit, never
 * named when they do not.
 */
export function packWithinBudget<I extends { readonly id: string }, A extends object>(
  items: readonly I[],
  budget: number,
  build: AnswerBuilder<I, A>,
  counter: TokenCounter,
  options: PackOptions<I> = {},
): PackedAnswer<I, A> | undefined {
  const itemText = options.itemText ?? ((item: I) => JSON.stringify(item));
  const reported = options.reportLeftOut ?? (() => true);
  const included: I[] = [];
  const ids = items.filter(reported).map((item) => item.id);
  const leftOutOf = (taken: readonly I[]) => ids.filter((id) => !taken.some((t) => t.id === id));
  // The empty answer names every reported id as left out: the largest it can be before code is added.
  let used = measureAnswer(build([], ids), counter).answer.tokens;
  if (used > budget) return undefined;
  for (const item of items) {
    const text = itemText(item);
    if (used + text.length / MAX_CHARS_PER_TOKEN > budget + EDGE_SLACK + item.id.length + 2) continue;
    // Taking an item adds its text and removes its id (quoted, with a comma) from the left-out list, if listed there.
    const cost = counter.count(text) + 1 - (reported(item) ? counter.count(JSON.stringify(item.id)) : 0);
    if (used + cost > budget + EDGE_SLACK) continue;
    if (used + cost > budget - EDGE_SLACK) {
      const exact = measureAnswer(build([...included, item], leftOutOf([...included, item])), counter).answer.tokens;
      if (exact > budget) continue;
      used = exact;
    } else {
      used += cost;
    }
    included.push(item);
  }
  for (;;) {
    const measured = measureAnswer(build(included, leftOutOf(included)), counter);
    if (measured.answer.tokens <= budget || included.length === 0) {
      return { ...measured, included, leftOut: leftOutOf(included) };
    }
    included.pop();
  }
}
