import { Queue, type JobsOptions } from "bullmq";
import { Redis, type RedisOptions } from "ioredis";
import { routingKeyOf, type DeliveryJob } from "./delivery-job.js";
import { shardOf, shardQueueName } from "./shard-of.js";

/** Options for {@link createShardQueues}. */
export interface ShardQueuesOptions {
  /** ioredis options; the producer fails fast when Redis is down (see `redisOptions`). */
  readonly connection: RedisOptions;
  /** BullMQ key prefix: the deployment's namespace in Redis. */
  readonly prefix: string;
  readonly shards: number;
  /** Attempts per job for transient failures (exponential backoff from 2 s). */
  readonly attempts: number;
}

/** What {@link ShardQueues.enqueue} did. */
export interface EnqueueResult {
  readonly shard: number;
}

/** Job counts summed over the shards, and the age of the oldest waiting job. */
export interface QueueDepth {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly failed: number;
  readonly oldestWaitingMs: number;
}

/** The producer side of the shard queues. */
export interface ShardQueues {
  enqueue(job: DeliveryJob): Promise<EnqueueResult>;
  /** Whether Redis still holds the delivery's job (waiting, running, delayed, completed or failed). */
  holds(job: DeliveryJob): Promise<boolean>;
  depth(now: number): Promise<QueueDepth>;
  /** Resolves when Redis answers a PING. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long finished jobs are kept: a redelivery of a kept job id is ignored by BullMQ. */
export const KEEP_COMPLETED = { age: 24 * 3600, count: 200_000 } as const;
/** Failed jobs are kept longer, for inspection and `bugscout redeliver`. */
export const KEEP_FAILED = { age: 7 * 24 * 3600 } as const;

/** Opens one BullMQ queue per shard; the delivery id is the job id. */
export function createShardQueues(options: ShardQueuesOptions): ShardQueues {
  // One connection for every shard's producer (a Queue may share one; only workers need their own).
  const connection = new Redis(options.connection);
  // A connection error is reported by the failing call (the web role answers 503); unhandled it would crash.
  connection.on("error", () => {});
  const queues = Array.from({ length: options.shards }, (_, i) => new Queue(shardQueueName(i), { connection, prefix: options.prefix }));
  for (const queue of queues) queue.on("error", () => {});
  const jobOptions = (id: string): JobsOptions => ({
    jobId: id,
    attempts: options.attempts,
    backoff: { type: "exponential", delay: 2_000 },
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  });
  return {
    async enqueue(job) {
      const shard = shardOf(routingKeyOf(job.payload), options.shards);
      const queue = queues[shard];
      // BullMQ ignores an add whose job id is still kept (waiting, running, completed or failed).
      await queue.add(job.name, job, jobOptions(job.id));
      return { shard };
    },
    async holds(job) {
      return (await queues[shardOf(routingKeyOf(job.payload), options.shards)].getJob(job.id)) !== undefined;
    },
    async depth(now) {
      let waiting = 0, active = 0, delayed = 0, failed = 0, oldest = now;
      await Promise.all(queues.map(async (queue) => {
        const counts = await queue.getJobCounts("wait", "active", "delayed", "failed");
        waiting += counts.wait ?? 0;
        active += counts.active ?? 0;
        delayed += counts.delayed ?? 0;
        failed += counts.failed ?? 0;
        if ((counts.wait ?? 0) > 0) {
          const [first] = await queue.getJobs(["wait"], 0, 0, true);
          if (first) oldest = Math.min(oldest, first.timestamp);
        }
      }));
      return { waiting, active, delayed, failed, oldestWaitingMs: now - oldest };
    },
    async ping() {
      await connection.ping();
    },
    async close() {
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    },
  };
}
