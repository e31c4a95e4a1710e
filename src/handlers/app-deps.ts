import type { IssueTypeModels } from "../triage/find-issue-type.js";
import type { Context } from "probot";
import { createRepoGateway, type SnapshotOptions } from "../github/create-repo-gateway.js";
import type { GitHubClient, RepoRef } from "../github/github-client.js";
import { readSettings } from "../github/read-settings.js";
import type { ProblemReporter } from "../triage/problem-ports.js";
import type { RepoProblemsDeps } from "../triage/report-repo-problems.js";
import type { RecordStore } from "../records/record-store.js";
import { stopsBugScout, type ParsedSettings } from "../triage/parse-settings.js";
import type { Settings } from "../triage/settings-schema.js";
import type { BackgroundQueue } from "../triage/background-queue.js";
import type { KeyedLock } from "../triage/keyed-lock.js";
import type { NoticeOnce } from "../triage/notice-once.js";
import type { HistoryDocCache } from "../triage/history-doc-cache.js";
import type { Clock, IssueRanker, RepoGateway, RepoIndexer, RepoKey } from "../triage/ports.js";
import type { RateLimiter } from "../triage/rate-limit.js";
import type { TriageDeps, TriageOutcome } from "../triage/triage-issue.js";
import { readTreeFile } from "../index/read-tree-file.js";
import type { ExtraFailureSink } from "../triage/isolate-extra.js";

/** Everything the handlers need, built once by src/index.ts (or a test) and passed to createApp. */
export interface AppDeps {
  readonly indexer: RepoIndexer;
  readonly ranker: IssueRanker;
  readonly snapshot: SnapshotOptions;
  readonly dataDir: string;
  /** `https://github.com` or the GitHub Enterprise web root, for file links. */
  readonly webBaseUrl: string;
  readonly clock: Clock;
  readonly repoLock: KeyedLock;
  readonly issueLock: KeyedLock;
  /** Per-repository limit on `/bugscout` commands. */
  readonly commandLimiter: RateLimiter;
  /** Index refreshes after pushes run here, after the webhook is answered. */
  readonly background: BackgroundQueue;
  /** Reported by the health route. */
  readonly version: string;
  /** Predictions and fix outcomes (durable); without it nothing is recorded or learned and `/bugscout stats` says so. */
  readonly records?: RecordStore;
  /** Conditions that last (a missing permission) are logged once per installation through it. */
  readonly notices?: NoticeOnce;
  /** Prepared past fixes for the similar-past-fixes signal, kept between rankings. */
  readonly historyDocs?: HistoryDocCache;
  /** The issue-type classifier adapted per repository; absent: the shipped one everywhere. */
  readonly issueTypeModels?: IssueTypeModels;
  /** Keep the indexed snapshot for background embedding (on when dense ranking is configured). */
  readonly keepSnapshot?: boolean;
  /** The Action's inputs (top-k, mode, budget-ms, dry-run) applied over the repository's settings; the app has none. */
  readonly adjustSettings?: (settings: Settings) => Settings;
  /** A checkout of `commit` to index in place of a download (the Action's workspace); the app has none. */
  readonly localTree?: (commit: string) => string | undefined;
  /** Pass handler failures on after logging them (the queue worker retries transient ones). */
  readonly rethrowErrors?: boolean;
  /** A push changing at most this many files is applied as a delta instead of a tarball (0: never). */
  readonly pushDeltaMaxFiles?: number;
  /**
   * How long an `issues.edited` delivery waits before ranking, so that a burst of edits (a reporter fixing typos) is
   * ranked once, on the last text; 0 or absent: at once (the Action: each edit is its own workflow run).
   */
  readonly editSettleMs?: number;
  /** Sees what each automatic triage did (the Action writes its step outputs from it). */
  readonly onTriaged?: (outcome: TriageOutcome) => void;
  /** Counts an extra (routing, its maps, a reaction, a source map) that failed without costing the comment. */
  readonly onExtraFailure?: ExtraFailureSink;
  /** How long an extra may take before the comment goes out without it (default 20 s; tests shorten it). */
  readonly extraTimeoutMs?: number;
  /**
   * Where a repository's settings and map problems are published: the App's "BugScout settings" check run, the
   * Action's annotations and job summary. Absent: they are only logged.
   */
  readonly problemReporter?: (client: GitHubClient, repo: RepoRef) => ProblemReporter;
}

