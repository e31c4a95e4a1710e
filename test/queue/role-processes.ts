import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { Redis } from "ioredis";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "../app/app-harness.js";

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

/** A free loopback port (Probot reads PORT=0 as 3000, so processes get a chosen one). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One started process of the app and everything it printed. */
export interface RoleProcess {
  readonly child: ChildProcess;
  readonly output: string[];
  readonly port: number;
  /** Resolves when the output matches. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** SIGTERM (to the process group) and wait for the exit; resolves the exit code. */
  stop(): Promise<number | null>;
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
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output,
    port,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output.join("").slice(-4000)}`)), timeoutMs);
        const check = () => {
          if (pattern.test(output.join(""))) {
            clearTimeout(timer);
            child.stdout?.off("data", check);
            resolve();
          }
        };
        child.stdout?.on("data", check);
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`process exited with ${code}:\n${output.join("").slice(-4000)}`));
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}
