import { DelayedError, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis, type RedisOptions } from "ioredis";
import type { ScaleRecords } from "../records/scale-records.js";
import type { Log } from "../triage/ports.js";
import { classifyFailure, statusOf } from "./classify-failure.js";
import type { DeliveryJob } from "./delivery-job.js";
import { createSlots } from "./limit-slots.js";
import type { OpsMetrics } from "./ops-metrics.js";
import { shardQueueName } from "./shard-of.js";
import { createShardLeases } from "./shard-leases.js";

/** What {@link startWorkerRole} needs. */
export interface WorkerRoleDeps {
  readonly connection: RedisOptions;
  readonly prefix: string;
  readonly shards: number;
  /** Jobs this worker runs at once, each from a different shard. */
  readonly concurrency: number;
  /** Shard lease and job lock lifetime. */
  readonly leaseMs: number;
  readonly workerId: string;
  readonly affinityId: string;
  /** Runs one delivery through the app's handlers; throws when it failed. */
  readonly handle: (job: DeliveryJob) => Promise<void>;
  readonly records: ScaleRecords;
  readonly metrics: OpsMetrics;
  readonly log: Log;
  readonly now: () => number;
}

/** A running worker role. */
export interface WorkerRole {
  /** Resolves when Redis answers. */
  ping(): Promise<void>;
  /** Stops taking jobs, lets the running ones finish, gives the shard leases back. */
  stop(): Promise<void>;
}

/**
 * The worker role: holds leases on its share of the shards and consumes each held shard's queue with concurrency 1
 * (jobs of one repository never overlap and keep their order), at most `concurrency` jobs at once over all shards.
 * A job whose worker died is recovered by BullMQ's stalled-job check once its lock expires, on the worker that takes
 * the shard over.
 */
