import { buildModelKey, type EmbedCallOptions, type Embedder } from "./embedder.js";
import { estimateTokens, planBatches, truncateToTokens, VOYAGE_CODE_3_LIMITS, type BatchLimits } from "./plan-batches.js";
import { runPool } from "./run-pool.js";
import { createVoyageRequester, malformedResponse, RequestTooLarge, type VoyageRequestOptions } from "./voyage-request.js";

/** Output types this project stores. Binary outputs would need a different scorer, so they are not offered. */
export type VoyageOutputDtype = "float" | "int8";

/** Settings of the Voyage embedder. Only `apiKey` is required; the lead's env module supplies key and base URL. */
export interface VoyageEmbedderOptions extends VoyageRequestOptions {
  /** Default `voyage-code-3`. */
  readonly model?: string;
  /** Output dimension (Matryoshka: 256, 512, 1024, 2048 for voyage-code-3). Default 1024. */
  readonly dims?: number;
  /** Default `float`; `int8` makes responses four times smaller (the cache stores int8 either way, docs/dense.md). */
  readonly dtype?: VoyageOutputDtype;
  /** Default {@link VOYAGE_CODE_3_LIMITS}. */
  readonly limits?: BatchLimits;
  /** Requests in flight at once. Default 4: enough to hide latency, few enough to stay under request-rate limits. */
  readonly concurrency?: number;
}

/** Halving a single oversized input more often than this means the estimate is hopeless; give up as `rejected`. */
const MAX_SHRINK_STEPS = 4;

/**
 * An {@link Embedder} over the `voyageai` client. The SDK's own retries are off (`maxRetries: 0`) so that this
 * module owns retry, backoff and timeouts and tests can observe them request by request.
 */
export function createVoyageEmbedder(options: VoyageEmbedderOptions): Embedder {
  const model = options.model ?? "voyage-code-3";
  const dims = options.dims ?? 1024;
  const dtype = options.dtype ?? "float";
  const limits = options.limits ?? VOYAGE_CODE_3_LIMITS;
  const request = createVoyageRequester(options, dtype);

  function requestVectors(input: string[], inputType: "document" | "query", signal?: AbortSignal): Promise<Float32Array[]> {
    const tokens = input.reduce((sum, t) => sum + estimateTokens(t, limits.charsPerToken), 0);
    return request(async (client, wire, attemptSignal) => {
      const res = await client.embed(
        { input, model, inputType, outputDimension: dims, outputDtype: dtype, encodingFormat: "base64", truncation: true },
        { abortSignal: attemptSignal, maxRetries: 0 },
      );
      const value = readVectors(wire.takeVectors(), input.length, dims);
      if (value === undefined) throw malformedResponse("embeddings");
      return { value, tokens: res.usage?.totalTokens };
    }, { inputs: input.length, tokens }, signal);
  }

  async function embedBatch(input: string[], signal: AbortSignal | undefined, shrink = 0): Promise<Float32Array[]> {
    try {
      return await requestVectors(input, "document", signal);
    } catch (error) {
      if (!(error instanceof RequestTooLarge)) throw error;
      options.logger?.warn({ inputs: input.length, status: error.failure.status }, "voyage rejected a batch as too large; splitting");
      if (input.length > 1) {
        const mid = input.length >> 1;
        const head = await embedBatch(input.slice(0, mid), signal);
        const tail = await embedBatch(input.slice(mid), signal);
        return [...head, ...tail];
      }
      if (shrink >= MAX_SHRINK_STEPS) throw error.failure;
      return embedBatch([input[0].slice(0, Math.ceil(input[0].length / 2))], signal, shrink + 1);
    }
  }

  return {
    modelKey: buildModelKey(model, dims, dtype),
    dims,
    async embedDocuments(texts: readonly string[], call: EmbedCallOptions = {}): Promise<Float32Array[]> {
      const inputs = texts.map((t) => truncateToTokens(t, limits.maxInputTokens, limits.charsPerToken));
      const batches = planBatches(inputs.map((t) => estimateTokens(t, limits.charsPerToken)), limits);
      const out = new Array<Float32Array>(inputs.length);
      let done = 0;
      await runPool(batches, options.concurrency ?? 4, async (batch, signal) => {
        const vectors = await embedBatch(batch.map((i) => inputs[i]), signal);
        batch.forEach((i, k) => (out[i] = vectors[k]));
        done += batch.length;
        call.onProgress?.(done, inputs.length);
      }, call.signal);
      return out;
    },
    async embedQuery(text: string, call: EmbedCallOptions = {}): Promise<Float32Array> {
      const input = truncateToTokens(text, limits.maxInputTokens, limits.charsPerToken);
      try {
        const [vector] = await requestVectors([input], "query", call.signal);
        return vector;
      } catch (error) {
        throw error instanceof RequestTooLarge ? error.failure : error;
      }
    },
  };
}

/** Puts decoded vectors in input order, or `undefined` when the response does not have one vector per input. */
function readVectors(data: readonly { index: number; vector: Float32Array }[] | undefined, count: number, dims: number): Float32Array[] | undefined {
  const out = new Array<Float32Array>(count);
  for (const { index, vector } of data ?? []) {
    if (index < 0 || index >= count || vector.length !== dims) return undefined;
    out[index] = vector;
  }
  for (let i = 0; i < count; i++) if (out[i] === undefined) return undefined;
  return out;
}
