import { escapeMarkdown, inlineCode } from "./escape-markdown.js";
import type { SettingsProblem } from "./parse-settings.js";

const MAX_SHOWN = 10;

/**
 * The "settings problems" section: one line per problem (at most 10), or undefined when there are none.
 * Keys and messages may echo the settings file, so both are escaped.
 */
export function renderProblems(problems: readonly SettingsProblem[]): string | undefined {
  if (problems.length === 0) return undefined;
  const lines = problems.slice(0, MAX_SHOWN).map((p) => `- ${inlineCode(p.path, 60)}: ${escapeMarkdown(p.message, 200)}`);
  if (problems.length > MAX_SHOWN) lines.push(`- …and ${problems.length - MAX_SHOWN} more`);
  return ["**Settings problems** in `.github/bugscout.yml` (defaults used instead):", ...lines].join("\n");
}
