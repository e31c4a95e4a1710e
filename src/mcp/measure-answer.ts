import type { TokenCounter } from "./token-counter.js";

/** An answer with its own size: `tokens` is the cl100k count of `text`, the JSON the client receives. */
export interface MeasuredAnswer<A> {
  readonly answer: A & { readonly tokens: number };
  readonly text: string;
}

/**
 * Serialises `answer` with a `tokens` field that counts the serialised text itself. The count changes the text it
 * counts (a 3-digit number may be one token fewer than a 4-digit one), so it is settled by iterating to a fixed
 * point, which takes two or three rounds.
 */
export function measureAnswer<A extends object>(answer: A, counter: TokenCounter): MeasuredAnswer<A> {
  let tokens = 0;
  let text = "";
  for (let round = 0; round < 6; round++) {
    text = JSON.stringify({ ...answer, tokens });
    const counted = counter.count(text);
    if (counted === tokens) break;
    tokens = counted;
  }
  return { answer: { ...answer, tokens }, text };
}
