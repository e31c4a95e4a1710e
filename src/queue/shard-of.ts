import { createHash } from "node:crypto";

/**
 * The shard of a routing key: jump consistent hashing (Lamping & Veach, 2014) over a sha1 of the key, so every
 * process maps a repository to the same shard, and changing the shard count moves only about 1/n of the keys.
 */
export function shardOf(key: string, shards: number): number {
  let state = createHash("sha1").update(key).digest().readBigUInt64BE(0);
  let bucket = -1n;
  let next = 0n;
  const n = BigInt(shards);
  while (next < n) {
    bucket = next;
    state = (state * 2862933555777941757n + 1n) & 0xffff_ffff_ffff_ffffn;
    next = BigInt(Math.floor(Number(bucket + 1n) * (2 ** 31 / Number((state >> 33n) + 1n))));
  }
  return Number(bucket);
}

/** The name of a shard's BullMQ queue (under the deployment's prefix). */
export function shardQueueName(shard: number): string {
  return `shard-${shard}`;
}
