import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import os from "node:os";
import { createProbot, type ApplicationFunction, type ProbotOctokit } from "probot";
import type { AppEnv, QueueEnv } from "../env.js";
import type { AppDeps } from "../handlers/app-deps.js";
import { createOpsMetrics } from "../queue/ops-metrics.js";
import { opsRoutes, type HealthCheck } from "../queue/ops-routes.js";
import { redisOptions } from "../queue/redis-options.js";
import { startWorkerRole } from "../queue/run-worker.js";
import { startReconciler } from "../queue/reconcile-accepted.js";
import { createShardQueues } from "../queue/shard-queues.js";
import { webReceiver } from "../queue/web-receiver.js";
import { openPgRecordStore } from "../records/pg-record-store.js";
import { openScaleRecords } from "../records/open-scale-records.js";
import type { Log } from "../triage/ports.js";
import { createJobBackground } from "./job-background.js";
import { timedPorts } from "./timed-ports.js";
import { countGitHubErrors } from "./count-github-errors.js";

/** How long processed delivery ids are remembered (beyond BullMQ's own 24 h of kept job ids). */
const PROCESSED_KEEP_MS = 14 * 86_400_000;
/** How often a worker looks for accepted deliveries that Redis lost (and once at start). */
const RECONCILE_INTERVAL_MS = 15_000;
/** A delivery accepted this recently is being queued by the web role itself. */
const RECONCILE_GRACE_MS = 5_000;

/** What the entry point hands over when a queue is configured. */
export interface ScaledRolesInput {
  readonly env: AppEnv & { readonly queue: QueueEnv };
  /** The same dependencies the embedded mode uses; the worker swaps in its background, limiter and timing. */
  readonly deps: AppDeps;
  readonly createApp: (deps: AppDeps) => ApplicationFunction;
  /** The app's Octokit class (throttling, retries). */
  readonly Octokit: typeof ProbotOctokit;
  /** Receives the process logger once Probot has made it. */
  readonly setLog: (log: Log) => void;
  /** Receives the function counting failed Voyage requests by status. */
  readonly setVoyageFailureSink?: (sink: (status: number | undefined) => void) => void;
}

/**
 * Starts the roles of `BUGSCOUT_ROLE` in this process (docs/scaling.md): `web` verifies and queues deliveries,
 * `worker` runs them through the same handlers, `all` does both. Every role serves `/health` and `/metrics` on PORT.
 * SIGTERM (and SIGINT) stops taking work, drains the running jobs and exits.
 */
