import { randomBytes } from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "../app/app-harness.js";
import { startProcess, type StartedProcess } from "../support/child-process.js";

export { freePort } from "../support/free-port.js";

export const ROOT = path.join(import.meta.dirname, "../..");
/** The test Redis; override with TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A queue prefix of its own for one test, so tests can share one Redis at once. */
export function uniquePrefix(label: string): string {
  return `bugscout-test-${label}-${randomBytes(4).toString("hex")}`;
}

/** Deletes every Redis key under `prefix`. */
export async function deletePrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** One started process of the app, everything it printed, and the port it listens on. */
export interface RoleProcess extends StartedProcess {
  readonly port: number;
}

/** The environment an operator sets for a role against the fake GitHub. */
export function roleEnv(options: { fakeHost: string; port: number; dataDir: string; extra?: Record<string, string> }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    APP_ID: "1",
    PRIVATE_KEY,
    WEBHOOK_SECRET,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    GHE_HOST: options.fakeHost,
    GHE_PROTOCOL: "http",
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    BUGSCOUT_DATA_DIR: options.dataDir,
    ...options.extra,
  };
}

/** Starts `command args` in its own process group (so `npm start`'s node child is stopped with it). */
export function startRole(command: string, args: readonly string[], env: NodeJS.ProcessEnv, port: number): RoleProcess {
  return { ...startProcess(command, args, { cwd: ROOT, env }), port };
}
