import type { EmbedErrorKind } from "./embed-error.js";

/** How hard to retry one request. */
export interface RetryPolicy {
  /** Attempts per request, the first included. */
  readonly maxAttempts: number;
  /** First backoff delay after a 5xx, timeout or unreachable service; doubles per attempt. */
  readonly baseDelayMs: number;
  /** Ceiling of one backoff delay. */
  readonly maxDelayMs: number;
  /**
   * Longest `Retry-After` worth honouring. A longer wait gives up at once with `rate-limited`, so a caller with a
   * latency budget falls back instead of sleeping through it; the background fill simply tries again later.
   */
  readonly maxRetryAfterMs: number;
  /** Random extra delay, as a fraction of the backoff, so parallel workers do not retry in lockstep. */
  readonly jitter: number;
}

/** Four attempts with 0.5 s → 1 s → 2 s backoff: about 4 s of waiting at worst, short of a webhook's 10 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  jitter: 0.2,
};

const RETRYABLE: ReadonlySet<EmbedErrorKind> = new Set(["rate-limited", "server", "timeout", "unreachable"]);

/**
 * The wait before attempt `attempt + 1` after a failure of `kind` on attempt `attempt` (1-based), or `undefined`
 * when the request must not be retried: the kind is final (auth, rejected, aborted), attempts are used up, or
 * the service asked for a longer pause than the policy allows. `retryAfterMs` is the service's own hint.
 */
export function computeRetryDelay(
  kind: EmbedErrorKind,
  attempt: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random: () => number,
): number | undefined {
  if (!RETRYABLE.has(kind) || attempt >= policy.maxAttempts) return undefined;
  if (kind === "rate-limited" && retryAfterMs !== undefined) {
    return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : undefined;
  }
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(backoff * (1 + policy.jitter * random()));
}

/**
 * Reads a retry hint from response headers: `retry-after-ms` (milliseconds), else `Retry-After` as seconds or as
 * an HTTP date relative to `nowMs`. Returns `undefined` when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get("retry-after-ms") ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - nowMs) : undefined;
}
