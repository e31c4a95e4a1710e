import { VoyageAIError, VoyageAITimeoutError } from "voyageai";
import { EmbedError } from "./embed-error.js";
import { parseRetryAfter } from "./retry-policy.js";
import { FETCH_FAILURE_HEADER, FETCH_FAILURE_STATUS } from "./voyage-fetch.js";

/** A failed request, classified. `tooLarge` marks a 400 that a smaller batch would avoid. */
export interface ClassifiedFailure {
  readonly error: EmbedError;
  readonly tooLarge: boolean;
  readonly retryAfterMs?: number;
}

/** What the caller knows about why the request ended, which the SDK's error alone cannot tell. */
export interface FailureContext {
  /** The per-request timer fired. */
  readonly timedOut: boolean;
  /** The caller's own signal fired (deadline or cancellation). */
  readonly cancelled: boolean;
  /** Secrets to scrub from any service text that ends up in the message. */
  readonly secrets: readonly string[];
  readonly attempt: number;
  readonly nowMs: number;
}

/** Voyage's wording for oversized batches ("The max allowed tokens per submitted batch is 120000 …"). */
const TOO_LARGE = /too many tokens|max(imum)? allowed (tokens|number of inputs)|too (large|long)|batch size|exceeds? the (max|limit)/i;

/** Maps whatever the voyageai SDK threw to a typed, key-free {@link EmbedError}. */
export function classifyVoyageError(thrown: unknown, ctx: FailureContext): ClassifiedFailure {
  const base = { attempts: ctx.attempt };
  if (ctx.cancelled) return { error: new EmbedError({ ...base, kind: "aborted" }), tooLarge: false };
  if (ctx.timedOut || thrown instanceof VoyageAITimeoutError) {
    return { error: new EmbedError({ ...base, kind: "timeout" }), tooLarge: false };
  }
  if (!(thrown instanceof VoyageAIError) || thrown.statusCode === undefined) {
    return { error: new EmbedError({ ...base, kind: "unreachable", detail: networkDetail(thrown, ctx.secrets) }), tooLarge: false };
  }
  const status = thrown.statusCode;
  const detail = serviceDetail(thrown.body, ctx.secrets);
  if (status === FETCH_FAILURE_STATUS && thrown.rawResponse?.headers.get(FETCH_FAILURE_HEADER) !== null) {
    return { error: new EmbedError({ ...base, kind: "unreachable", detail }), tooLarge: false };
  }
  if (status === 401 || status === 403) return { error: new EmbedError({ ...base, kind: "auth", status }), tooLarge: false };
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(thrown.rawResponse?.headers, ctx.nowMs);
    return { error: new EmbedError({ ...base, kind: "rate-limited", status, detail }), tooLarge: false, retryAfterMs };
  }
  if (status >= 500) return { error: new EmbedError({ ...base, kind: "server", status, detail }), tooLarge: false };
  const tooLarge = (status === 400 || status === 413) && TOO_LARGE.test(detail ?? "");
  return { error: new EmbedError({ ...base, kind: "rejected", status, detail }), tooLarge: tooLarge || status === 413 };
}

/** The service's `detail` text (or the raw body), shortened and scrubbed of secrets. */
function serviceDetail(body: unknown, secrets: readonly string[]): string | undefined {
  let text: string | undefined;
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object" && "detail" in body) text = String((body as { detail: unknown }).detail);
  return text === undefined ? undefined : scrub(text, secrets).slice(0, 240);
}

function networkDetail(thrown: unknown, secrets: readonly string[]): string | undefined {
  const cause = thrown instanceof Error && thrown.cause instanceof Error ? thrown.cause.message : undefined;
  const message = thrown instanceof Error ? thrown.message : undefined;
  const text = [message, cause].filter(Boolean).join(": ");
  return text ? scrub(text, secrets).slice(0, 240) : undefined;
}

/** Removes every secret and any bearer token from `text`. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text.replace(/Bearer\s+\S+/gi, "Bearer [redacted]");
  for (const s of secrets) if (s.length > 0) out = out.split(s).join("[redacted]");
  return out;
}
