import { UnrecoverableError, Worker, type Job } from "bullmq";
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

  async function process(job: Job<DeliveryJob>): Promise<string> {
    const delivery = job.data;
    if (await deps.records.deliveries.wasProcessed(delivery.id)) {
      deps.log.info({ id: delivery.id, event: delivery.name }, "delivery already processed; skipped");
      return "duplicate";
    }
    await slots.run(async () => {
      const end = deps.metrics.jobSeconds.startTimer({ kind: delivery.name });
      try {
        await deps.handle(delivery);
        end({ outcome: "ok" });
      } catch (error) {
        const kind = classifyFailure(error);
        end({ outcome: kind });
        deps.log.warn({ id: delivery.id, event: delivery.name, attempt: job.attemptsMade + 1, status: statusOf(error), kind }, "delivery failed");
        if (kind === "permanent") throw new UnrecoverableError(`permanent failure (HTTP ${statusOf(error)})`);
        throw error instanceof Error ? error : new Error(String(error));
      }
    });
    await deps.records.deliveries.markProcessed(delivery.id, deps.now());
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

  async function drain(shard: number): Promise<void> {
    const worker = consumers.get(shard);
    consumers.delete(shard);
    await worker?.close();
  }

  async function balance(): Promise<void> {
    const plan = await leases.round();
    for (const shard of plan.lost) {
      deps.log.warn({ shard }, "shard lease lost; stopping its consumer");
      await drain(shard);
    }
    for (const shard of plan.acquired) consume(shard);
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
      await Promise.all([...consumers.keys()].map((shard) => drain(shard)));
      clearInterval(renew);
      await Promise.all([...leases.held()].map((shard) => leases.release(shard)));
      await leases.leave();
      redis.disconnect();
    },
  };
}
