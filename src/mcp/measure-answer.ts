import type { TokenCounter } from "./token-counter.js";

/** An answer with its own size: `tokens` is the cl100k count of `text`, the JSON the client receives. */
export interface MeasuredAnswer<A> {
  readonly answer: A & { readonly tokens: number };
  readonly text: string;
}

/**
 * Serialises `answer` with a last field `tokens` that counts the serialised text itself, counting the text once.
 * cl100k splits digits into their own pieces of up to three (`\p{N}{1,3}` in its pre-tokenizer, each piece one
 * token), apart from the `":` before and the `}` after, so the text with `tokens: n` costs the text with `tokens: 0`
 * minus the one token of `0` plus ceil(digits(n) / 3): the count is settled by arithmetic. The tests check it
 * against a full count.
 */
export function measureAnswer<A extends object>(answer: A, counter: TokenCounter): MeasuredAnswer<A> {
  const base = counter.count(JSON.stringify({ ...answer, tokens: 0 })) - 1;
  let tokens = base + 1;
  for (let round = 0; round < 4; round++) {
    const next = base + Math.ceil(String(tokens).length / 3);
    if (next === tokens) break;
    tokens = next;
  }
  return { answer: { ...answer, tokens }, text: JSON.stringify({ ...answer, tokens }) };
}
