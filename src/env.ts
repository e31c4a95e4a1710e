import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

const count = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

// One schema for every variable the app reads; docs/deploy.md lists the same names and defaults.
const envSchema = z
  .object({
    APP_ID: z.string().regex(/^\d+$/, "must be the numeric App ID").optional(),
    PRIVATE_KEY: z.string().min(1).optional(),
    PRIVATE_KEY_PATH: z.string().min(1).optional(),
    WEBHOOK_SECRET: z.string().min(1).optional(),
    WEBHOOK_PATH: z.string().startsWith("/").optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    GHE_HOST: z.string().regex(/^[A-Za-z0-9.-]+(:\d+)?$/, "must be a host name, optionally with :port").optional(),
    GHE_PROTOCOL: z.enum(["https", "http"]).default("https"),
    NODE_ENV: z.string().optional(),
    BUGSCOUT_DATA_DIR: z.string().min(1).default("data"),
    VOYAGE_API_KEY: z.string().min(1).optional(),
    VOYAGE_BASE_URL: z.string().url().optional(),
    BUGSCOUT_MAX_FILES: count(50_000, 1_000_000),
    BUGSCOUT_MAX_FILE_BYTES: count(1024 * 1024, 64 * 1024 * 1024),
    BUGSCOUT_MAX_SNAPSHOT_BYTES: count(256 * 1024 * 1024, 16 * 1024 * 1024 * 1024),
    BUGSCOUT_COMMANDS_PER_WINDOW: count(10, 10_000),
    BUGSCOUT_COMMAND_WINDOW_SECONDS: count(600, 86_400),
    BUGSCOUT_INDEX_CONCURRENCY: count(1, 64),
    BUGSCOUT_INDEX_THREADS: z.coerce.number().int().min(1).max(256).optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL").optional(),
    BUGSCOUT_ROLE: z.enum(["web", "worker", "all"]).optional(),
    BUGSCOUT_QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, _ . - only").default("bugscout"),
    BUGSCOUT_SHARDS: count(32, 1024),
    BUGSCOUT_WORKER_CONCURRENCY: count(4, 256),
    BUGSCOUT_LEASE_SECONDS: count(30, 3600),
    BUGSCOUT_JOB_ATTEMPTS: count(5, 100),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
    BUGSCOUT_DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, "lower-case letters, digits and _").default("bugscout"),
    BUGSCOUT_PUSH_DELTA_MAX_FILES: z.coerce.number().int().min(0).max(3000).default(100),
  })
  .superRefine((env, ctx) => {
    // Without credentials outside production, Probot starts its setup page to register the app from app.yml.
    if (isSetup(env)) return;
    if (!env.APP_ID) ctx.addIssue({ code: "custom", path: ["APP_ID"], message: "must be set to the numeric App ID" });
    if (!env.PRIVATE_KEY && !env.PRIVATE_KEY_PATH) {
      ctx.addIssue({ code: "custom", path: ["PRIVATE_KEY"], message: "set PRIVATE_KEY (the PEM text) or PRIVATE_KEY_PATH (a .pem file)" });
    }
    if (env.BUGSCOUT_ROLE && !env.REDIS_URL) ctx.addIssue({ code: "custom", path: ["BUGSCOUT_ROLE"], message: "needs REDIS_URL (the queue between the roles)" });
    if (!env.WEBHOOK_SECRET) ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET"], message: "must be set to the app's webhook secret" });
  });

function isSetup(env: { APP_ID?: string; PRIVATE_KEY?: string; PRIVATE_KEY_PATH?: string; NODE_ENV?: string }): boolean {
  return env.NODE_ENV !== "production" && !env.APP_ID && !env.PRIVATE_KEY && !env.PRIVATE_KEY_PATH;
}

/** The validated environment, with derived values. */
export interface AppEnv {
  /** No credentials yet (and not production): Probot serves its page for registering the app from app.yml. */
  readonly setup: boolean;
  /** The variables Probot's `run` reads, passed to it explicitly (it never sees the rest). */
  readonly probot: Readonly<Record<string, string>>;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute directory for indexes and snapshots. */
  readonly dataDir: string;
  /** `https://github.com`, or `<GHE_PROTOCOL>://<GHE_HOST>` for GitHub Enterprise (and local testing). */
  readonly webBaseUrl: string;
  readonly voyage?: { readonly apiKey: string; readonly baseUrl?: string };
  readonly limits: { readonly maxFiles: number; readonly maxFileBytes: number; readonly maxSnapshotBytes: number };
  readonly commands: { readonly limit: number; readonly windowMs: number };
  readonly indexConcurrency: number;
  /** `BUGSCOUT_INDEX_THREADS`: worker threads that parse and analyse new contents; absent means one per core. */
  readonly indexThreads?: number;
  /** Files a push may change and still be applied as a delta (0: always the tarball). */
  readonly pushDeltaMaxFiles: number;
  /** Set with REDIS_URL: the scaled-out roles (docs/scaling.md). Absent: the embedded single process. */
  readonly queue?: QueueEnv;
  /** PostgreSQL for the durable records; absent: SQLite in the data directory. */
  readonly databaseUrl?: string;
  /** The PostgreSQL schema holding them. */
  readonly databaseSchema: string;
}

