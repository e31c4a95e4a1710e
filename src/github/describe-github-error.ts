import { statusOf } from "./github-client.js";

/** What was being done when GitHub answered with an error, for the message. */
export interface GitHubErrorContext {
  /** e.g. `reading issue acme/shop#12`. */
  readonly doing: string;
  readonly repo: string;
  /** The issue reference, for a 404 on the issue itself. */
  readonly issue?: string;
  readonly authenticated: boolean;
  readonly apiUrl: string;
  /** Where the token came from, for the 401 hint; default `GITHUB_TOKEN or GH_TOKEN`. */
  readonly tokenSource?: string;
}

/**
 * One line a person can act on for a failed GitHub request: a bad token (401), a repository or issue that does not
 * exist or is out of the token's reach (404), no access or an exhausted rate limit (403/429), an unreachable host.
 * Names the token's variables, never the token.
 */
export function describeGitHubError(error: unknown, context: GitHubErrorContext): string {
  const status = statusOf(error);
  const message = githubMessage(error);
  if (status === 401) return `GitHub refused the token (401 ${message || "Bad credentials"}): check ${context.tokenSource ?? "GITHUB_TOKEN or GH_TOKEN"}`;
  if (status === 404) {
    if (context.issue) return `issue ${context.issue} not found (404)`;
    const hint = context.authenticated ? "or the token cannot see it" : "or it is private: set GITHUB_TOKEN or GH_TOKEN";
    return `repository ${context.repo} not found (404), ${hint}`;
  }
  if ((status === 403 || status === 429) && isRateLimit(error, message)) {
    const reset = header(error, "x-ratelimit-reset");
    const when = reset ? `; it resets at ${new Date(Number(reset) * 1000).toISOString()}` : "";
    const anonymous = context.authenticated ? "" : " (anonymous: 60 requests an hour; set GITHUB_TOKEN or GH_TOKEN for 5,000)";
    return `GitHub's rate limit is used up${anonymous} while ${context.doing}${when}`;
  }
  if (status === 403) return `no access to ${context.repo} (403${message ? ` ${message}` : ""}) while ${context.doing}`;
  // Octokit reports a request that never got an answer (refused, unresolvable, a port fetch will not use, TLS) as
  // status 500 without a response: that is no answer from GitHub.
  if (status === undefined || (status === 500 && !hasResponse(error))) {
    return `could not reach GitHub at ${context.apiUrl} while ${context.doing}${message ? `: ${message}` : ""}`;
  }
  return `GitHub answered ${status} while ${context.doing}${message ? `: ${message}` : ""}`;
}

function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown } } }).response?.data;
  const text = typeof data?.message === "string" ? data.message : error instanceof Error ? error.message : "";
  return text.split("\n")[0].replace(/\s+-\s+https:\/\/docs\.github\.com\S*$/, "").slice(0, 200);
}

function hasResponse(error: unknown): boolean {
  return (error as { response?: unknown }).response !== undefined;
}

function header(error: unknown, name: string): string | undefined {
  const value = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers?.[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

function isRateLimit(error: unknown, message: string): boolean {
  return header(error, "x-ratelimit-remaining") === "0" || /rate limit/i.test(message);
}