export async function startScaledRoles(input: ScaledRolesInput): Promise<void> {
  const { env, deps } = input;
  const queue = env.queue;
  const web = queue.role !== "worker";
  const worker = queue.role !== "web";
  const now = () => deps.clock.now();
  const shardOptions = { prefix: queue.prefix, shards: queue.shards, attempts: queue.attempts };
  const queues = createShardQueues({ ...shardOptions, connection: redisOptions(queue.redisUrl, true) });
  const metrics = createOpsMetrics(() => queues.depth(now()));
  const countingOctokit = countGitHubErrors(input.Octokit, metrics);
  input.setVoyageFailureSink?.((status) => metrics.voyageErrors.inc({ status: String(status ?? 0) }));
  // Probot's logger (level, format and redaction from the environment) for every role.
  const probot = await createProbot({ env: env.probot, overrides: { Octokit: countingOctokit } }).ready();
  const log: Log = probot.log;
  input.setLog(log);
  // The durable accept needs records every role sees: PostgreSQL, or one process running both roles.
  const durable = web && (env.databaseUrl !== undefined || worker);
  const records = worker || durable
    ? await openScaleRecords({ dataDir: deps.dataDir, schema: env.databaseSchema, ...(env.databaseUrl ? { databaseUrl: env.databaseUrl } : {}) })
    : undefined;
  // Only a web role without the durable accept is of no use while Redis is down (it answers 503); every other role
  // rides a Redis or PostgreSQL restart out and says "degraded" meanwhile.
  const checks: HealthCheck[] = [{ name: "queue", check: () => queues.ping(), essential: web && !durable }];
  if (records) checks.push({ name: "records", check: () => records.ping(), essential: durable });
  const routes: ((req: IncomingMessage, res: ServerResponse) => boolean)[] = [];
  const stops: (() => Promise<void>)[] = [];

  if (worker && records) {
    const background = createJobBackground();
    const timed = timedPorts(deps.indexer, deps.ranker, metrics);
    // With DATABASE_URL the learning loop's predictions and outcomes are shared by every worker too.
    const learning = env.databaseUrl ? await openPgRecordStore({ connectionString: env.databaseUrl, schema: env.databaseSchema }) : undefined;
    const workerDeps: AppDeps = {
      ...deps,
      indexer: timed,
      ranker: timed,
      background,
      // The windows live in the records store, shared by every worker; nothing to save between runs.
      commandLimiter: { take: (key) => records.rateWindows.take(key, now(), env.commands.windowMs, env.commands.limit), entries: () => ({}) },
      rethrowErrors: true,
      onExtraFailure: (step) => metrics.extraFailures.inc({ step }),
      ...(learning ? { records: learning } : {}),
    };
    // No Probot server here: the health route the app adds is served by opsRoutes instead.
    await probot.load(input.createApp(workerDeps), { cwd: process.cwd(), addHandler: () => {} });
    const role = await startWorkerRole({
      connection: redisOptions(queue.redisUrl),
      ...shardOptions,
      concurrency: queue.workerConcurrency,
      leaseMs: queue.leaseMs,
      workerId: `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
      affinityId: os.hostname(),
      records,
      metrics,
      log,
      now,
      handle: (job) => background.collect(() => probot.receive({ id: job.id, name: job.name, payload: job.payload } as Parameters<typeof probot.receive>[0])),
    });
    checks.push({ name: "worker-redis", check: () => role.ping(), essential: false });
    const reconciler = startReconciler({
      accepted: records.accepted, queues, log, now, onRequeued: () => metrics.requeued.inc(), intervalMs: RECONCILE_INTERVAL_MS, graceMs: RECONCILE_GRACE_MS,
    });
    // GitHub redelivers within days; ids older than PROCESSED_KEEP_MS are forgotten.
    const prune = setInterval(() => {
      void records.deliveries.prune(now() - PROCESSED_KEEP_MS).catch(() => {});
      void records.accepted.prune(now() - PROCESSED_KEEP_MS).catch(() => {});
    }, 3_600_000);
    prune.unref();
    stops.push(async () => {
      clearInterval(prune);
      await reconciler.stop();
      await role.stop();
      await learning?.close();
    });
  }
  if (web) {
    routes.push(webReceiver({
      secret: queue.webhookSecret,
      path: queue.webhookPath,
      enqueue: (job) => queues.enqueue(job),
      ...(durable && records ? { accept: (job) => records.accepted.accept(job), onRedelivery: () => metrics.redelivered.inc() } : {}),
      now,
      log,
      observe: (status, seconds) => metrics.webhookSeconds.observe({ status: String(status) }, seconds),
    }));
  }
  routes.unshift(opsRoutes({ version: deps.version, role: queue.role, checks, metrics }));

  const server = createServer((req, res) => {
    for (const route of routes) if (route(req, res)) return;
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }));
  });
  await new Promise<void>((resolve) => server.listen(queue.port, queue.host ?? "0.0.0.0", resolve));
  log.info({ role: queue.role, prefix: queue.prefix, shards: queue.shards }, `Listening on http://${queue.host ?? "0.0.0.0"}:${queue.port} (role ${queue.role})`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log.info({ role: queue.role }, "stopping: no new work; draining running jobs");
      // The web role stops accepting first, so no delivery is answered without being queued.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of stops) await s();
      await records?.close();
      await queues.close();
      log.info({ role: queue.role }, "stopped");
    })().finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
