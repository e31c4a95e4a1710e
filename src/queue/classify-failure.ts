/** Whether a failed job is worth another attempt. */
export type FailureKind = "transient" | "permanent";

/**
 * A 4xx answer other than 408 and 429 (from GitHub through Octokit's `status`, from Voyage through `statusCode`)
 * will not change on retry: permanent. Everything else — 5xx, 429, timeouts, connection errors, unknown errors — is
 * transient. Probot's `receive` wraps handler errors in an AggregateError, and errors may wrap a `cause`.
 */
export function classifyFailure(error: unknown): FailureKind {
  const statuses = collectStatuses(error, 0);
  if (statuses.length === 0) return "transient";
  return statuses.every((s) => s >= 400 && s < 500 && s !== 408 && s !== 429) ? "permanent" : "transient";
}

/** The HTTP status carried by an error (or its wrapped errors), for metrics and logs. */
export function statusOf(error: unknown): number | undefined {
  return collectStatuses(error, 0)[0];
}

function collectStatuses(error: unknown, depth: number): number[] {
  if (depth > 5 || typeof error !== "object" || error === null) return [];
  const e = error as { status?: unknown; statusCode?: unknown; errors?: unknown; cause?: unknown };
  const own = [e.status, e.statusCode].filter((s): s is number => typeof s === "number" && s >= 100 && s < 600);
  if (own.length > 0) return [own[0]];
  const nested = Array.isArray(e.errors) ? e.errors : [];
  return [...nested, e.cause].flatMap((inner) => collectStatuses(inner, depth + 1));
}
