import type { Context } from "probot";
import { readSettings } from "../github/read-settings.js";
import { skipReason } from "../triage/should-triage.js";
import { triageIssue } from "../triage/triage-issue.js";
import { createdAt, repoKeyOf, triageDepsFor, type AppDeps } from "./app-deps.js";

/** `issues.opened` and `issues.labeled`: rank the issue and upsert the comment, when the settings say so. */
export function onIssue(deps: AppDeps) {
  return async (context: Context<"issues.opened" | "issues.labeled">): Promise<void> => {
    const { payload } = context;
    const key = repoKeyOf(payload);
    if (!key) return;
    const { settings, problems } = await readSettings(context);
    const skip = skipReason(settings, {
      action: payload.action,
      ...(payload.action === "labeled" && payload.label ? { label: payload.label.name } : {}),
      labels: (payload.issue.labels ?? []).map((l) => (typeof l === "string" ? l : l.name)),
      authorIsBot: payload.issue.user?.type === "Bot",
      open: payload.issue.state !== "closed",
    });
    if (skip) {
      context.log.debug({ issue: payload.issue.number, skip }, "issue skipped");
      return;
    }
    await triageIssue(triageDepsFor(deps, context, key), {
      key,
      defaultBranch: payload.repository.default_branch,
      issue: {
        number: payload.issue.number,
        title: payload.issue.title,
        body: payload.issue.body ?? "",
        locked: payload.issue.locked === true,
        ...createdAt(payload.issue.created_at),
      },
      settings,
      problems,
    });
  };
}
