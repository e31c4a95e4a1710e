import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";

/** The REST client of the CLI and the Action: `@octokit/rest` with the retry and throttling plugins. */
const RestOctokit = Octokit.plugin(retry, throttling);

/** A client made by {@link createRestClient}; it satisfies `GitHubClient`, so every gateway in src/github accepts it. */
export type RestClient = InstanceType<typeof RestOctokit>;

/** github.com's REST API root, used when neither `--api-url` nor `GITHUB_API_URL` names another. */
export const GITHUB_API_URL = "https://api.github.com";

/** Rate-limit waits taken per request at most before the request fails with GitHub's answer. */
export const RATE_LIMIT_RETRIES = 2;
/** Longest wait worth taking for a rate limit, in seconds: past it the command fails and says when to retry. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 120;

/** Where the client reports rate-limit waits; `console`-shaped so a pino logger or a stderr writer fits. */
export interface RestClientLog {
  warn(message: string): void;
}

/** Options for {@link createRestClient}. */
export interface RestClientOptions {
  /** A token (`GITHUB_TOKEN`, `GH_TOKEN`, a PAT or an installation token); absent: anonymous (60 requests/hour). */
  readonly token?: string;
  /** The REST API root: `https://api.github.com`, or `https://<host>/api/v3` for GitHub Enterprise Server. */
  readonly baseUrl?: string;
  readonly userAgent?: string;
  readonly log?: RestClientLog;
  /** Test-only speed-up: milliseconds per second of `retry-after` (default 1000), for both plugins. */
  readonly retryAfterBaseValue?: number;
  /** Turn Octokit's automatic retry of 5xx answers off (tests that want a fault to show at once). */
  readonly noRetry?: boolean;
}

/**
 * A `@octokit/rest` client for a token (or none) and an API root. The same rate-limit care as the app's clients
 * (src/github/app-octokit.ts): primary and secondary limits are waited out at most {@link RATE_LIMIT_RETRIES} times
 * and only when GitHub asks for at most {@link MAX_RATE_LIMIT_WAIT_SECONDS}; a longer wait (the anonymous hourly
 * limit, say) fails the request at once, with GitHub's message, instead of hanging a terminal or a workflow run.
 * Server errors are retried by the retry plugin (not comment creation, which upsertComment guards itself).
 */
export function createRestClient(options: RestClientOptions = {}): RestClient {
  const log = options.log ?? { warn: () => undefined };
  const speed = options.retryAfterBaseValue === undefined ? {} : { retryAfterBaseValue: options.retryAfterBaseValue };
  const waitOut = (kind: string) => (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
    const wait = retryCount < RATE_LIMIT_RETRIES && retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS;
    log.warn(`GitHub ${kind} rate limit on ${request.method} ${request.url}: ${wait ? `retrying in ${retryAfter} s` : `giving up (retry after ${retryAfter} s)`}`);
    return wait;
  };
  return new RestOctokit({
    ...(options.token ? { auth: options.token } : {}),
    baseUrl: (options.baseUrl ?? GITHUB_API_URL).replace(/\/+$/, ""),
    userAgent: options.userAgent ?? "bugscout",
    log: { debug: () => undefined, info: () => undefined, warn: (m: string) => log.warn(m), error: () => undefined },
    retry: { ...(options.noRetry ? { enabled: false } : {}), ...speed },
    throttle: { ...speed, onRateLimit: waitOut("primary"), onSecondaryRateLimit: waitOut("secondary") },
  });
}

/**
 * The web root that belongs to an API root, for links in comments: `https://api.github.com` → `https://github.com`,
 * `https://<host>/api/v3` → `https://<host>`. Anything else is returned without its path.
 */
export function webUrlForApi(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === "api.github.com") return "https://github.com";
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/api\/v3\/?$/, "").replace(/\/+$/, "")}`;
}

/** The API root that belongs to a web root: `https://github.com` → `https://api.github.com`, else `<web>/api/v3`. */
export function apiUrlForWeb(webUrl: string): string {
  const url = new URL(webUrl);
  if (url.hostname === "github.com" || url.hostname === "www.github.com") return GITHUB_API_URL;
  return `${url.protocol}//${url.host}/api/v3`;
}
