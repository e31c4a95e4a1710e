import type { Outcome, RecordStats } from "../records/record-store.js";
import { bestRank } from "../records/record-store.js";
import { inlineCode } from "./escape-markdown.js";

/** Hidden first line of the one `/bugscout stats` comment per issue. */
export const STATS_MARKER = "<!-- bugscout:stats -->";

/** Below this many scored fixes the accuracy footer says nothing: a rate over a handful of issues misleads. */
export const MIN_OUTCOMES_FOR_FOOTER = 10;

/** What the stats comment shows. */
export interface StatsInput {
  readonly recent: RecordStats;
  readonly allTime: RecordStats;
  /** Length of the recent window, in days. */
  readonly days: number;
  readonly outcomes: readonly Outcome[];
  /** `https://github.com/<owner>/<repo>` (or the GHE equivalent), for links to issues and pull requests. */
  readonly repoUrl: string;
}

/** Renders the `/bugscout stats` answer. Pure: the same figures give the same body. */
export function renderStats(input: StatsInput): string {
  const { recent, allTime } = input;
  const row = (label: string, pick: (s: RecordStats) => string) => `| ${label} | ${pick(recent)} | ${pick(allTime)} |`;
  const table = [
    `| | Last ${input.days} days | All time |`,
    "| --- | --- | --- |",
    row("Issues ranked", (s) => String(s.issuesRanked)),
    row("Fixed issues seen", (s) => String(s.fixedIssues)),
    row("Scored (ranked, and the fix changed a file BugScout could suggest)", (s) => String(s.scored)),
    row("Hit@1: a changed file ranked first", (s) => share(s.hit1, s.scored)),
    row("Hit@5: a changed file in the top 5", (s) => share(s.hit5, s.scored)),
    row("Not ranked: no changed file listed", (s) => share(s.notRanked, s.scored)),
    // Readers' reactions on the comment, counted once when its issue closed: beside the accuracy, not part of it.
    row("Readers' 👍 / 👎 on the comment (counted when the issue closed)", (s) => `${s.feedback.up} / ${s.feedback.down}`),
    // Area labels, where the repository has a map (labeler.yml, labels.areas): scoreLabelAccuracy says how they count.
    ...(recent.labels || allTime.labels ? [
      row("Closed issues carrying an area label of the map", (s) => String(s.labels?.carried ?? 0)),
      row("Area label chosen by BugScout for them", (s) => share(s.labels?.labelled ?? 0, s.labels?.carried ?? 0)),
      row("BugScout's label was the issue's", (s) => share(s.labels?.right ?? 0, s.labels?.labelled ?? 0)),
    ] : []),
  ].join("\n");
  const recentList = input.outcomes.length === 0
    ? "No fixed issue seen yet: outcomes are learned when a merged pull request closes an issue BugScout ranked."
    : `Most recent outcomes:\n${input.outcomes.map((o) => `- ${renderOutcome(o, input.repoUrl)}`).join("\n")}`;
  return `${[STATS_MARKER, "**BugScout on this repository**", table, recentList].join("\n\n")}\n`;
}

/**
 * The one-line footer of `comment.show_accuracy`, or undefined below {@link MIN_OUTCOMES_FOR_FOOTER} scored fixes.
 * Plain words only: comment notes are escaped.
 */
export function accuracyNote(stats: RecordStats): string | undefined {
  if (stats.scored < MIN_OUTCOMES_FOR_FOOTER) return undefined;
  return `Measured on this repository: for ${stats.hit1} of ${stats.scored} fixed issues a file the fix changed was ranked first, ` +
    `for ${stats.hit5} it was in the top 5 (comment /bugscout stats for details).`;
}

function renderOutcome(o: Outcome, repoUrl: string): string {
  const head = `[#${o.issueNumber}](${repoUrl}/issues/${o.issueNumber}) fixed by [#${o.pullNumber}](${repoUrl}/pull/${o.pullNumber})`;
  if (o.status === "no-reachable-file") return `${head}: no reachable file (the fix only changed tests or added files)`;
  if (o.status === "no-prediction") return `${head}: BugScout had not ranked this issue`;
  const best = bestRank(o);
  if (best === null) return `${head}: not ranked (${o.files.slice(0, 3).map((f) => inlineCode(f.path, 100)).join(", ")})`;
  const file = o.files.find((f) => f.rank === best)!;
  return `${head}: ${inlineCode(file.path, 100)} ranked ${best}`;
}

function share(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${Math.round((100 * part) / whole)}% (${part}/${whole})`;
}
