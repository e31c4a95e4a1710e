/** A loggable view of an error: no request objects, headers or stack-borne secrets. */
export interface ErrorSummary {
  readonly name: string;
  readonly message: string;
  readonly status?: number;
  readonly cause?: string;
}

const SECRET_PATTERNS: readonly RegExp[] = [
  /gh[opsur]_[A-Za-z0-9_]{10,}/g, // GitHub tokens (installation tokens are ghs_)
  /github_pat_[A-Za-z0-9_]{20,}/g, // fine-grained personal access tokens
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs, e.g. the app's own, signed with its private key
  /([?&](?:token|access_token|jwt)=)[^&\s"']+/gi, // codeload redirect URLs carry a token
  /((?:bearer|token)\s+)[A-Za-z0-9._-]{16,}/gi, // Authorization header values
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /pa-[A-Za-z0-9_-]{20,}/g, // Voyage API keys
];

/**
 * Reduces an error to name, message, HTTP status and the first cause, with anything that looks like a credential
 * redacted. Octokit errors carry the request (URL, headers); this never logs them.
 */
export function summarizeError(err: unknown): ErrorSummary {
  if (!(err instanceof Error)) return { name: "Error", message: redactSecrets(String(err)) };
  const status = (err as { status?: unknown }).status;
  const cause = err.cause instanceof Error ? redactSecrets(`${err.cause.name}: ${err.cause.message}`) : undefined;
  return {
    name: err.name,
    message: redactSecrets(err.message),
    ...(typeof status === "number" ? { status } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** Replaces credential-looking substrings with `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match, prefix: unknown) => (typeof prefix === "string" && match.startsWith(prefix) ? `${prefix}[redacted]` : "[redacted]"));
  }
  return out;
}
