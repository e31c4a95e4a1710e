import type { Context } from "probot";
import { createRepoGateway } from "../github/create-repo-gateway.js";
import { readSettings } from "../github/read-settings.js";
import { repoKeyString } from "../triage/data-layout.js";
import { refreshIndex } from "../triage/refresh-index.js";
import { repoKeyOf, type AppDeps } from "./app-deps.js";

/** Changed paths passed on as a hint, at most; the payload itself lists at most 20 commits. */
const MAX_CHANGED_PATHS = 5_000;

/**
 * `push` to the default branch: refresh an existing index to the pushed commit in the background (the webhook is
 * answered at once). Repositories never indexed are left alone until their first issue.
 */
export function onPush(deps: AppDeps) {
  return async (context: Context<"push">): Promise<void> => {
    const { payload } = context;
    const key = repoKeyOf(payload);
    if (!key || payload.deleted || /^0+$/.test(payload.after)) return;
    if (payload.ref !== `refs/heads/${payload.repository.default_branch}`) return;
    const changedPaths = [...new Set(payload.commits.flatMap((c) => [...(c.added ?? []), ...(c.modified ?? []), ...(c.removed ?? [])]))]
      .slice(0, MAX_CHANGED_PATHS);
    deps.background.enqueue(
      repoKeyString(key),
      async () => {
        if ((await deps.indexer.indexState(key)) === undefined) return;
        const { settings } = await readSettings(context);
        if (!settings.enabled) return;
        const gateway = createRepoGateway(context.octokit, { owner: key.owner, repo: key.repo }, deps.snapshot);
        const refreshDeps = {
          gateway, indexer: deps.indexer, repoLock: deps.repoLock, dataDir: deps.dataDir, clock: deps.clock, log: context.log,
          ...(deps.keepSnapshot ? { keepSnapshot: true } : {}),
          ...(deps.pushDeltaMaxFiles ? { pushDeltaMaxFiles: deps.pushDeltaMaxFiles } : {}),
        };
        await refreshIndex(refreshDeps, { key, commit: payload.after, changedPaths, before: payload.before });
      },
      context.log,
    );
  };
}
