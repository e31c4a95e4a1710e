import type { AppDeps } from "../handlers/app-deps.js";
import type { BackgroundQueue } from "../triage/background-queue.js";
import type { TriageRuntime } from "./create-triage-runtime.js";

/** What the handlers need beyond the runtime: the entry point's web root, version, queue and adjustments. */
export type AppDepsExtras = Pick<AppDeps, "webBaseUrl" | "version" | "adjustSettings" | "localTree" | "records" | "notices" | "historyDocs" | "pushDeltaMaxFiles" | "rethrowErrors" | "editSettleMs" | "onTriaged" | "problemReporter"> & {
  readonly background: BackgroundQueue;
};

/** The handlers' dependencies over the shared runtime, for the app's src/index.ts and the Action alike. */
export function createAppDeps(runtime: TriageRuntime, extras: AppDepsExtras): AppDeps {
  return {
    indexer: runtime.indexer,
    ranker: runtime.ranker,
    snapshot: runtime.snapshot,
    dataDir: runtime.dataDir,
    clock: runtime.clock,
    repoLock: runtime.repoLock,
    issueLock: runtime.issueLock,
    commandLimiter: runtime.commandLimiter,
    keepSnapshot: runtime.keepSnapshot,
    issueTypeModels: runtime.issueTypeModels,
    ...extras,
  };
}
