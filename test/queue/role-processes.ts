import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Redis } from "ioredis";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "../app/app-harness.js";
import { issuesOpened, type RepoSpec } from "../app/payloads.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { tarballFromDirectory } from "../fakes/fake-github-tarball.js";
import { startProcess, type StartedProcess } from "../support/child-process.js";
import { postDelivery } from "../support/post-delivery.js";

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

/**
 * The fake GitHub the roles work against: each of `repos` at `sha`, serving the app-repo fixture's tarball (its top
 * folder `top`), every answer `latencyMs` late so that jobs are still running when a process goes away.
 */
export async function startSlowFakeGitHub(repos: readonly RepoSpec[], sha: string, top: string, latencyMs: number): Promise<FakeGitHub> {
  const fake = await startFakeGitHub();
  fake.latencyMs = latencyMs;
  const tarball = await tarballFromDirectory(path.join(ROOT, "test/fixtures/app-repo"), top);
  for (const repo of repos) fake.addRepo({ ...repo, headSha: sha }).tarballs.set(sha, tarball);
  return fake;
}

/** The body of the fixture issue the scaled tests open on every repository (negative-total.json). */
export async function readIssueBody(): Promise<string> {
  return (JSON.parse(await readFile(path.join(ROOT, "test/fixtures/app-issues/negative-total.json"), "utf8")) as { body: string }).body;
}

/** Delivers `issues.opened` of issue `number` of `repo` (with `body`) to the web role, signed, as delivery `id`; answers the status. */
export async function deliverIssue(web: RoleProcess, repo: RepoSpec, number: number, body: string, id: string): Promise<number> {
  const payload = issuesOpened(repo, { number, title: "Checkout total is negative after a discount", body });
  return (await postDelivery(`http://127.0.0.1:${web.port}`, "issues", payload, { secret: WEBHOOK_SECRET, id })).status;
}
