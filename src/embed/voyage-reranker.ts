import { estimateTokens, truncateToTokens } from "./plan-batches.js";
import type { Reranker, RerankResult } from "./reranker.js";
import { createVoyageRequester, malformedResponse, RequestTooLarge, type VoyageRequestOptions } from "./voyage-request.js";

/** Settings of the Voyage reranker. */
export interface VoyageRerankerOptions extends VoyageRequestOptions {
  /** Default `rerank-2.5` (32K-token context). */
  readonly model?: string;
  /** Documents per request. Voyage: 1,000. */
  readonly maxDocuments?: number;
  /**
   * Estimated tokens per request, counted as Voyage does (query tokens × documents + document tokens). Default
   * 600,000, Voyage's figure for rerank-2.5 at the time of writing. Documents are truncated evenly to fit.
   */
  readonly maxTotalTokens?: number;
  /** Estimated tokens per document at most. Default 8,000: a file's head and best symbol, not the whole file. */
  readonly maxDocumentTokens?: number;
  /** Characters per token for estimates. Default 3 (conservative for code). */
  readonly charsPerToken?: number;
}

/** A {@link Reranker} over the `voyageai` client, with the embedder's timeouts, retries and typed failures. */
export function createVoyageReranker(options: VoyageRerankerOptions): Reranker {
  const model = options.model ?? "rerank-2.5";
  const cpt = options.charsPerToken ?? 3;
  const request = createVoyageRequester(options);
  return {
    model,
    async rerank(query, documents, call = {}) {
      const docs = documents.slice(0, options.maxDocuments ?? 1_000);
      if (docs.length === 0) return [];
      const q = truncateToTokens(query, 4_000, cpt);
      const queryTokens = estimateTokens(q, cpt);
      const perDocument = Math.floor(((options.maxTotalTokens ?? 600_000) - queryTokens * docs.length) / docs.length);
      const cap = Math.max(1, Math.min(options.maxDocumentTokens ?? 8_000, perDocument));
      const input = docs.map((d) => truncateToTokens(d, cap, cpt));
      const tokens = queryTokens * input.length + input.reduce((n, d) => n + estimateTokens(d, cpt), 0);
      try {
        return await request(async (client, _wire, signal) => {
          const res = await client.rerank({ query: q, documents: input, model, topK: call.topK, truncation: true }, { abortSignal: signal, maxRetries: 0 });
          const value = readResults(res.data, input.length);
          if (value === undefined) throw malformedResponse("rerank");
          return { value, tokens: res.usage?.totalTokens };
        }, { inputs: input.length, tokens }, call.signal);
      } catch (error) {
        throw error instanceof RequestTooLarge ? error.failure : error;
      }
    },
  };
}

function readResults(data: { index?: number; relevanceScore?: number }[] | undefined, count: number): RerankResult[] | undefined {
  const out: RerankResult[] = [];
  for (const item of data ?? []) {
    if (item.index === undefined || item.index < 0 || item.index >= count || typeof item.relevanceScore !== "number") return undefined;
    out.push({ index: item.index, score: item.relevanceScore });
  }
  return out.sort((a, b) => b.score - a.score || a.index - b.index);
}
