import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** Renews a lease only while it is still ours (compare-and-set). */
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
/** Releases a lease only while it is still ours. */
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Options for {@link createShardLeases}. */
export interface ShardLeasesOptions {
  readonly redis: Redis;
  readonly prefix: string;
  readonly shards: number;
  /** Unique per process. */
  readonly workerId: string;
  /** Stable across restarts of the same machine (host name): its preferred shards stay the same, so do its indexes. */
  readonly affinityId: string;
  readonly leaseMs: number;
  readonly now: () => number;
}

/** What one lease round decided. */
export interface LeasePlan {
  /** Shards newly leased: start consuming them. */
  readonly acquired: readonly number[];
  /** Shards whose lease was lost (expired and taken): stop consuming them now. */
  readonly lost: readonly number[];
  /** Shards over this worker's fair share: drain, then `release` them. */
  readonly surplus: readonly number[];
}

/**
 * Shard leases in Redis: each shard is consumed by at most one worker at a time (its lease key holds the worker id,
 * with an expiry renewed every round). Workers register a heartbeat; each holds about shards / live workers, taking
 * free shards in its own rendezvous-hash order so a restarted machine takes back the shards whose indexes it has.
 */
export function createShardLeases(options: ShardLeasesOptions) {
  const { redis, prefix, workerId } = options;
  const leaseKey = (shard: number) => `${prefix}:lease:shard-${shard}`;
  const workersKey = `${prefix}:workers`;
  const held = new Set<number>();
  const preference = Array.from({ length: options.shards }, (_, shard) => shard)
    .sort((a, b) => rendezvous(options.affinityId, a) - rendezvous(options.affinityId, b));

  return {
    held: (): ReadonlySet<number> => held,

    /** Heartbeat, renew, then (unless `renewOnly`, while draining) balance: acquire up to the fair share, report surplus. */
    async round(renewOnly = false): Promise<LeasePlan> {
      const now = options.now();
      await redis.multi()
        .zadd(workersKey, now, workerId)
        .zremrangebyscore(workersKey, "-inf", now - options.leaseMs)
        .exec();
      const live = Math.max(1, await redis.zcard(workersKey));
      const lost: number[] = [];
      for (const shard of held) {
        const renewed = await redis.eval(RENEW, 1, leaseKey(shard), workerId, options.leaseMs);
        if (renewed !== 1) {
          held.delete(shard);
          lost.push(shard);
        }
      }
      if (renewOnly) return { acquired: [], lost, surplus: [] };
      const fair = Math.ceil(options.shards / live);
      const acquired: number[] = [];
      for (const shard of preference) {
        if (held.size >= fair) break;
        if (held.has(shard)) continue;
        if ((await redis.set(leaseKey(shard), workerId, "PX", options.leaseMs, "NX")) === "OK") {
          held.add(shard);
          acquired.push(shard);
        }
      }
      const surplus = [...held].sort((a, b) => preference.indexOf(b) - preference.indexOf(a)).slice(0, Math.max(0, held.size - fair));
      return { acquired, lost, surplus };
    },

    /** Gives a drained shard back. */
    async release(shard: number): Promise<void> {
      held.delete(shard);
      await redis.eval(RELEASE, 1, leaseKey(shard), workerId);
    },

    /** Leaves the worker set (after releasing every shard). */
    async leave(): Promise<void> {
      await redis.zrem(workersKey, workerId);
    },
  };
}

function rendezvous(id: string, shard: number): number {
  return createHash("sha1").update(`${id}#${shard}`).digest().readUInt32BE(0);
}
