import { VoyageAIClient } from "voyageai";
import { classifyVoyageError, type ClassifiedFailure } from "./classify-voyage-error.js";
import { EmbedError } from "./embed-error.js";
import type { EmbedLogger, EmbedRequestObservation } from "./embedder.js";
import { computeRetryDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
import { abortableSleep } from "./run-pool.js";
import { createVoyageFetch, type VoyageFetch } from "./voyage-fetch.js";

/** Connection, timeout and retry settings of the Voyage embedder. */
export interface VoyageRequestOptions {
  readonly apiKey: string;
  /** e.g. `http://127.0.0.1:4010/v1` for the fake server; defaults to `https://api.voyageai.com/v1`. */
  readonly baseUrl?: string;
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

/** What one attempt sends: the SDK call, given a fresh client, its fetch wrapper and the attempt's signal. */
export type VoyageSend<T> = (client: VoyageAIClient, wire: VoyageFetch, signal: AbortSignal) => Promise<{ readonly value: T; readonly tokens?: number }>;

/** Size of a request, for observations and logs. */
export interface VoyageRequestSize {
  readonly inputs: number;
  readonly tokens: number;
}

/** Thrown when the service says a request is too big; the embedder splits the batch, anyone else gets `failure`. */
export class RequestTooLarge extends Error {
  constructor(readonly failure: EmbedError) {
    super("request too large");
  }
}

/** An attempt that failed, classified; caught by the retry loop and never seen outside this module. */
class AttemptFailed extends Error {
  constructor(readonly failure: ClassifiedFailure) {
    super(failure.error.message);
  }
}

/** Marks a response that does not have the expected shape; retried like a 5xx. */
export function malformedResponse(what: string): Error {
  return new AttemptFailed({ error: new EmbedError({ kind: "server", detail: `malformed ${what} response` }), tooLarge: false });
}

/**
 * Builds the request runner: one attempt per call of `send`, each on a fresh light client (the SDK's own retries
 * off, so this module owns them), with a per-attempt timeout, classification into `EmbedError`, and retries with
 * `Retry-After` or exponential backoff. `dtype` tells the fetch wrapper how to decode base64 vectors.
 */
export function createVoyageRequester(options: VoyageRequestOptions, dtype: "float" | "int8" = "float") {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const secrets = [options.apiKey];
  // The SDK timer is a safety net only: ours fires first and is the one that classifies the failure.
  const sdkTimeoutSeconds = timeoutMs / 1000 + 1;

  async function attemptOnce<T>(send: VoyageSend<T>, size: VoyageRequestSize, attempt: number, parent?: AbortSignal): Promise<T> {
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(new Error("request timeout")), timeoutMs);
    const signal = parent ? AbortSignal.any([parent, timer.signal]) : timer.signal;
    const started = now();
    const wire = createVoyageFetch(dtype);
    const client = new VoyageAIClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0, timeoutInSeconds: sdkTimeoutSeconds, fetch: wire.fetch });
    try {
      const { value, tokens } = await send(client, wire, signal);
      options.onRequest?.({ inputs: size.inputs, tokens: tokens ?? size.tokens, ms: now() - started, ok: true });
      return value;
    } catch (thrown) {
      const status = (thrown as { statusCode?: unknown }).statusCode;
      options.onRequest?.({ inputs: size.inputs, tokens: size.tokens, ms: now() - started, ok: false, ...(typeof status === "number" ? { status } : {}) });
      if (thrown instanceof AttemptFailed) throw thrown;
      const cancelled = parent?.aborted === true && !timer.signal.aborted;
      throw new AttemptFailed(classifyVoyageError(thrown, { timedOut: timer.signal.aborted, cancelled, secrets, attempt, nowMs: now() }));
    } finally {
      clearTimeout(handle);
    }
  }

  return async function request<T>(send: VoyageSend<T>, size: VoyageRequestSize, signal?: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptOnce(send, size, attempt, signal);
      } catch (thrown) {
        if (!(thrown instanceof AttemptFailed)) throw thrown;
        const { error, tooLarge, retryAfterMs } = thrown.failure;
        const final = new EmbedError({ kind: error.kind, status: error.status, detail: error.detail, attempts: attempt });
        if (tooLarge) throw new RequestTooLarge(final);
        const delay = computeRetryDelay(error.kind, attempt, retryAfterMs, policy, random);
        if (delay === undefined) throw final;
        options.logger?.warn({ kind: error.kind, status: error.status, attempt, delayMs: delay, inputs: size.inputs }, "voyage request failed; retrying");
        try {
          await sleep(delay, signal);
        } catch {
          throw new EmbedError({ kind: "aborted", attempts: attempt });
        }
      }
    }
  };
}
