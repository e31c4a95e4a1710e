import type { GitHubClient } from "../github/github-client.js";
import { readSettings } from "../github/read-settings.js";
import { createRoutingGateway } from "../github/routing-gateway.js";
import { LOCAL_INSTALLATION_ID } from "../compose/create-triage-runtime.js";
import type { Log } from "../triage/ports.js";
import { reportRepoProblems } from "../triage/report-repo-problems.js";
import type { AnnotationReporter } from "./annotation-reporter.js";

/** Pull request actions that bring new commits (or a first look) to check. */
const PULL_ACTIONS = new Set(["opened", "synchronize", "reopened"]);

/**
 * The commit whose settings a `pull_request` or `push` run checks: the pull request's head, or the pushed commit;
 * undefined for an event that is not one of these (or lacks the commit).
 */
export function settingsCommitOf(eventName: string, action: string, payload: Record<string, unknown>): string | undefined {
  const sha = (value: unknown) => (typeof value === "string" && /^[0-9a-f]{40}$/i.test(value) ? value : undefined);
  if (eventName === "pull_request" && PULL_ACTIONS.has(action)) return sha((payload.pull_request as { head?: { sha?: unknown } } | undefined)?.head?.sha);
  if (eventName === "push" && payload.deleted !== true) return sha(payload.after);
  return undefined;
}

/**
 * A workflow run on a pull request or a push checks the settings at that commit, as the App's check run would: the
 * repository's `.github/bugscout.yml` (with `_extends` and the owner's fallback), the labeler.yml and CODEOWNERS it
 * reads, and the map labels the repository lacks — annotations at their lines, the job summary, and exit code 1 when
 * a problem stops BugScout (so a pull request breaking the file fails its check).
 */
export async function checkSettingsEvent(
  deps: { readonly client: GitHubClient; readonly reporter: AnnotationReporter; readonly log: Log },
  repo: { readonly owner: string; readonly repo: string },
  commit: string,
): Promise<number> {
  const parsed = await readSettings(deps.client, repo, commit);
  const key = { installationId: LOCAL_INSTALLATION_ID, ...repo };
  const gateway = createRoutingGateway(deps.client, repo);
  const result = await reportRepoProblems({ gateway, reporter: deps.reporter, log: deps.log }, { key, commit, parsed, always: true });
  if (result === "failed") return 1;
  if (deps.reporter.stopped()) return 1;
  deps.log.info({ commit }, "settings checked");
  return 0;
}
