import { setTimeout as sleep } from "node:timers/promises";
import type { Context } from "probot";
import { githubTypeOf } from "../github/github-issue-type.js";
import { typeFromLabels } from "../issue-type/label-types.js";
import { skipReason } from "../triage/should-triage.js";
import { triageIssue } from "../triage/triage-issue.js";
import { stopsBugScout } from "../triage/parse-settings.js";
import { reportStoppedRepo } from "../triage/report-stopped.js";
import { createdAt, labelNames, problemDepsFor, readEventSettings, repoKeyOf, triageDepsFor, type AppDeps } from "./app-deps.js";

/**
 * `issues.opened`, `issues.labeled`, `issues.edited` (title or body) and `issues.typed` (a GitHub issue type naming a
 * kind `trigger.types` answers): rank the issue and upsert the comment, with its labels and owners, when the settings say so. Settings that stop BugScout (a file it cannot read, a safety key
 * it does not understand) leave the issue alone; their problems are reported, not commented. An edit first waits `editSettleMs`, so that a burst of edits is
 * ranked once, on its last text (the use-case skips a delivery whose text is no longer the issue's).
 */
export function onIssue(deps: AppDeps) {
  return async (context: Context<"issues.opened" | "issues.labeled" | "issues.edited" | "issues.typed">): Promise<void> => {
    const { payload } = context;
    const key = repoKeyOf(payload);
    if (!key) return;
    const parsed = await readEventSettings(deps, context, key);
    if (stopsBugScout(parsed.problems)) {
      const problems = problemDepsFor(deps, context, key);
      await reportStoppedRepo({ log: context.log, ...(problems ? { problems } : {}) }, { key, defaultBranch: payload.repository.default_branch, parsed });
      return;
    }
    const { settings, problems } = parsed;
    const edited = payload.action === "edited";
    const labels = labelNames(payload.issue.labels);
    const { githubType } = githubTypeOf(payload.issue);
    const typedKind = payload.action === "typed" && githubType ? typeFromLabels([githubType], settings.issue_types.labels) : undefined;
    const skip = skipReason(settings, {
      action: payload.action,
      ...(payload.action === "labeled" && payload.label ? { label: payload.label.name } : {}),
      ...(typedKind ? { typedKind } : {}),
      labels,
      authorIsBot: payload.issue.user?.type === "Bot",
      open: payload.issue.state !== "closed",
      ...(edited ? { textChanged: payload.changes?.title !== undefined || payload.changes?.body !== undefined, senderIsBot: payload.sender.type === "Bot" } : {}),
    });
    if (skip) {
      context.log.debug({ issue: payload.issue.number, skip }, "issue skipped");
      return;
    }
    if (edited && deps.editSettleMs) await sleep(deps.editSettleMs);
    const outcome = await triageIssue(triageDepsFor(deps, context, key), {
      key,
      defaultBranch: payload.repository.default_branch,
      issue: {
        number: payload.issue.number,
        title: payload.issue.title,
        body: payload.issue.body ?? "",
        locked: payload.issue.locked === true,
        labels,
        ...(githubType ? { githubType } : {}),
        ...createdAt(payload.issue.created_at),
      },
      settings,
      problems,
      ...(edited ? { edited: true } : {}),
    });
    deps.onTriaged?.(outcome);
  };
}
