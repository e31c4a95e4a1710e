import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino, type Level } from "pino";
import { createProbot, ProbotOctokit } from "probot";
import { createApp } from "../../src/app.js";
import { createCheckRunReporter } from "../../src/github/check-run-reporter.js";
import { serveWebhooks } from "../app/serve-webhooks.js";
import { createAppOctokit } from "../../src/github/app-octokit.js";
import { createIndexEntrySelector } from "../../src/github/index-entry-selector.js";
import { DEFAULT_SNAPSHOT_LIMITS, type SnapshotLimits } from "../../src/github/snapshot-limits.js";
import type { AppDeps } from "../../src/handlers/app-deps.js";
import { createBackgroundQueue } from "../../src/triage/background-queue.js";
import { createIndexer, createLazyIndexer } from "../../src/triage/create-indexer.js";
import { createKeyedLock } from "../../src/triage/keyed-lock.js";
import { createLexicalIndexCache } from "../../src/triage/lexical-index-cache.js";
import { createRateLimiter } from "../../src/triage/rate-limit.js";
import { createStorePool } from "../../src/triage/store-pool.js";
import { createStoreRepoIndex } from "../../src/triage/store-repo-index.js";
import { PRIVATE_KEY, WEBHOOK_SECRET } from "../app/app-harness.js";
import { FakeIndex } from "../app/fake-index.js";
import type { FakeGitHub } from "../fakes/fake-github.js";

/** Options for {@link startReliabilityApp}. */
export interface ReliabilityAppOptions {
  /** The real SQLite stores, indexer and ranker (default), or the in-memory FakeIndex of the app tests. */
  readonly index?: "real" | "fake";
  readonly limits?: Partial<SnapshotLimits>;
  /** The indexer's own file cap (the snapshot applies `limits.maxFiles` first). */
  readonly maxFiles?: number;
  readonly commandLimit?: number;
  readonly now?: () => number;
  /**
   * `"app"` (default): the app's Octokit class (`createAppOctokit`: Probot's retry and throttling plugins, secondary
   * rate limits waited out too), except that a wait of N seconds takes N milliseconds. `"off"`: both plugins off,
   * as in the app tests.
   */
  readonly octokit?: "app" | "off";
  /** Wraps the dependencies before the app is built, e.g. to count concurrent work. */
  readonly instrument?: (deps: AppDeps) => AppDeps;
  readonly logLevel?: Level;
  /** Idle SQLite stores kept open (the entry point uses 16). */
  readonly maxOpenStores?: number;
  /** Index worker threads (the entry point uses one per core); default 1: parsing on the calling thread. */
  readonly indexThreads?: number;
}

/** A running app: the same surface as the app tests' harness. */
export interface ReliabilityApp {
  readonly url: string;
  readonly deps: AppDeps;
  /** The fake index when `index: "fake"`. */
  readonly fakeIndex: FakeIndex;
  readonly dataDir: string;
  /** Every log line (JSON) the app wrote. */
  readonly logs: string[];
  deliver(event: string, payload: unknown, options?: { signature?: string | null }): Promise<number>;
  /**
   * Waits for the background work, then stops the server, the index workers and removes the data dir, even when the
   * wait fails; a second call waits for the first, so a test may close early and also in its `t.after`.
   */
  close(): Promise<void>;
}

/**
 * Starts the real app (createApp + Probot's node middleware on 127.0.0.1:0) against the fake GitHub. Unlike the app
 * tests' harness it keeps the Octokit plugins on by default (so rate limits and 5xx answers go through the same retry
 * and throttling code as the app), uses the real index by default, and lets a bench instrument the dependencies.
 */
export async function startReliabilityApp(fake: FakeGitHub, options: ReliabilityAppOptions = {}): Promise<ReliabilityApp> {
  const logs: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } });
  const log = pino({ level: options.logLevel ?? "debug" }, sink);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bugscout-reliability-"));
  const clock = { now: options.now ?? (() => 1_000) };
  const fakeIndex = new FakeIndex();
  const indexer = createLazyIndexer(() => createIndexer(undefined, { threads: options.indexThreads ?? 1 }));
  const real = options.index === "fake"
    ? undefined
    : createStoreRepoIndex({
      dataDir,
      pool: createStorePool({ dataDir, maxOpen: options.maxOpenStores ?? 16, log }),
      indexer,
      lexical: createLexicalIndexCache(),
      clock,
      ...(options.maxFiles ? { selection: { maxFiles: options.maxFiles } } : {}),
    });
  const base: AppDeps = {
    indexer: real ?? fakeIndex,
    ranker: real ?? fakeIndex,
    snapshot: { selector: createIndexEntrySelector(), limits: { ...DEFAULT_SNAPSHOT_LIMITS, ...options.limits } },
    dataDir,
    webBaseUrl: "https://github.example",
    clock,
    repoLock: createKeyedLock(),
    issueLock: createKeyedLock(),
    commandLimiter: createRateLimiter({ limit: options.commandLimit ?? 10, windowMs: 600_000, clock }),
    background: createBackgroundQueue({ concurrency: 1, maxWaiting: 100 }),
    version: "test",
    problemReporter: createCheckRunReporter,
  };
  const deps = options.instrument ? options.instrument(base) : base;
  const probot = createProbot({
    env: {},
    overrides: { appId: 1, privateKey: PRIVATE_KEY, secret: WEBHOOK_SECRET, baseUrl: fake.apiUrl, log, Octokit: octokitClass(options.octokit) },
  });
  const served = await serveWebhooks(createApp(deps), probot, WEBHOOK_SECRET);
  let closed: Promise<void> | undefined;
  return {
    url: served.url,
    deps,
    fakeIndex,
    dataDir,
    logs,
    deliver: served.deliver,
    close() {
      closed ??= (async () => {
        // An open server or worker keeps the test process alive until the runner's timeout: close them whatever
        // the background work did.
        try {
          await deps.background.idle();
        } finally {
          await served.close();
          indexer.dispose();
          await rm(dataDir, { recursive: true, force: true });
        }
      })();
      return closed;
    },
  };
}

function octokitClass(choice: ReliabilityAppOptions["octokit"] = "app") {
  if (choice === "app") return createAppOctokit({ retryAfterBaseValue: 1 });
  return ProbotOctokit.defaults((o: object) => ({ ...o, retry: { enabled: false }, throttle: { enabled: false } }));
}
