import type { EmbedCallOptions } from "./embedder.js";

/** One reranked document: its position in the input list and the model's relevance score (higher is better). */
export interface RerankResult {
  readonly index: number;
  readonly score: number;
}

/**
 * Orders candidate documents by relevance to a query with a cross-encoder. Implementations fail only with
 * `EmbedError`, like embedders, so callers fall back the same way.
 */
export interface Reranker {
  /** Names the model, e.g. `rerank-2.5`. */
  readonly model: string;
  /** The documents, best first; at most `topK` of them when given. */
  rerank(query: string, documents: readonly string[], options?: EmbedCallOptions & { readonly topK?: number }): Promise<RerankResult[]>;
}
