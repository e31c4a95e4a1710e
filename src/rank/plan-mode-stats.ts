/**
 * Measured costs of the dense path, kept by the caller per process (or per repository) and updated after every
 * request. Pure: each update returns a new object.
 */
export interface DenseCostStats {
  /** Moving average of one small request's round trip (a query embedding), in ms. */
  readonly requestLatencyMs: number;
  /** Moving average of the extra time per 1,000 tokens on one request stream, in ms. */
  readonly msPerKToken: number;
  /** Moving average of loading the dense matrix from the store, per 1,000 units, in ms. */
  readonly loadMsPerKUnits: number;
  /** Requests observed so far (0: the figures are the priors below). */
  readonly samples: number;
  /** When the last dense attempt failed (clock ms) and why; drives a short cool-down. */
  readonly lastFailureAtMs?: number;
  readonly lastFailure?: string;
}

/**
 * Priors before anything is measured: ~500 ms per request to Voyage from a typical region, 25 ms per 1,000
 * tokens (a 120K-token batch in about 3 s), and 15 ms per 1,000 units to read 1024-d int8 vectors from SQLite
 * into the matrix (bench/dense-planner.ts measured 11-16 on django, 49,000 units, on a busy 2-core machine).
 */
export const INITIAL_DENSE_STATS: DenseCostStats = { requestLatencyMs: 500, msPerKToken: 25, loadMsPerKUnits: 15, samples: 0 };

/** Weight of a new observation in the moving averages: recent enough to track a slow-down within a few requests. */
const ALPHA = 0.3;
/** Requests at most this large estimate latency; larger ones estimate throughput. */
const SMALL_REQUEST_TOKENS = 2_000;

/** Folds one finished request into the statistics. Failed requests say nothing about speed and only count. */
export function recordEmbedRequest(stats: DenseCostStats, observation: { readonly tokens: number; readonly ms: number; readonly ok: boolean }): DenseCostStats {
  if (!observation.ok || !(observation.ms >= 0)) return stats;
  const first = stats.samples === 0;
  if (observation.tokens <= SMALL_REQUEST_TOKENS) {
    return { ...stats, samples: stats.samples + 1, requestLatencyMs: first ? observation.ms : ewma(stats.requestLatencyMs, observation.ms) };
  }
  const perK = Math.max(0, observation.ms - stats.requestLatencyMs) / (observation.tokens / 1000);
  return { ...stats, samples: stats.samples + 1, msPerKToken: ewma(stats.msPerKToken, perK) };
}

/** Records a failed dense attempt at `nowMs`. */
export function recordDenseFailure(stats: DenseCostStats, kind: string, nowMs: number): DenseCostStats {
  return { ...stats, lastFailureAtMs: nowMs, lastFailure: kind };
}

/** Clears the cool-down after a dense success. */
export function recordDenseSuccess(stats: DenseCostStats): DenseCostStats {
  if (stats.lastFailureAtMs === undefined) return stats;
  const { lastFailureAtMs: _at, lastFailure: _kind, ...rest } = stats;
  return rest;
}

/** Folds one measured matrix load (`units` rows in `ms`) into the statistics. */
export function recordIndexLoad(stats: DenseCostStats, units: number, ms: number): DenseCostStats {
  if (units < 1_000 || !(ms >= 0)) return stats;
  return { ...stats, loadMsPerKUnits: ewma(stats.loadMsPerKUnits, ms / (units / 1000)) };
}

function ewma(previous: number, value: number): number {
  return previous + ALPHA * (value - previous);
}
