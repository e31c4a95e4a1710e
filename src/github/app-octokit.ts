import { ProbotOctokit } from "probot";

/** Secondary rate limits waited out per request at most; past that the event fails with the 403 logged. */
export const SECONDARY_LIMIT_RETRIES = 2;
/** Longest `retry-after` worth waiting inside a webhook handler, in seconds (GitHub asks for at least a minute without one). */
export const MAX_SECONDARY_WAIT_SECONDS = 120;

/** The parts of the throttling plugin's callback arguments these handlers read. */
interface LimitedRequest {
  readonly method: string;
  readonly url: string;
}
interface OctokitLog {
  readonly log: { warn(message: string): void };
}

/** Test-only speed-up: `retryAfterBaseValue` (milliseconds per second of waiting) for both plugins. */
export interface AppOctokitTuning {
  readonly retryAfterBaseValue?: number;
}

/**
 * The Octokit class the app gives Probot (`run(app, { Octokit })`): Probot's own, whose installation clients wait out
 * a primary rate limit twice but never a secondary one — which would drop the comment the request was posting. Here a
 * secondary limit is waited out too, up to {@link SECONDARY_LIMIT_RETRIES} times and only when GitHub's `retry-after`
 * is at most {@link MAX_SECONDARY_WAIT_SECONDS}, as GitHub's guidance for integrations asks. Writes are paced per
 * installation rather than for the whole app.
 */
export function createAppOctokit(tuning: AppOctokitTuning = {}): typeof ProbotOctokit {
  const speed = tuning.retryAfterBaseValue === undefined ? {} : { retryAfterBaseValue: tuning.retryAfterBaseValue };
  return ProbotOctokit.defaults((options: { retry?: object; throttle?: object; auth?: { installationId?: unknown } }) => ({
    ...options,
    retry: { ...options.retry, ...speed },
    throttle: {
      ...options.throttle,
      ...speed,
      // Probot builds each event's client without a throttling id, so every installation shared one write queue:
      // one comment per 3 s for the whole app. Pacing is per installation, as GitHub's secondary limits are.
      id: String(options.auth?.installationId ?? "app"),
      onSecondaryRateLimit: (retryAfter: number, request: LimitedRequest, octokit: OctokitLog, retryCount: number) => {
        const retry = retryCount < SECONDARY_LIMIT_RETRIES && retryAfter <= MAX_SECONDARY_WAIT_SECONDS;
        octokit.log.warn(`Secondary rate limit on ${request.method} ${request.url}: ${retry ? `retrying in ${retryAfter} s` : "giving up"}`);
        return retry;
      },
    },
  }));
}
