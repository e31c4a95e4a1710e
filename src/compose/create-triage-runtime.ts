import type { IssueTypeModels } from "../triage/find-issue-type.js";
import { createIssueTypeModels } from "../triage/repo-issue-types.js";
import type { EmbedRequestObservation } from "../embed/embedder.js";
import { createVoyageEmbedder } from "../embed/voyage-embedder.js";
import type { SnapshotOptions } from "../github/create-repo-gateway.js";
import { createIndexEntrySelector } from "../github/index-entry-selector.js";
import { DEFAULT_SNAPSHOT_LIMITS } from "../github/snapshot-limits.js";
import { createIndexer, createLazyIndexer, defaultIndexThreads } from "../triage/create-indexer.js";
import { createStoreDense, type StoreDense } from "../triage/create-store-dense.js";
import { createKeyedLock, type KeyedLock } from "../triage/keyed-lock.js";
import { createLexicalIndexCache } from "../triage/lexical-index-cache.js";
import type { Clock, IssueRanker, Log, RepoGateway, RepoIndexer, RepoKey } from "../triage/ports.js";
import { createRateLimiter, type RateLimiter } from "../triage/rate-limit.js";
import { createStorePool } from "../triage/store-pool.js";
import { createStoreRepoIndex } from "../triage/store-repo-index.js";
import type { TriageDeps } from "../triage/triage-issue.js";

/**
 * What each entry point (the app's src/index.ts, `bugscout triage`, the Action) reads from its own environment and
 * hands to {@link createTriageRuntime}. Everything else is wired the same way for all three.
 */
export interface TriageRuntimeConfig {
  /** Absolute folder for indexes and snapshots (layout: src/triage/data-layout.ts). */
  readonly dataDir: string;
  readonly log: Log;
  /** Dense ranking when set; absent means BM25 everywhere. */
  readonly voyage?: { readonly apiKey: string; readonly baseUrl?: string };
  /** Sees every Voyage request's cost and outcome (the scaled roles count failures by status in their metrics). */
  readonly onVoyageRequest?: (observation: EmbedRequestObservation) => void;
  readonly limits?: { readonly maxFiles?: number; readonly maxFileBytes?: number; readonly maxSnapshotBytes?: number };
  /** The per-repository limit on `/bugscout` commands, and the hits already counted (the Action restores them). */
  readonly commands?: { readonly limit: number; readonly windowMs: number; readonly seed?: Readonly<Record<string, readonly number[]>> };
  /** Stores kept open at once (the app serves many repositories; a one-shot process needs one). */
  readonly maxOpenStores?: number;
  /** Worker threads that parse and analyse new contents (1: on the main thread). Default: one per core. */
  readonly indexThreads?: number;
  readonly clock?: Clock;
  /**
   * Where dense ranking reads a repository's files at `commit`; default the snapshot kept under the data dir. The
   * Action points it at the workspace checkout it indexed.
   */
  readonly sourceRoot?: (key: RepoKey, commit: string) => string | undefined;
}

/** The real dependencies of the triage use-cases, built once per process. */
export interface TriageRuntime {
  readonly indexer: RepoIndexer;
  readonly ranker: IssueRanker;
  readonly snapshot: SnapshotOptions;
  readonly clock: Clock;
  readonly repoLock: KeyedLock;
  readonly issueLock: KeyedLock;
  readonly commandLimiter: RateLimiter;
  readonly dense?: StoreDense;
  /** Keep the indexed snapshot for dense ranking to read (on when dense ranking is configured). */
  readonly keepSnapshot: boolean;
  readonly dataDir: string;
  /** The issue-type classifier of each repository, adapted to its closed, labelled issues (read once a day). */
  readonly issueTypeModels: IssueTypeModels;
  /** The triage use-case's dependencies over one repository's gateway. */
  triageDeps(gateway: TriageDeps["gateway"], options: { readonly log: Log; readonly webBaseUrl: string }): TriageDeps;
}

