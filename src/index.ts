import { readFileSync } from "node:fs";
import { run } from "probot";
import { createApp } from "./app.js";
import { createAppOctokit } from "./github/app-octokit.js";
import { EnvError, readEnv } from "./env.js";
import { createIndexEntrySelector } from "./github/index-entry-selector.js";
import { DEFAULT_SNAPSHOT_LIMITS } from "./github/snapshot-limits.js";
import type { AppDeps } from "./handlers/app-deps.js";
import { createBackgroundQueue } from "./triage/background-queue.js";
import { createLazyIndexer } from "./triage/create-indexer.js";
import { createKeyedLock } from "./triage/keyed-lock.js";
import { createLexicalIndexCache } from "./triage/lexical-index-cache.js";
import type { Log } from "./triage/ports.js";
import { createRateLimiter } from "./triage/rate-limit.js";
import { createStorePool } from "./triage/store-pool.js";
import { createStoreRepoIndex } from "./triage/store-repo-index.js";
import { createVoyageEmbedder } from "./embed/voyage-embedder.js";
import { createStoreDense } from "./triage/create-store-dense.js";
import { startScaledRoles } from "./roles/start-scaled-roles.js";

// Probot entry: builds the real dependencies from the environment and starts the server. No logic.

let env;
try {
  env = readEnv();
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  process.stderr.write(`bugscout: ${err.message}\nSee docs/deploy.md for every variable.\n`);
  process.exit(1);
}

// Probot creates its logger inside `run`; the store pool logs through it once the app is loaded.
let appLog: Log | undefined;
const log: Log = {
  info: (obj, msg) => appLog?.info(obj, msg),
  warn: (obj, msg) => appLog?.warn(obj, msg),
  error: (obj, msg) => appLog?.error(obj, msg),
  debug: (obj, msg) => appLog?.debug(obj, msg),
};
const clock = { now: () => Date.now() };
// Failed Voyage requests, counted by the scaled roles' metrics once they exist.
let onVoyageFailure: ((status: number | undefined) => void) | undefined;
const selection = { maxFiles: env.limits.maxFiles, maxFileBytes: env.limits.maxFileBytes };
const voyage = env.voyage;
const dense = voyage
  ? createStoreDense({
    createEmbedder: (onRequest) => createVoyageEmbedder({
      apiKey: voyage.apiKey,
      ...(voyage.baseUrl ? { baseUrl: voyage.baseUrl } : {}),
      onRequest: (o) => {
        onRequest(o);
        if (!o.ok) onVoyageFailure?.(o.status);
      },
      logger: log,
    }),
    clock,
    logger: log,
  })
  : undefined;
const repoIndex = createStoreRepoIndex({
  dataDir: env.dataDir,
  pool: createStorePool({ dataDir: env.dataDir, maxOpen: 16, log, ...(dense ? { onClosing: (store) => void dense.release(store) } : {}) }),
  ...(dense ? { dense } : {}),
  log,
  indexer: createLazyIndexer(),
  lexical: createLexicalIndexCache(),
  clock,
  selection,
});
const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

const deps: AppDeps = {
  indexer: repoIndex,
  ranker: repoIndex,
  snapshot: {
    selector: createIndexEntrySelector(),
    limits: { ...DEFAULT_SNAPSHOT_LIMITS, ...selection, maxBytes: env.limits.maxSnapshotBytes },
  },
  dataDir: env.dataDir,
  webBaseUrl: env.webBaseUrl,
  clock,
  repoLock: createKeyedLock(),
  issueLock: createKeyedLock(),
  commandLimiter: createRateLimiter({ limit: env.commands.limit, windowMs: env.commands.windowMs, clock }),
  background: createBackgroundQueue({ concurrency: env.indexConcurrency, maxWaiting: 1000 }),
  version,
  keepSnapshot: dense !== undefined,
  pushDeltaMaxFiles: env.pushDeltaMaxFiles,
};

// With REDIS_URL the roles of BUGSCOUT_ROLE run instead of the embedded server (docs/scaling.md).
if (env.queue) {
  await startScaledRoles({ env: { ...env, queue: env.queue }, deps, createApp, Octokit: createAppOctokit(), setLog: (l) => (appLog = l), setVoyageFailureSink: (sink) => (onVoyageFailure = sink) });
} else {

  const app = createApp(deps);
  const server = await run((probot, options) => {
    appLog = probot.log;
    return app(probot, options);
  }, { env: env.probot, Octokit: createAppOctokit() });

  // Containers stop with SIGTERM; Probot itself only handles SIGINT.
  process.once("SIGTERM", () => {
    void server.stop().finally(() => process.exit(0));
  });
}
