/**
 * Durable records of the scaled-out roles that cannot be rebuilt from GitHub: which deliveries were processed, and
 * the `/bugscout` command rate-limit windows. SQLite in the data directory, or PostgreSQL with DATABASE_URL; both
 * pass test/records/scale-records-contract.ts.
 */
export interface ScaleRecords {
  /** Delivery ids (`X-GitHub-Delivery`) whose processing finished, so a later redelivery is not run again. */
  readonly deliveries: DeliveryLog;
  /** Sliding-window counters for the per-repository command limit. */
  readonly rateWindows: RateWindows;
  /** Resolves when the store answers a trivial query (the health route's check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Processed delivery ids, kept for a while (GitHub redelivers within days, not months). */
export interface DeliveryLog {
  wasProcessed(deliveryId: string): Promise<boolean>;
  /** Records `deliveryId` as processed at `at` (ms); recording it twice is not an error. */
  markProcessed(deliveryId: string, at: number): Promise<void>;
  /** Forgets deliveries processed before `before` (ms); returns how many. */
  prune(before: number): Promise<number>;
}

/** One atomic sliding-window decision per call, safe across processes sharing the store. */
export interface RateWindows {
  /**
   * Records an event for `key` at `now` when fewer than `limit` events were recorded within the last `windowMs`,
   * and says whether it did (refused events are not recorded).
   */
  take(key: string, now: number, windowMs: number, limit: number): Promise<boolean>;
}
