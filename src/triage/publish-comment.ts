import type { TriageDeps, TriageOutcome, TriageRequest } from "./triage-issue.js";

/**
 * Upserts one marker comment on the request's issue, or only logs it in dry-run mode; a locked issue gets nothing.
 * `what` names the comment in the dry-run log line ("help", "stats").
 */
export async function publishComment(
  deps: Pick<TriageDeps, "gateway" | "log">,
  request: Pick<TriageRequest, "issue" | "settings">,
  comment: { readonly marker: string; readonly body: string; readonly what: string },
): Promise<TriageOutcome> {
  const { issue, settings } = request;
  const { marker, body, what } = comment;
  if (settings.dry_run) {
    deps.log.info({ issue: issue.number, body }, `dry run: ${what} not posted`);
    return { kind: "dry-run", body };
  }
  if (issue.locked) return { kind: "locked" };
  const upsert = await deps.gateway.upsertComment(issue.number, marker, body);
  return upsert === "locked" ? { kind: "locked" } : { kind: "posted", upsert, body };
}
