import type { ApplicationFunction } from "probot";
import type { AppDeps } from "./handlers/app-deps.js";
import { withErrorBoundary } from "./handlers/error-boundary.js";
import { healthRoute } from "./handlers/health-route.js";
import { onIssueComment } from "./handlers/on-issue-comment.js";
import { onIssue } from "./handlers/on-issue.js";
import { onIssueClosed, onPullRequestMerged } from "./handlers/on-fix.js";
import { onPush } from "./handlers/on-push.js";
import { onInstallationDeleted, onRepositoriesRemoved } from "./handlers/on-uninstall.js";

/** The BugScout Probot app: registers the webhook handlers and the health route. Nothing else. */
export function createApp(deps: AppDeps): ApplicationFunction {
  return (app, options) => {
    options?.addHandler?.(healthRoute(deps.version));
    const rethrow = deps.rethrowErrors === true;
    app.on(["issues.opened", "issues.labeled", "issues.edited", "issues.typed"], withErrorBoundary(onIssue(deps), rethrow));
    app.on("issue_comment.created", withErrorBoundary(onIssueComment(deps), rethrow));
    app.on("pull_request.closed", withErrorBoundary(onPullRequestMerged(deps), rethrow));
    app.on("issues.closed", withErrorBoundary(onIssueClosed(deps), rethrow));
    app.on("push", withErrorBoundary(onPush(deps), rethrow));
    app.on("installation.deleted", withErrorBoundary(onInstallationDeleted(deps), rethrow));
    app.on("installation_repositories.removed", withErrorBoundary(onRepositoriesRemoved(deps), rethrow));
  };
}
