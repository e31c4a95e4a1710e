import type { DeliveryJob } from "../queue/delivery-job.js";

/**
 * Durable records of the scaled-out roles that cannot be rebuilt from GitHub: the deliveries accepted and not yet
 * done, which deliveries were processed, and the `/bugscout` command rate-limit windows. SQLite in the data directory, or PostgreSQL with DATABASE_URL; both
 * pass test/records/scale-records-contract.ts.
 */
export interface ScaleRecords {
  /** Delivery ids (`X-GitHub-Delivery`) whose processing finished, so a later redelivery is not run again. */
  readonly deliveries: DeliveryLog;
  /** Every delivery the web role answered 2xx for, until a worker settles it: what a Redis restart must not lose. */
  readonly accepted: AcceptedDeliveries;
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

/**
 * The durable accept (docs/scaling.md): the web role records a delivery here before answering 2xx; workers claim it
 * while they run it and settle it when it is done (or given up); the reconciler queues again what is neither.
 */
export interface AcceptedDeliveries {
  /** Records a delivery; false when its id was accepted before (a redelivery), which changes nothing. */
  accept(delivery: DeliveryJob): Promise<boolean>;
  /**
   * Takes the delivery for `owner` until `until` (ms) when nobody else holds it (or their claim expired), recording it
   * if it was never accepted; false when another process is running it. The last word against two processes running
   * one delivery at once (a job queued again after Redis lost it, while the first run was still going).
   */
  claim(delivery: DeliveryJob, owner: string, now: number, until: number): Promise<boolean>;
  /** Done or given up: never queued again. Settling twice is not an error. */
  settle(deliveryId: string, at: number): Promise<void>;
  /** Unsettled deliveries accepted before `acceptedBefore` whose claim (if any) expired by `now`, oldest first. */
  pending(acceptedBefore: number, now: number, limit: number): Promise<DeliveryJob[]>;
  /** Forgets deliveries settled before `before` (ms); returns how many. */
  prune(before: number): Promise<number>;
}