/** The payload fields every repository event carries. */
export interface RepoPayload {
  readonly installation?: { readonly id: number };
  readonly repository: { readonly name: string; readonly full_name: string; readonly default_branch: string };
}

/** The storage key of the event's repository, or undefined for an event without an installation. */
export function repoKeyOf(payload: RepoPayload): RepoKey | undefined {
  const installationId = payload.installation?.id;
  const [owner] = payload.repository.full_name.split("/");
  if (installationId === undefined || !owner) return undefined;
  return { installationId, owner, repo: payload.repository.name };
}

/** The triage use-case's dependencies for one event: a gateway over the event's installation client and logger. */
export function triageDepsFor(deps: AppDeps, context: Pick<Context, "octokit" | "log">, key: RepoKey): TriageDeps {
  return {
    gateway: withLocalTree(createRepoGateway(context.octokit, { owner: key.owner, repo: key.repo }, deps.snapshot), deps.localTree),
    indexer: deps.indexer,
    ranker: deps.ranker,
    repoLock: deps.repoLock,
    issueLock: deps.issueLock,
    dataDir: deps.dataDir,
    clock: deps.clock,
    log: context.log,
    webBaseUrl: deps.webBaseUrl,
    ...(deps.records ? { records: deps.records } : {}),
    ...(deps.historyDocs ? { historyDocs: deps.historyDocs } : {}),
    ...(deps.issueTypeModels ? { issueTypeModels: deps.issueTypeModels } : {}),
    ...(deps.keepSnapshot ? { keepSnapshot: true } : {}),
    ...(deps.onExtraFailure ? { onExtraFailure: deps.onExtraFailure } : {}),
    ...(deps.extraTimeoutMs ? { extraTimeoutMs: deps.extraTimeoutMs } : {}),
    ...(deps.problemReporter ? { reporter: deps.problemReporter(context.octokit, { owner: key.owner, repo: key.repo }) } : {}),
  };
}

/** The problem report's dependencies for one event, or undefined when the entry point publishes none. */
export function problemDepsFor(deps: AppDeps, context: Pick<Context, "octokit" | "log">, key: RepoKey): (RepoProblemsDeps & { readonly gateway: Pick<RepoGateway, "fetchBranchHead"> }) | undefined {
  if (!deps.problemReporter) return undefined;
  const repo = { owner: key.owner, repo: key.repo };
  return {
    gateway: createRepoGateway(context.octokit, repo, deps.snapshot),
    reporter: deps.problemReporter(context.octokit, repo),
    log: context.log,
    ...(deps.records ? { ledger: deps.records } : {}),
  };
}

/** The gateway with the entry point's checkout (the Action's workspace): its files are read there, not from GitHub. */
function withLocalTree<G extends RepoGateway>(gateway: G, localTree: AppDeps["localTree"]): G {
  if (!localTree) return gateway;
  const remote = gateway.readFile;
  return {
    ...gateway,
    localTree,
    readFile(commit, path, maxBytes) {
      const root = localTree(commit);
      return root !== undefined ? readTreeFile(root, path, maxBytes) : remote ? remote.call(gateway, commit, path, maxBytes) : Promise.resolve(undefined);
    },
  };
}

/**
 * The event's repository settings (`.github/bugscout.yml` on the default branch), with the entry point's adjustments
 * applied (never to settings that stop BugScout: an input cannot make a broken file act).
 */
export async function readEventSettings(deps: AppDeps, context: Pick<Context, "octokit">, key: RepoKey): Promise<ParsedSettings> {
  const parsed = await readSettings(context.octokit, { owner: key.owner, repo: key.repo });
  return deps.adjustSettings && !stopsBugScout(parsed.problems) ? { settings: deps.adjustSettings(parsed.settings), problems: parsed.problems } : parsed;
}

/** `{ createdAt }` in ms from an event's ISO `created_at`, or nothing when it is missing or unreadable. */
export function createdAt(iso: string | undefined | null): { createdAt?: number } {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? { createdAt: t } : {};
}

/** The label names of an event's issue (GitHub sends label objects; older payloads may hold plain names). */
export function labelNames(labels: readonly (string | { readonly name?: string | null })[] | undefined | null): string[] {
  return (labels ?? []).map((l) => (typeof l === "string" ? l : l.name ?? "")).filter((l) => l !== "");
}
