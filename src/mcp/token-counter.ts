/** Counts the tokens a text costs a model. */
export interface TokenCounter {
  count(text: string): number;
}

/**
 * A loader of the cl100k_base counter that loads the encoder once, on first use: its rank table is ~1 MB of
 * JavaScript that a server answering no call should not parse. Each loader keeps its own encoder (no module state).
 */
export function createLazyTokenCounter(load: () => Promise<TokenCounter> = loadCl100k): () => Promise<TokenCounter> {
  let loading: Promise<TokenCounter> | undefined;
  return () => (loading ??= load());
}

/** js-tiktoken's cl100k_base, the encoding the published per-query token figures of other code servers use. */
export async function loadCl100k(): Promise<TokenCounter> {
  const [{ Tiktoken }, { default: ranks }] = await Promise.all([
    import("js-tiktoken/lite"), import("js-tiktoken/ranks/cl100k_base"),
  ]);
  const encoder = new Tiktoken(ranks);
  // Special-token text (`<|endoftext|>`) inside source code is counted as plain text: encode() throws on it otherwise.
  return { count: (text) => encoder.encode(text, [], []).length };
}
