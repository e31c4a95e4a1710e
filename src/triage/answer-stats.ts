import { publishComment } from "./publish-comment.js";
import { STATS_MARKER, renderStats } from "./render-stats.js";
import type { TriageDeps, TriageOutcome, TriageRequest } from "./triage-issue.js";

/** The recent window of `/bugscout stats`. */
export const STATS_WINDOW_DAYS = 90;
/** Outcomes listed under the figures. */
const RECENT_OUTCOMES = 5;
const DAY_MS = 86_400_000;

/** `/bugscout stats`: upserts the one stats comment with this repository's figures (last 90 days and all time). */
export async function answerStats(deps: TriageDeps, request: Pick<TriageRequest, "key" | "issue" | "settings">): Promise<TriageOutcome> {
  const { key, issue, settings } = request;
  const repoUrl = `${deps.webBaseUrl}/${key.owner}/${key.repo}`;
  const body = deps.records
    ? renderStats({
      recent: await deps.records.readStats(key, deps.clock.now() - STATS_WINDOW_DAYS * DAY_MS),
      allTime: await deps.records.readStats(key, 0),
      days: STATS_WINDOW_DAYS,
      outcomes: await deps.records.recentOutcomes(key, RECENT_OUTCOMES),
      repoUrl,
    })
    : `${STATS_MARKER}\n\nThis BugScout installation keeps no records, so it has no figures to show.\n`;
  return publishComment(deps, { issue, settings }, { marker: STATS_MARKER, body, what: "stats" });
}
