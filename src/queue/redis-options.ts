import type { RedisOptions } from "ioredis";

/**
 * ioredis connection options from a `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS) URL.
 * `failFast` makes commands fail at once while the connection is down instead of waiting in ioredis's offline
 * queue: the web role must answer 503 quickly, never hang a webhook.
 */
export function redisOptions(url: string, failFast = false): RedisOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace(/^\//, "") || "0");
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
    ...(failFast ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null }),
  };
}
