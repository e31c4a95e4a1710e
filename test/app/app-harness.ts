import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { after, afterEach, before, beforeEach } from "node:test";
import { pino } from "pino";
import { createProbot, ProbotOctokit } from "probot";
import { createApp } from "../../src/app.js";
import { serveWebhooks } from "./serve-webhooks.js";
import { closeAll } from "../support/close-all.js";
import { createCheckRunReporter } from "../../src/github/check-run-reporter.js";
import { createIndexEntrySelector } from "../../src/github/index-entry-selector.js";
import { DEFAULT_SNAPSHOT_LIMITS, type SnapshotLimits } from "../../src/github/snapshot-limits.js";
import type { AppDeps } from "../../src/handlers/app-deps.js";
import { createBackgroundQueue } from "../../src/triage/background-queue.js";
import { createLazyIndexer } from "../../src/triage/create-indexer.js";
import { createLexicalIndexCache } from "../../src/triage/lexical-index-cache.js";
import { createStorePool } from "../../src/triage/store-pool.js";
import { createStoreRepoIndex } from "../../src/triage/store-repo-index.js";
import { createStoreDense } from "../../src/triage/create-store-dense.js";
import { createVoyageEmbedder } from "../../src/embed/voyage-embedder.js";
import { createKeyedLock } from "../../src/triage/keyed-lock.js";
import { createRateLimiter } from "../../src/triage/rate-limit.js";
import { createSqliteRecordStore } from "../../src/records/sqlite-record-store.js";
import { recordsPath } from "../../src/triage/data-layout.js";
import { createHistoryDocCache } from "../../src/triage/history-doc-cache.js";
import { createNoticeOnce } from "../../src/triage/notice-once.js";
import { startFakeGitHub, type FakeGitHub, type FakeRepo } from "../fakes/fake-github.js";
import { FakeIndex } from "./fake-index.js";

export const WEBHOOK_SECRET = "test-webhook-secret";

/**
 * Whether a recorded call reads a routing map (labeler.yml, CODEOWNERS) through the contents API. They are read while
 * the index refreshes, so their place among the other calls varies; tests compare them apart.
 */
export function isMapRead(call: string): boolean {
  return /^GET \/repos\/[^/]+\/[^/]+\/contents\//.test(call) && !call.endsWith("/bugscout.yml") && !call.includes("/.github/ISSUE_TEMPLATE");
}
/** The Voyage key the harness's dense ranker sends; tests check it never reaches a log. */
export const VOYAGE_KEY = "pa-harness-voyage-key-4f1c2e";
/** Generated once per test process; PKCS#1 as GitHub issues it. */
export const PRIVATE_KEY = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
}).privateKey;

/** A running app under test. */
export interface TestApp {
  readonly url: string;
  readonly deps: AppDeps;
  readonly index: FakeIndex;
  readonly dataDir: string;
  /** Every log line (JSON) the app wrote. */
  readonly logs: string[];
  /** POSTs a signed delivery; returns the HTTP status. */
  deliver(event: string, payload: unknown, options?: { signature?: string | null }): Promise<number>;
  /** Waits for the background work, then stops the app and removes its data dir; a second call waits for the first. */
  close(): Promise<void>;
}

/** Options for {@link startTestApp}. */
export interface TestAppOptions {
  readonly limits?: Partial<SnapshotLimits>;
  readonly commandLimit?: number;
  readonly now?: () => number;
  /** Use the real SQLite stores, indexer and rank-issue use-case instead of the fake index. */
  readonly realIndex?: boolean;
  /** Keep Probot's Octokit retry plugin on (5xx answers are retried after about a second). */
  readonly retry?: boolean;
  /** With `realIndex`: rank dense-first through the real voyageai client against this (fake) Voyage base URL. */
  readonly voyageBaseUrl?: string;
  /** Apply pushes of at most this many files as deltas (default off). */
  readonly pushDeltaMaxFiles?: number;
  /** How long an edit waits before it is ranked (default 0). */
  readonly editSettleMs?: number;
  /** How long an extra (routing, its maps) may take before the comment goes out without it (default 20 s). */
  readonly extraTimeoutMs?: number;
  /** Sees each extra that failed without costing the comment. */
  readonly onExtraFailure?: AppDeps["onExtraFailure"];
}

/**
 * Starts the real app (createApp + Probot's node middleware) on 127.0.0.1:0 against the fake GitHub, with a fake
 * index and ranker and a temp data dir. Octokit retries are off so a fault shows up at once.
 */
