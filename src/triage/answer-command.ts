import { answerStats } from "./answer-stats.js";
import { repoKeyString } from "./data-layout.js";
import type { Command } from "./parse-command.js";
import type { SettingsProblem } from "./parse-settings.js";
import { publishComment } from "./publish-comment.js";
import { HELP_MARKER, renderHelp } from "./render-help.js";
import { triageIssue, type TriageDeps, type TriageOutcome, type TriageRequest } from "./triage-issue.js";

/**
 * Answers a permitted `/bugscout` command: `help` (or a malformed command) upserts the one help comment, `stats`
 * the one stats comment; otherwise
 * the issue is ranked again with the command's options and the BugScout comment is edited in place.
 */
export async function answerCommand(
  deps: TriageDeps,
  request: Omit<TriageRequest, "command"> & {
    readonly command: Command;
    /** The settings problems that stop BugScout on the repository: only `help` is answered, and it names them. */
    readonly stoppedBy?: readonly SettingsProblem[];
  },
): Promise<TriageOutcome> {
  const { command, issue, settings } = request;
  if (command.kind === "rank") return triageIssue(deps, { ...request, command: command.options });
  // Under the issue's lock like a ranking: two commands arriving together would otherwise both find no help (or
  // stats) comment and post two.
  const lockKey = `${repoKeyString(request.key)}#${issue.number}`;
  if (command.kind === "stats") return deps.issueLock.run(lockKey, () => answerStats(deps, request));
  const body = renderHelp(request.stoppedBy ? "maintainers" : settings.commands.allow, command.kind === "invalid" ? command.errors : [], request.stoppedBy);
  return deps.issueLock.run(lockKey, () => publishComment(deps, { issue, settings }, { marker: HELP_MARKER, body, what: "help" }));
}