/** The limits used when an entry point does not set them (the app's env.ts defaults are the same). */
export const DEFAULT_COMMAND_LIMIT = { limit: 10, windowMs: 600_000 } as const;

/**
 * The one composition root: SQLite store pool, lazy indexer (grammars load on the first index), lexical index cache,
 * optional Voyage dense ranking, snapshot selection and caps, locks and the command rate limiter. The app, the CLI's
 * `triage` and the Action all call it, so a comment is the same whichever way it came.
 */
export function createTriageRuntime(config: TriageRuntimeConfig): TriageRuntime {
  const { log, dataDir } = config;
  const clock = config.clock ?? { now: () => Date.now() };
  const limits = config.limits ?? {};
  const selection = {
    maxFiles: limits.maxFiles ?? DEFAULT_SNAPSHOT_LIMITS.maxFiles,
    maxFileBytes: limits.maxFileBytes ?? DEFAULT_SNAPSHOT_LIMITS.maxFileBytes,
  };
  const voyage = config.voyage;
  const dense = voyage
    ? createStoreDense({
      createEmbedder: (onRequest) => createVoyageEmbedder({
        apiKey: voyage.apiKey,
        ...(voyage.baseUrl ? { baseUrl: voyage.baseUrl } : {}),
        onRequest: (o) => {
          onRequest(o);
          config.onVoyageRequest?.(o);
        },
        logger: log,
      }),
      clock,
      logger: log,
    })
    : undefined;
  const repoIndex = createStoreRepoIndex({
    dataDir,
    pool: createStorePool({ dataDir, maxOpen: config.maxOpenStores ?? 16, log, ...(dense ? { onClosing: (store) => void dense.release(store) } : {}) }),
    ...(dense ? { dense } : {}),
    ...(config.sourceRoot ? { sourceRoot: config.sourceRoot } : {}),
    log,
    indexer: createLazyIndexer(() => createIndexer(undefined, { threads: config.indexThreads ?? defaultIndexThreads() })),
    lexical: createLexicalIndexCache(),
    clock,
    selection,
  });
  const commands = config.commands ?? DEFAULT_COMMAND_LIMIT;
  const runtime: TriageRuntime = {
    indexer: repoIndex,
    ranker: repoIndex,
    snapshot: {
      selector: createIndexEntrySelector(),
      limits: { ...DEFAULT_SNAPSHOT_LIMITS, ...selection, maxBytes: limits.maxSnapshotBytes ?? DEFAULT_SNAPSHOT_LIMITS.maxBytes },
    },
    clock,
    repoLock: createKeyedLock(),
    issueLock: createKeyedLock(),
    commandLimiter: createRateLimiter({ limit: commands.limit, windowMs: commands.windowMs, clock, ...(config.commands?.seed ? { seed: config.commands.seed } : {}) }),
    ...(dense ? { dense } : {}),
    keepSnapshot: dense !== undefined,
    dataDir,
    issueTypeModels: createIssueTypeModels({ dataDir, clock }),
    triageDeps(gateway, options) {
      return {
        gateway,
        indexer: runtime.indexer,
        ranker: runtime.ranker,
        repoLock: runtime.repoLock,
        issueLock: runtime.issueLock,
        dataDir,
        clock,
        log: options.log,
        webBaseUrl: options.webBaseUrl,
        issueTypeModels: runtime.issueTypeModels,
        ...(runtime.keepSnapshot ? { keepSnapshot: true } : {}),
      };
    },
  };
  return runtime;
}

/**
 * The installation id under which the CLI and the Action store a repository's index: they act for one token, not for
 * an app installation, and their data folder is their own (the CLI's cache, the workflow's runner), so one fixed id
 * keeps the app's layout (src/triage/data-layout.ts) without inventing a second one.
 */
export const LOCAL_INSTALLATION_ID = 1;
