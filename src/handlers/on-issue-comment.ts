import type { Context } from "probot";
import { githubTypeOf } from "../github/github-issue-type.js";
import { answerCommand } from "../triage/answer-command.js";
import { repoKeyString } from "../triage/data-layout.js";
import { parseCommand } from "../triage/parse-command.js";
import { isolateExtra } from "../triage/isolate-extra.js";
import { mayRunCommands } from "../triage/should-triage.js";
import { stopsBugScout } from "../triage/parse-settings.js";
import { reportStoppedRepo } from "../triage/report-stopped.js";
import { createdAt, labelNames, problemDepsFor, readEventSettings, repoKeyOf, triageDepsFor, type AppDeps } from "./app-deps.js";

/**
 * `issue_comment.created` with a `/bugscout` command: only people the settings allow, within the per-repository
 * rate limit; acknowledged with a reaction, answered by editing the BugScout comment (or the help comment).
 * Edited comments are not subscribed to, so editing a command does not run it again.
 */
export function onIssueComment(deps: AppDeps) {
  return async (context: Context<"issue_comment.created">): Promise<void> => {
    const { payload } = context;
    const { comment, issue } = payload;
    if (payload.sender.type === "Bot" || comment.user?.type === "Bot" || issue.pull_request) return;
    const command = parseCommand(comment.body ?? "");
    const key = repoKeyOf(payload);
    if (!command || !key || !comment.user) return;
    const parsed = await readEventSettings(deps, context, key);
    const { settings, problems } = parsed;
    // Settings that stop BugScout leave one command: a maintainer's `/bugscout help`, which says why.
    const stopped = stopsBugScout(problems);
    if (stopped && command.kind !== "help") {
      const report = problemDepsFor(deps, context, key);
      await reportStoppedRepo({ log: context.log, ...(report ? { problems: report } : {}) }, { key, defaultBranch: payload.repository.default_branch, parsed });
      return;
    }
    if (!stopped && (!settings.enabled || !settings.commands.enabled)) return;
    const allow = stopped ? "maintainers" : settings.commands.allow;
    const triage = triageDepsFor(deps, context, key);
    const isAuthor = issue.user?.id === comment.user.id;
    const role = allow === "author" && isAuthor ? "none" : await triage.gateway.fetchRole(comment.user.login);
    if (!mayRunCommands(allow, role, isAuthor)) {
      context.log.info({ issue: issue.number, role }, "command refused: not allowed by settings");
      return;
    }
    if (!(await deps.commandLimiter.take(repoKeyString(key)))) {
      context.log.warn({ issue: issue.number }, "command refused: repository rate limit");
      return;
    }
    // The 👀 only acknowledges the command: the answer goes out without it.
    await isolateExtra(triage, "reaction", { issue: issue.number }, () => triage.gateway.reactToComment(comment.id, "eyes"), undefined);
    const outcome = await answerCommand(triage, {
      key,
      defaultBranch: payload.repository.default_branch,
      issue: { number: issue.number, title: issue.title, body: issue.body ?? "", locked: issue.locked === true, labels: labelNames(issue.labels), ...githubTypeOf(issue), ...createdAt(issue.created_at) },
      settings,
      problems,
      command,
      ...(stopped ? { stoppedBy: problems.filter((p) => p.level === "error") } : {}),
    });
    deps.onTriaged?.(outcome);
  };
}