/** The queue settings of the scaled-out roles. */
export interface QueueEnv {
  readonly redisUrl: string;
  /** `web` receives and enqueues, `worker` processes, `all` does both (default `all`). */
  readonly role: "web" | "worker" | "all";
  /** Namespace of every Redis key, so deployments can share one Redis. */
  readonly prefix: string;
  /** Shard queues; a repository always maps to the same one. */
  readonly shards: number;
  /** Jobs one worker runs at once (each from a different shard). */
  readonly workerConcurrency: number;
  /** Shard lease and job lock lifetime: how long a dead worker's shards and jobs wait before another takes them. */
  readonly leaseMs: number;
  /** Attempts per delivery for transient failures. */
  readonly attempts: number;
  /** The webhook secret, for the web role's signature check. */
  readonly webhookSecret: string;
  readonly webhookPath: string;
  readonly port: number;
  readonly host?: string;
}

/** A readable list of what is wrong with the environment; it names variables, never their values. */
export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Validates an environment record (pure; `readEnv` passes `process.env`). Throws EnvError. */
export function parseEnv(source: Readonly<Record<string, string | undefined>>, cwd: string): AppEnv {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
  }
  const env = parsed.data;
  const probotKeys = ["APP_ID", "PRIVATE_KEY", "PRIVATE_KEY_PATH", "WEBHOOK_SECRET", "WEBHOOK_PATH", "HOST", "LOG_LEVEL",
    "LOG_FORMAT", "GHE_HOST", "GHE_PROTOCOL", "NODE_ENV"] as const;
  const probot: Record<string, string> = { PORT: String(env.PORT) };
  for (const key of probotKeys) {
    const value = env[key];
    if (value !== undefined) probot[key] = String(value);
  }
  return {
    setup: isSetup(env),
    probot,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(cwd, env.BUGSCOUT_DATA_DIR),
    webBaseUrl: env.GHE_HOST ? `${env.GHE_PROTOCOL}://${env.GHE_HOST}` : "https://github.com",
    ...(env.VOYAGE_API_KEY ? { voyage: { apiKey: env.VOYAGE_API_KEY, ...(env.VOYAGE_BASE_URL ? { baseUrl: env.VOYAGE_BASE_URL } : {}) } } : {}),
    limits: { maxFiles: env.BUGSCOUT_MAX_FILES, maxFileBytes: env.BUGSCOUT_MAX_FILE_BYTES, maxSnapshotBytes: env.BUGSCOUT_MAX_SNAPSHOT_BYTES },
    commands: { limit: env.BUGSCOUT_COMMANDS_PER_WINDOW, windowMs: env.BUGSCOUT_COMMAND_WINDOW_SECONDS * 1000 },
    indexConcurrency: env.BUGSCOUT_INDEX_CONCURRENCY,
    ...(env.BUGSCOUT_INDEX_THREADS !== undefined ? { indexThreads: env.BUGSCOUT_INDEX_THREADS } : {}),
    pushDeltaMaxFiles: env.BUGSCOUT_PUSH_DELTA_MAX_FILES,
    ...(env.REDIS_URL ? {
      queue: {
        redisUrl: env.REDIS_URL,
        role: env.BUGSCOUT_ROLE ?? "all",
        prefix: env.BUGSCOUT_QUEUE_PREFIX,
        shards: env.BUGSCOUT_SHARDS,
        workerConcurrency: env.BUGSCOUT_WORKER_CONCURRENCY,
        leaseMs: env.BUGSCOUT_LEASE_SECONDS * 1000,
        attempts: env.BUGSCOUT_JOB_ATTEMPTS,
        webhookSecret: env.WEBHOOK_SECRET ?? "",
        webhookPath: env.WEBHOOK_PATH ?? "/api/github/webhooks",
        port: env.PORT,
        ...(env.HOST ? { host: env.HOST } : {}),
      },
    } : {}),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    databaseSchema: env.BUGSCOUT_DATABASE_SCHEMA,
  };
}

/**
 * Reads and validates `process.env` (after loading `./.env` when present, without overriding set variables, as
 * Probot's setup page writes the app's credentials there): the only place in the app that touches it.
 */
export function readEnv(): AppEnv {
  if (existsSync(".env")) process.loadEnvFile(".env");
  return parseEnv(process.env, process.cwd());
}

// The CLI's variables have their own file: zod costs a `bugscout rank` 15–30 ms to load, and the CLI validates nothing.
export { readCliEnv, type CliEnv } from "./cli-env.js";
