import { escapeMarkdown } from "./escape-markdown.js";
import type { Settings } from "./settings-schema.js";

/** Hidden first line of the one help comment per issue (kept apart from the ranking comment). */
export const HELP_MARKER = "<!-- bugscout:help -->";

const WHO: Record<Settings["commands"]["allow"], string> = {
  maintainers: "people with write, maintain or admin access",
  collaborators: "people with triage, write, maintain or admin access",
  author: "people with triage access or more, and the issue's author",
};

/** Renders the `/bugscout help` answer; `errors` (from a malformed command) are listed first. Pure. */
export function renderHelp(allow: Settings["commands"]["allow"], errors: readonly string[] = []): string {
  const problems = errors.length > 0
    ? [`That command could not be read:\n${errors.map((e) => `- ${escapeMarkdown(e.replace(/`/g, ""), 200)}`).join("\n")}`]
    : [];
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
