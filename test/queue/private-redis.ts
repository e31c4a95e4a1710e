import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { startProcess, type StartedProcess } from "../support/child-process.js";

/**
 * A redis-server of one test or bench run, on its own port, keeping nothing on disk (like a cache-configured
 * production Redis): it can be killed and started again empty without touching the machine's shared Redis.
 */
export interface PrivateRedis {
  readonly url: string;
  /** Kills the server (SIGKILL: nothing saved, every queue gone). */
  kill(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  restart(): Promise<void>;
  /** Kills it and removes its folder. */
  close(): Promise<void>;
}

/** Starts a private redis-server on `port` (a free one). */
export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const dir = await mkdtemp(path.join(tmpdir(), "bugscout-redis-"));
  let server: StartedProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    server = startProcess("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { cwd: dir, env: { PATH: process.env.PATH } });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on("error", () => {});
      const up = await client.connect().then(() => client.ping(), () => undefined);
      client.disconnect();
      if (up === "PONG") return;
      if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}:\n${server.output.join("")}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    const current = server;
    server = undefined;
    if (!current || current.child.exitCode !== null) return;
    const exited = new Promise((resolve) => current.child.once("exit", resolve));
    current.child.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url,
    kill,
    async restart() {
      await kill();
      await start();
    },
    async close() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
