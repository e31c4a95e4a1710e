import type { Log } from "./ports.js";
import { summarizeError } from "./summarize-error.js";

/** Work that runs after the webhook has been answered, e.g. refreshing an index after a push. */
export interface BackgroundQueue {
  /**
   * Queues `job` under `key`. Jobs with the same key never overlap, and a job still waiting is replaced by a newer
   * one with the same key (only the latest push needs indexing).
   */
  enqueue(key: string, job: () => Promise<void>, log: Log): void;
  /** Drops waiting jobs whose key matches (running ones finish). */
  cancel(matches: (key: string) => boolean): void;
  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void>;
}

/** Options for {@link createBackgroundQueue}. */
export interface BackgroundQueueOptions {
  /** Jobs running at once across all keys; the machine has few cores and indexing is CPU-bound. */
  readonly concurrency: number;
  /** Waiting jobs kept at most; past it new keys are dropped with a warning (memory stays bounded). */
  readonly maxWaiting: number;
}

/** Creates an in-process background queue with per-key coalescing and bounded concurrency. */
export function createBackgroundQueue(options: BackgroundQueueOptions): BackgroundQueue {
  const waiting = new Map<string, { job: () => Promise<void>; log: Log }>();
  const running = new Set<string>();
  let idleWaiters: (() => void)[] = [];

  function pump(): void {
    for (const [key, { job, log }] of waiting) {
      if (running.size >= options.concurrency) break;
      if (running.has(key)) continue;
      waiting.delete(key);
      running.add(key);
      job()
        .catch((err: unknown) => log.error({ key, err: summarizeError(err) }, "background job failed"))
        .finally(() => {
          running.delete(key);
          pump();
        });
    }
    if (running.size === 0 && waiting.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  return {
    enqueue(key, job, log) {
      if (!waiting.has(key) && waiting.size >= options.maxWaiting) {
        log.warn({ key, waiting: waiting.size }, "background queue full, job dropped");
        return;
      }
      waiting.delete(key);
      waiting.set(key, { job, log });
      pump();
    },
    cancel(matches) {
      for (const key of [...waiting.keys()]) if (matches(key)) waiting.delete(key);
      pump();
    },
    idle() {
      if (running.size === 0 && waiting.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
