import { escapeMarkdown, inlineCode } from "./escape-markdown.js";
import type { SettingsProblem } from "./parse-settings.js";
import type { Settings } from "./settings-schema.js";

/** Hidden first line of the one help comment per issue (kept apart from the ranking comment). */
export const HELP_MARKER = "<!-- bugscout:help -->";

const WHO: Record<Settings["commands"]["allow"], string> = {
  maintainers: "people with write, maintain or admin access",
  collaborators: "people with triage, write, maintain or admin access",
  author: "people with triage access or more, and the issue's author",
};

/** Settings errors named in a help answer at most; the check run lists them all. */
const MAX_STOPPED_SHOWN = 5;

/**
 * Renders the `/bugscout help` answer; `errors` (from a malformed command) are listed first. With `stoppedBy`, the
 * settings problems that stop BugScout on the repository, the answer says so first and names them. Pure.
 */
export function renderHelp(allow: Settings["commands"]["allow"], errors: readonly string[] = [], stoppedBy?: readonly SettingsProblem[]): string {
  const problems = errors.length > 0
    ? [`That command could not be read:\n${errors.map((e) => `- ${escapeMarkdown(e.replace(/`/g, ""), 200)}`).join("\n")}`]
    : [];
  if (stoppedBy) problems.unshift(renderStopped(stoppedBy));
  const usage = [
    `**BugScout commands** (for ${WHO[allow]}):`,
    [
      "- `/bugscout` ranks the files again from the issue's current title and body, plus any words you add as hints.",
      "- `/bugscout top=N` lists N files (1 to 20).",
      "- `/bugscout mode=auto|bm25|dense|hybrid` picks the ranking mode.",
      "- `/bugscout path:src/api` only considers files under `src/api`; `-path:test` leaves `test` out.",
      "- `/bugscout stats` shows how often BugScout's suggestions matched the files that fixes changed here.",
      "- `/bugscout help` shows this message.",
    ].join("\n"),
    "Example: `/bugscout top=3 path:src/billing the total goes negative after a refund`",
  ];
  return `${[HELP_MARKER, ...problems, ...usage].join("\n\n")}\n`;
}

function renderStopped(problems: readonly SettingsProblem[]): string {
  const lines = problems.slice(0, MAX_STOPPED_SHOWN).map((p) => {
    const where = [p.file ? inlineCode(p.file, 120) : "`.github/bugscout.yml`", p.line ? `line ${p.line}` : "", p.path !== "(file)" ? inlineCode(p.path, 60) : ""];
    return `- ${where.filter((w) => w !== "").join(" ")}: ${escapeMarkdown(p.message, 200)}`;
  });
  return [
    "**BugScout is stopped on this repository** until its settings are fixed: it comments, labels and assigns nothing (only this help answers).",
    ...lines,
    ...(problems.length > MAX_STOPPED_SHOWN ? [`- …and ${problems.length - MAX_STOPPED_SHOWN} more`] : []),
  ].join("\n");
}
