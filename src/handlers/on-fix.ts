import type { Context } from "probot";
import { createFixGateway } from "../github/fix-gateway.js";
import { fetchCommentReactions } from "../github/fetch-comment-reactions.js";
import { COMMENT_MARKER } from "../triage/render-comment.js";
import { recordFeedback } from "../triage/record-feedback.js";
import { learnFromClosedIssue, learnFromMergedPull, type LearnDeps } from "../triage/learn-from-fix.js";
import type { RepoKey } from "../triage/ports.js";
import { summarizeError } from "../triage/summarize-error.js";
import { repoKeyOf, type AppDeps } from "./app-deps.js";

/** `pull_request.closed` with `merged`: learn the outcome of every issue of this repository the pull request closes. */
export function onPullRequestMerged(deps: AppDeps) {
  return async (context: Context<"pull_request.closed">): Promise<void> => {
    const { payload } = context;
    const key = repoKeyOf(payload);
    const pull = payload.pull_request;
    if (!key || !pull.merged || !pull.merged_at) return;
    const learn = learnDepsFor(deps, context, key);
    if (!learn) return;
    await learnFromMergedPull(learn, key, {
      repository: payload.repository.full_name,
      number: pull.number,
      mergedAt: pull.merged_at,
      changedFiles: pull.changed_files ?? 0,
      baseCommit: pull.base.sha,
    });
  };
}

/**
 * `issues.closed`: count the readers' 👍 and 👎 on BugScout's comment (however it closed); as completed, also keep
 * the labels it was closed with (area label accuracy) and learn from the merged pull requests that closed it.
 */
export function onIssueClosed(deps: AppDeps) {
  return async (context: Context<"issues.closed">): Promise<void> => {
    const { payload } = context;
    const key = repoKeyOf(payload);
    if (!key || payload.issue.pull_request) return;
    if (deps.records) {
      const repo = { owner: key.owner, repo: key.repo };
      await recordFeedback({
        records: deps.records,
        fetchReactions: (issueNumber) => fetchCommentReactions(context.octokit, repo, issueNumber, COMMENT_MARKER),
        clock: deps.clock,
        log: context.log,
      }, key, payload.issue.number);
    }
    if (payload.issue.state_reason === "not_planned") return;
    const labels = (payload.issue.labels ?? []).map((l) => (typeof l === "string" ? l : l.name)).filter((l): l is string => typeof l === "string");
    await deps.records?.recordClosedLabels(key, payload.issue.number, labels.slice(0, 100)).catch((err: unknown) => {
      context.log.warn({ issue: payload.issue.number, err: summarizeError(err) }, "closing labels not recorded");
    });
    const learn = learnDepsFor(deps, context, key);
    if (!learn) return;
    const { number, title, body } = payload.issue;
    await learnFromClosedIssue(learn, key, { number, title, body: body ?? "" });
  };
}

function learnDepsFor(deps: AppDeps, context: Pick<Context, "octokit" | "log">, key: RepoKey): LearnDeps | undefined {
  const records = deps.records;
  if (!records) return undefined;
  return {
    records,
    fixes: createFixGateway(context.octokit, { owner: key.owner, repo: key.repo }),
    clock: deps.clock,
    log: context.log,
    onForbidden(k) {
      if (deps.notices && !deps.notices.first(`pull-requests-forbidden:${k.installationId}`)) return;
      context.log.warn({ installationId: k.installationId },
        "the app may not read pull requests (grant `pull_requests: read` in the app's permissions): fix outcomes are not learned; ranking works as before");
    },
  };
}