export async function startWorkerRole(deps: WorkerRoleDeps): Promise<WorkerRole> {
  const redis = new Redis(deps.connection);
  redis.on("error", (err) => deps.log.warn({ err: err.message }, "redis connection error (leases)"));
  const leases = createShardLeases({
    redis, prefix: deps.prefix, shards: deps.shards, workerId: deps.workerId, affinityId: deps.affinityId, leaseMs: deps.leaseMs, now: deps.now,
  });
  const slots = createSlots(deps.concurrency);
  const consumers = new Map<number, Worker<DeliveryJob>>();
  let stopping = false;
  let round: Promise<void> = Promise.resolve();

  async function process(job: Job<DeliveryJob>, token?: string): Promise<string> {
    const delivery = job.data;
    const { records } = deps;
    if (await records.deliveries.wasProcessed(delivery.id)) {
      deps.log.info({ id: delivery.id, event: delivery.name }, "delivery already processed; skipped");
      await records.accepted.settle(delivery.id, deps.now());
      return "duplicate";
    }
    const ran = await slots.run(async () => {
      // PostgreSQL, not Redis, has the last word on who runs a delivery: after Redis lost its queues, the reconciler may
      // queue again a delivery whose first run is still going in another process.
      const claim = () => records.accepted.claim(delivery, deps.workerId, deps.now(), deps.now() + deps.leaseMs);
      if (!(await claim())) return false;
      const renew = setInterval(() => void claim().catch(() => {}), Math.max(200, Math.floor(deps.leaseMs / 3)));
      const end = deps.metrics.jobSeconds.startTimer({ kind: delivery.name });
      try {
        await deps.handle(delivery);
        end({ outcome: "ok" });
      } catch (error) {
        const kind = classifyFailure(error);
        end({ outcome: kind });
        deps.log.warn({ id: delivery.id, event: delivery.name, attempt: job.attemptsMade + 1, status: statusOf(error), kind }, "delivery failed");
        // Given up (permanent, or the last attempt): the reconciler must not queue it again.
        if (kind === "permanent" || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await records.accepted.settle(delivery.id, deps.now()).catch(() => {});
        if (kind === "permanent") throw new UnrecoverableError(`permanent failure (HTTP ${statusOf(error)})`);
        throw error instanceof Error ? error : new Error(String(error));
      } finally {
        clearInterval(renew);
      }
      return true;
    });
    if (!ran) {
      deps.log.info({ id: delivery.id, event: delivery.name }, "delivery running in another process; tried again later");
      await job.moveToDelayed(deps.now() + deps.leaseMs, token);
      throw new DelayedError();
    }
    await records.deliveries.markProcessed(delivery.id, deps.now());
    await records.accepted.settle(delivery.id, deps.now());
    return "processed";
  }

  function consume(shard: number): void {
    const worker = new Worker<DeliveryJob>(shardQueueName(shard), process, {
      connection: deps.connection,
      prefix: deps.prefix,
      concurrency: 1,
      lockDuration: deps.leaseMs,
      stalledInterval: Math.max(1_000, Math.floor(deps.leaseMs / 2)),
      // A job that stalled this many times (its worker died each time) fails instead of looping forever.
      maxStalledCount: 3,
    });
    worker.on("error", (err) => deps.log.warn({ shard, err: err.message }, "shard consumer error"));
    consumers.set(shard, worker);
  }

  /** Consumers being closed; a shard taken again waits for its old consumer first. */
  const closing = new Map<number, Promise<void>>();

  /** Stops consuming a shard, letting its running job finish — but not forever (see closeWithin). */
  function drain(shard: number): Promise<void> {
    const worker = consumers.get(shard);
    consumers.delete(shard);
    if (!worker) return closing.get(shard) ?? Promise.resolve();
    const closed = closeWithin(worker, shard).finally(() => closing.delete(shard));
    closing.set(shard, closed);
    return closed;
  }

  // BullMQ's close can wait for a connection that is still coming back (Redis restarting) or a job that never ends:
  // after a lease period it is forced, so one shard never holds up the lease rounds of the others.
  async function closeWithin(worker: Worker<DeliveryJob>, shard: number): Promise<void> {
    if (await settlesWithin(worker.close(), deps.leaseMs)) return;
    deps.log.warn({ shard }, "shard consumer did not close within the lease; forced");
    await settlesWithin(worker.close(true), deps.leaseMs);
  }

  async function balance(): Promise<void> {
    const plan = await leases.round();
    for (const shard of plan.lost) {
      deps.log.warn({ shard }, "shard lease lost; stopping its consumer");
      // Not awaited: the other shards' leases are renewed meanwhile (a Redis restart empties every lease at once).
      void drain(shard);
    }
    for (const shard of plan.acquired) {
      await closing.get(shard);
      consume(shard);
    }
    for (const shard of plan.surplus) {
      await drain(shard);
      await leases.release(shard);
    }
    deps.metrics.shardsHeld.set(leases.held().size);
    if (plan.acquired.length > 0 || plan.surplus.length > 0) {
      deps.log.info({ held: [...leases.held()].sort((a, b) => a - b), acquired: plan.acquired, released: plan.surplus }, "shard leases");
    }
  }

  const tick = () => {
    if (stopping) return;
    round = round.then(balance).catch((err: unknown) => deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, "lease round failed"));
  };
  tick();
  await round;
  const timer = setInterval(tick, Math.max(200, Math.floor(deps.leaseMs / 3)));

  return {
    async ping() {
      await redis.ping();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await round;
      // Leases are renewed while the running jobs drain, so no other worker takes a shard mid-job.
      const renew = setInterval(() => void leases.round(true).catch(() => {}), Math.max(200, Math.floor(deps.leaseMs / 3)));
      await Promise.all([...consumers.keys(), ...closing.keys()].map((shard) => drain(shard)));
      clearInterval(renew);
      await Promise.all([...leases.held()].map((shard) => leases.release(shard)));
      await leases.leave();
      redis.disconnect();
    },
  };
}

/** Whether `promise` settled (either way) within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}
