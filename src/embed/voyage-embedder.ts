import { VoyageAIClient } from "voyageai";
import { EmbedError } from "./embed-error.js";
import { buildModelKey, type EmbedCallOptions, type Embedder, type EmbedLogger, type EmbedRequestObservation } from "./embedder.js";
import { classifyVoyageError, type ClassifiedFailure } from "./classify-voyage-error.js";
import { estimateTokens, planBatches, truncateToTokens, VOYAGE_CODE_3_LIMITS, type BatchLimits } from "./plan-batches.js";
import { computeRetryDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
import { abortableSleep, runPool } from "./run-pool.js";
import { createVoyageFetch } from "./voyage-fetch.js";

/** Output types this project stores. Binary outputs would need a different scorer, so they are not offered. */
export type VoyageOutputDtype = "float" | "int8";

/** Settings of the Voyage embedder. Only `apiKey` is required; the lead's env module supplies key and base URL. */
export interface VoyageEmbedderOptions {
  readonly apiKey: string;
  /** e.g. `http://127.0.0.1:4010/v1` for the fake server; defaults to `https://api.voyageai.com/v1`. */
  readonly baseUrl?: string;
  /** Default `voyage-code-3`. */
  readonly model?: string;
  /** Output dimension (Matryoshka: 256, 512, 1024, 2048 for voyage-code-3). Default 1024. */
  readonly dims?: number;
  /** Default `float`; `int8` halves the response size and is quantised again on storage anyway. */
  readonly dtype?: VoyageOutputDtype;
  /** Default {@link VOYAGE_CODE_3_LIMITS}. */
  readonly limits?: BatchLimits;
  /** Requests in flight at once. Default 4: enough to hide latency, few enough to stay under request-rate limits. */
  readonly concurrency?: number;
  /** Per-request timeout. Default 30 s; a 120K-token batch takes a few seconds on Voyage. */
  readonly timeoutMs?: number;
  /** Default {@link DEFAULT_RETRY_POLICY}. */
  readonly retry?: RetryPolicy;
  readonly logger?: EmbedLogger;
  /** Receives every request's cost, for the planner's latency statistics. */
  readonly onRequest?: (observation: EmbedRequestObservation) => void;
  /** Injected for tests; defaults to a cancellable `setTimeout`. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  readonly now?: () => number;
}

/** One failed attempt, classified; caught by the retry loop and never seen outside this module. */
class AttemptFailed extends Error {
  constructor(readonly failure: ClassifiedFailure) {
    super(failure.error.message);
  }
}

/** Thrown inside the batch loop when the service says a batch is too big; never escapes {@link createVoyageEmbedder}. */
class BatchTooLarge extends Error {
  constructor(readonly failure: EmbedError) {
    super("batch too large");
  }
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
  const timeoutMs = options.timeoutMs ?? 30_000;
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const secrets = [options.apiKey];
  // The SDK timer is a safety net only: ours fires first and is the one that classifies the failure.
  const sdkTimeoutSeconds = timeoutMs / 1000 + 1;
  // One light client per request: its fetch wrapper hands this request's decoded vectors back (see voyage-fetch.ts).
  const clientFor = (fetch: typeof globalThis.fetch): VoyageAIClient =>
    new VoyageAIClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0, timeoutInSeconds: sdkTimeoutSeconds, fetch });

  async function requestOnce(input: string[], inputType: "document" | "query", attempt: number, parent?: AbortSignal): Promise<Float32Array[]> {
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(new Error("request timeout")), timeoutMs);
    const signal = parent ? AbortSignal.any([parent, timer.signal]) : timer.signal;
    const started = now();
    const estimate = input.reduce((sum, t) => sum + estimateTokens(t, limits.charsPerToken), 0);
    try {
      const wire = createVoyageFetch(dtype);
      const res = await clientFor(wire.fetch).embed(
        { input, model, inputType, outputDimension: dims, outputDtype: dtype, encodingFormat: "base64", truncation: true },
        { abortSignal: signal, maxRetries: 0, timeoutInSeconds: sdkTimeoutSeconds },
      );
      const vectors = readVectors(wire.takeVectors(), input.length, dims);
      if (vectors === undefined) {
        const error = new EmbedError({ kind: "server", attempts: attempt, detail: "malformed embeddings response" });
        throw new AttemptFailed({ error, tooLarge: false });
      }
      options.onRequest?.({ inputs: input.length, tokens: res.usage?.totalTokens ?? estimate, ms: now() - started, ok: true });
      return vectors;
    } catch (thrown) {
      options.onRequest?.({ inputs: input.length, tokens: estimate, ms: now() - started, ok: false });
      if (thrown instanceof AttemptFailed) throw thrown;
      const cancelled = parent?.aborted === true && !timer.signal.aborted;
      throw new AttemptFailed(classifyVoyageError(thrown, { timedOut: timer.signal.aborted, cancelled, secrets, attempt, nowMs: now() }));
    } finally {
      clearTimeout(handle);
    }
  }

  async function requestWithRetry(input: string[], inputType: "document" | "query", signal?: AbortSignal): Promise<Float32Array[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await requestOnce(input, inputType, attempt, signal);
      } catch (thrown) {
        if (!(thrown instanceof AttemptFailed)) throw thrown;
        const { error, tooLarge, retryAfterMs } = thrown.failure;
        if (tooLarge) throw new BatchTooLarge(error);
        const delay = computeRetryDelay(error.kind, attempt, retryAfterMs, policy, random);
        if (delay === undefined) throw error;
        options.logger?.warn({ kind: error.kind, status: error.status, attempt, delayMs: delay, inputs: input.length }, "voyage request failed; retrying");
        try {
          await sleep(delay, signal);
        } catch {
          throw new EmbedError({ kind: "aborted", attempts: attempt });
        }
      }
    }
  }

  async function embedBatch(input: string[], signal: AbortSignal | undefined, shrink = 0): Promise<Float32Array[]> {
    try {
      return await requestWithRetry(input, "document", signal);
    } catch (error) {
      if (!(error instanceof BatchTooLarge)) throw error;
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
        const [vector] = await requestWithRetry([input], "query", call.signal);
        return vector;
      } catch (error) {
        throw error instanceof BatchTooLarge ? error.failure : error;
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
