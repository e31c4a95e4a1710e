import type { ParsedSettings } from "./parse-settings.js";
import type { Log, RepoGateway, RepoKey } from "./ports.js";
import { reportRepoProblems, type RepoProblemsDeps } from "./report-repo-problems.js";
import { summarizeError } from "./summarize-error.js";

/**
 * An event found settings that stop BugScout: it does nothing on the issue, says so in the log, and reports the
 * problems on the default branch's head (once per distinct list) where the repository's authors look. Never throws.
 */
export async function reportStoppedRepo(
  deps: { readonly log: Log; readonly problems?: RepoProblemsDeps & { readonly gateway: Pick<RepoGateway, "fetchBranchHead"> } },
  request: { readonly key: RepoKey; readonly defaultBranch: string; readonly parsed: ParsedSettings },
): Promise<void> {
  const errors = request.parsed.problems.filter((p) => p.level === "error");
  deps.log.warn({ problems: errors.length, first: errors[0]?.message.slice(0, 200) }, "settings not understood: BugScout is stopped on this repository until they are fixed");
  if (!deps.problems) return;
  let commit: string;
  try {
    commit = await deps.problems.gateway.fetchBranchHead(request.defaultBranch);
  } catch (err) {
    deps.log.warn({ err: summarizeError(err) }, "default branch not read: settings problems not reported");
    return;
  }
  await reportRepoProblems(deps.problems, { key: request.key, commit, parsed: request.parsed });
}
