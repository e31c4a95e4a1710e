import type { Context } from "probot";
import { createRepoGateway } from "../github/create-repo-gateway.js";
import { readSettings } from "../github/read-settings.js";
import { repoKeyString } from "../triage/data-layout.js";
import { stopsBugScout } from "../triage/parse-settings.js";
import { readsSettingsFiles } from "../triage/settings-files.js";
import { refreshIndex } from "../triage/refresh-index.js";
import { reportRepoProblems } from "../triage/report-repo-problems.js";
import { problemDepsFor, repoKeyOf, type AppDeps } from "./app-deps.js";

/** Changed paths passed on as a hint, at most; the payload itself lists at most 20 commits. */
const MAX_CHANGED_PATHS = 5_000;

/**
 * `push` to the default branch: a push that changes a file BugScout reads (`.github/bugscout.yml`, labeler.yml,
 * CODEOWNERS) gets the "BugScout settings" check run on its commit, failing or passing; then an existing index is
 * refreshed to the pushed commit. Both run in the background (the webhook is answered at once). Repositories never
 * indexed are left alone until their first issue.
 */
export function onPush(deps: AppDeps) {
  return async (context: Context<"push">): Promise<void> => {
    const { payload } = context;
    const key = repoKeyOf(payload);
    if (!key || payload.deleted || /^0+$/.test(payload.after)) return;
    if (payload.ref !== `refs/heads/${payload.repository.default_branch}`) return;
    const changedPaths = [...new Set(payload.commits.flatMap((c) => [...(c.added ?? []), ...(c.modified ?? []), ...(c.removed ?? [])]))]
      .slice(0, MAX_CHANGED_PATHS);
    const problems = readsSettingsFiles(changedPaths) ? problemDepsFor(deps, context, key) : undefined;
    deps.background.enqueue(
      repoKeyString(key),
      async () => {
        const parsed = problems || (await deps.indexer.indexState(key)) !== undefined
          ? await readSettings(context.octokit, { owner: key.owner, repo: key.repo }, payload.after)
          : undefined;
        if (problems && parsed) await reportRepoProblems(problems, { key, commit: payload.after, parsed, always: true });
        if (!parsed || (await deps.indexer.indexState(key)) === undefined) return;
        const { settings } = parsed;
        if (!settings.enabled || stopsBugScout(parsed.problems)) return;
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
