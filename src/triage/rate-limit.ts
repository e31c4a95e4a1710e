import type { Clock } from "./ports.js";

/** Admits at most `limit` events per key within a sliding window. */
export interface RateLimiter {
  /**
   * Records an event for `key` and says whether it is within the limit (refused events are not recorded). In memory
   * it answers at once; the durable limiter of the queue workers (src/roles) answers through its store.
   */
  take(key: string): boolean | Promise<boolean>;
  /** The hits still inside the window, by key: what a one-shot process saves for the next run's `seed`. */
  entries(): Record<string, number[]>;
}

/** Options for {@link createRateLimiter}. */
export interface RateLimitOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly clock: Clock;
  /** Keys remembered at most; the least recently used are forgotten first, so memory stays bounded. */
  readonly maxKeys?: number;
  /** Hits counted by earlier processes (the Action keeps them between runs), by key. */
  readonly seed?: Readonly<Record<string, readonly number[]>>;
}

/** Creates an in-memory sliding-window rate limiter (used per repository for slash commands). */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const maxKeys = options.maxKeys ?? 10_000;
  const hits = new Map<string, number[]>(Object.entries(options.seed ?? {}).map(([key, times]) => [key, times.filter(Number.isFinite)]));
  return {
    take(key) {
      const now = options.clock.now();
      const recent = (hits.get(key) ?? []).filter((t) => now - t < options.windowMs);
      hits.delete(key);
      const allowed = recent.length < options.limit;
      if (allowed) recent.push(now);
      hits.set(key, recent);
      if (hits.size > maxKeys) {
        const oldest = hits.keys().next().value;
        if (oldest !== undefined) hits.delete(oldest);
      }
      return allowed;
    },
    entries() {
      const now = options.clock.now();
      const out: Record<string, number[]> = {};
      for (const [key, times] of hits) {
        const recent = times.filter((t) => now - t < options.windowMs);
        if (recent.length > 0) out[key] = recent;
      }
      return out;
    },
  };
}
