import { readFileSync } from "node:fs";
import { run } from "probot";
import { createApp } from "./app.js";
import { createAppDeps } from "./compose/create-app-deps.js";
import { createCheckRunReporter } from "./github/check-run-reporter.js";
import { createTriageRuntime } from "./compose/create-triage-runtime.js";
import { createAppOctokit } from "./github/app-octokit.js";
import { EnvError, readEnv } from "./env.js";
import { createBackgroundQueue } from "./triage/background-queue.js";
import type { Log } from "./triage/ports.js";
import { createSqliteRecordStore } from "./records/sqlite-record-store.js";
import { recordsPath } from "./triage/data-layout.js";
import { createHistoryDocCache } from "./triage/history-doc-cache.js";
import { createNoticeOnce } from "./triage/notice-once.js";
import { startScaledRoles } from "./roles/start-scaled-roles.js";

// Probot entry: reads the environment, builds the real dependencies through the composition root shared with the CLI
// and the Action (src/compose/create-triage-runtime.ts) and starts the server. No logic.

let env;
try {
  env = readEnv();
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  process.stderr.write(`bugscout: ${err.message}\nSee docs/deploy.md for every variable.\n`);
  process.exit(1);
}

// An edit waits this long before it is ranked, so a reporter's burst of edits is ranked once (src/handlers/on-issue.ts).
const EDIT_SETTLE_MS = 3_000;

// Probot creates its logger inside `run`; the store pool logs through it once the app is loaded.
let appLog: Log | undefined;
const log: Log = {
  info: (obj, msg) => appLog?.info(obj, msg),
  warn: (obj, msg) => appLog?.warn(obj, msg),
  error: (obj, msg) => appLog?.error(obj, msg),
  debug: (obj, msg) => appLog?.debug(obj, msg),
};
// Failed Voyage requests, counted by the scaled roles' metrics once they exist.
let onVoyageFailure: ((status: number | undefined) => void) | undefined;
const runtime = createTriageRuntime({
  onVoyageRequest: (o) => {
    if (!o.ok) onVoyageFailure?.(o.status);
  },
  dataDir: env.dataDir,
  log,
  ...(env.voyage ? { voyage: env.voyage } : {}),
  limits: env.limits,
  commands: env.commands,
  ...(env.indexThreads !== undefined ? { indexThreads: env.indexThreads } : {}),
});
const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

const deps = createAppDeps(runtime, {
  webBaseUrl: env.webBaseUrl,
  version,
  background: createBackgroundQueue({ concurrency: env.indexConcurrency, maxWaiting: 1000 }),
  records: createSqliteRecordStore({ locate: (id) => recordsPath(env.dataDir, id) }),
  notices: createNoticeOnce(),
  historyDocs: createHistoryDocCache(),
  pushDeltaMaxFiles: env.pushDeltaMaxFiles,
  editSettleMs: EDIT_SETTLE_MS,
  problemReporter: createCheckRunReporter,
});

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