export async function startTestApp(fake: FakeGitHub, options: TestAppOptions = {}): Promise<TestApp> {
  const logs: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } });
  const log = pino({ level: "debug" }, sink);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bugscout-app-"));
  const index = new FakeIndex();
  const clock = { now: options.now ?? (() => 1_000) };
  const voyageBaseUrl = options.voyageBaseUrl;
  const dense = voyageBaseUrl
    ? createStoreDense({
      createEmbedder: (onRequest) => createVoyageEmbedder({ apiKey: VOYAGE_KEY, baseUrl: voyageBaseUrl, onRequest, logger: log, timeoutMs: 2_000 }),
      clock: { now: () => performance.now() },
      logger: log,
    })
    : undefined;
  const real = options.realIndex
    ? createStoreRepoIndex({
      dataDir,
      pool: createStorePool({ dataDir, maxOpen: 4, log, ...(dense ? { onClosing: (store) => void dense.release(store) } : {}) }),
      indexer: createLazyIndexer(),
      lexical: createLexicalIndexCache(),
      clock,
      ...(dense ? { dense } : {}),
      log,
    })
    : undefined;
  const deps: AppDeps = {
    indexer: real ?? index,
    ranker: real ?? index,
    snapshot: { selector: createIndexEntrySelector(), limits: { ...DEFAULT_SNAPSHOT_LIMITS, ...options.limits } },
    dataDir,
    webBaseUrl: "https://github.example",
    clock,
    repoLock: createKeyedLock(),
    issueLock: createKeyedLock(),
    commandLimiter: createRateLimiter({ limit: options.commandLimit ?? 10, windowMs: 600_000, clock }),
    background: createBackgroundQueue({ concurrency: 1, maxWaiting: 100 }),
    version: "test",
    keepSnapshot: dense !== undefined,
    ...(options.pushDeltaMaxFiles ? { pushDeltaMaxFiles: options.pushDeltaMaxFiles } : {}),
    ...(options.editSettleMs ? { editSettleMs: options.editSettleMs } : {}),
    ...(options.extraTimeoutMs ? { extraTimeoutMs: options.extraTimeoutMs } : {}),
    ...(options.onExtraFailure ? { onExtraFailure: options.onExtraFailure } : {}),
    records: createSqliteRecordStore({ locate: (id) => recordsPath(dataDir, id) }),
    notices: createNoticeOnce(),
    historyDocs: createHistoryDocCache(),
    problemReporter: createCheckRunReporter,
  };
  const probot = createProbot({
    env: {},
    overrides: {
      appId: 1,
      privateKey: PRIVATE_KEY,
      secret: WEBHOOK_SECRET,
      baseUrl: fake.apiUrl,
      log,
      Octokit: ProbotOctokit.defaults((o: object) => ({ ...o, retry: { enabled: options.retry === true }, throttle: { enabled: false } })),
    },
  });
  const served = await serveWebhooks(createApp(deps), probot, WEBHOOK_SECRET);
  let closed: Promise<void> | undefined;
  return {
    url: served.url,
    deps,
    index,
    dataDir,
    logs,
    deliver: served.deliver,
    close() {
      closed ??= (async () => {
        // An open server keeps the test process alive until the runner's timeout: close it whatever the background
        // work and the record store did.
        try {
          await deps.background.idle();
          await deps.records?.close();
        } finally {
          await served.close();
          await rm(dataDir, { recursive: true, force: true });
        }
      })();
      return closed;
    },
  };
}

/** What {@link appHarness} sets up. */
export interface AppHarnessOptions {
  /** The repository (at `headSha`), added afresh before each test. */
  readonly repo: Parameters<FakeGitHub["addRepo"]>[0];
  /** The tarball of `headSha`; absent: the tests serve their commits themselves. */
  readonly tarball?: () => Promise<Buffer>;
  /** Starts the app with these options once the repository is added; absent: the tests start it (`start`). */
  readonly app?: TestAppOptions;
  /** One repository (and app) for all the tests of the describe, set up before the first and closed after the last. */
  readonly once?: boolean;
}

/** The fake GitHub, the repository and the app of the running test; read them in hooks and tests. */
export interface AppHarness {
  readonly fake: FakeGitHub;
  readonly repo: FakeRepo;
  /** The app started last. */
  readonly app: TestApp;
  /** Starts an app against the fake GitHub; closed after the test (with `once`, after the describe) unless closed before. */
  start(options?: TestAppOptions): Promise<TestApp>;
}

/**
 * The lifecycle the App tests share, as hooks of the enclosing `describe`: one fake GitHub for all its tests, closed
 * after them and then checked to have seen no request it did not expect; before each test (with `once`, before the
 * first) its request log emptied, `repo` added with its tarball and, given `app`, the app started; after each test
 * (with `once`, after the last) the apps it started closed. A test's own hooks, registered after this call, run after
 * these `before`/`beforeEach` hooks (the repository and app exist) and after these `afterEach`/`after` hooks.
 */
export function appHarness(options: AppHarnessOptions): AppHarness {
  let fake: FakeGitHub | undefined;
  let repo: FakeRepo | undefined;
  let app: TestApp | undefined;
  const open: TestApp[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is set up by appHarness's hooks (or start) first`);
    return value;
  };
  const harness: AppHarness = {
    get fake() { return ready(fake, "fake GitHub"); },
    get repo() { return ready(repo, "repository"); },
    get app() { return ready(app, "app"); },
    async start(appOptions = {}) {
      app = await startTestApp(harness.fake, appOptions);
      open.push(app);
      return app;
    },
  };
  async function setUp(): Promise<void> {
    app = undefined;
    harness.fake.requests.length = 0;
    repo = harness.fake.addRepo(options.repo);
    if (options.tarball) repo.tarballs.set(options.repo.headSha, await options.tarball());
    if (options.app) await harness.start(options.app);
  }
  function closeApps(): Promise<void> {
    return closeAll(...open.splice(0).map((each) => () => each.close()));
  }
  before(async () => {
    fake = await startFakeGitHub();
    if (options.once) await setUp();
  });
  if (!options.once) {
    beforeEach(setUp);
    afterEach(closeApps);
  }
  after(() => closeAll(closeApps, () => fake?.closeAndCheck()));
  return harness;
}
