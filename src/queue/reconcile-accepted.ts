import type { AcceptedDeliveries } from "../records/scale-records.js";
import type { Log } from "../triage/ports.js";
import { summarizeError } from "../triage/summarize-error.js";
import type { ShardQueues } from "./shard-queues.js";

/** What {@link startReconciler} needs. */
export interface ReconcilerDeps {
  readonly accepted: AcceptedDeliveries;
  readonly queues: Pick<ShardQueues, "enqueue" | "holds">;
  readonly log: Log;
  readonly now: () => number;
  /** Called once per delivery queued again. */
  readonly onRequeued: () => void;
  /** How often to look; the first look is at start. */
  readonly intervalMs: number;
  /** Deliveries accepted within this long are left to the web role, which queues them right after accepting. */
  readonly graceMs: number;
}

/** Deliveries looked at per round, oldest first; the next round takes the rest. */
const BATCH = 500;

/**
 * The reconciler: queues again every delivery that was accepted (answered 2xx) and neither settled nor claimed by a
 * running worker, and that Redis no longer holds — Redis restarted empty, lost its data, or was down when the web
 * role accepted it. Harmless when the job is still queued (the delivery id is the job id), and the worker's claim and
 * processed-delivery records keep a delivery from running twice.
 */
export function startReconciler(deps: ReconcilerDeps): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;

  async function round(): Promise<void> {
    const now = deps.now();
    const pending = await deps.accepted.pending(now - deps.graceMs, now, BATCH);
    let requeued = 0;
    for (const delivery of pending) {
      if (stopped) break;
      if (await deps.queues.holds(delivery)) continue;
      await deps.queues.enqueue(delivery);
      deps.onRequeued();
      requeued++;
    }
    if (requeued > 0) deps.log.warn({ requeued, pending: pending.length }, "accepted deliveries missing from Redis were queued again");
  }

  const tick = () => {
    // A slow round (Redis or PostgreSQL just back) is not stacked with the next ones.
    if (busy) return;
    busy = true;
    running = round()
      .catch((err: unknown) => deps.log.warn({ err: summarizeError(err) }, "reconciling accepted deliveries failed; trying again later"))
      .finally(() => (busy = false));
  };
  tick();
  const timer = setInterval(tick, deps.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
