/**
 * Why an embedding call failed. `aborted` means the caller cancelled (a deadline or a stopped background fill);
 * every other kind comes from the service or the network.
 */
export type EmbedErrorKind = "timeout" | "rate-limited" | "server" | "rejected" | "unreachable" | "auth" | "aborted";

/** Facts about a failure that are safe to log: never the API key, never a request body. */
export interface EmbedErrorDetails {
  readonly kind: EmbedErrorKind;
  /** HTTP status, when the service answered. */
  readonly status?: number;
  /** Attempts made before giving up (1 = no retry). */
  readonly attempts?: number;
  /** A short, key-free excerpt of the service's error message. */
  readonly detail?: string;
}

/**
 * A typed embedding failure. The message is built only from {@link EmbedErrorDetails}, and the SDK's own error is
 * deliberately not kept as `cause`: its body and raw response could echo credentials into a log line.
 */
export class EmbedError extends Error {
  readonly kind: EmbedErrorKind;
  readonly status?: number;
  readonly attempts?: number;
  readonly detail?: string;

  constructor(details: EmbedErrorDetails) {
    super(describeFailure(details));
    this.name = "EmbedError";
    this.kind = details.kind;
    this.status = details.status;
    this.attempts = details.attempts;
    this.detail = details.detail;
  }
}

function describeFailure(d: EmbedErrorDetails): string {
  const parts = [`embedding request failed: ${d.kind}`];
  if (d.status !== undefined) parts.push(`HTTP ${d.status}`);
  if (d.attempts !== undefined && d.attempts > 1) parts.push(`after ${d.attempts} attempts`);
  if (d.detail) parts.push(d.detail);
  return parts.join(", ");
}
