import type { MapProblem } from "../route/area-map.js";
import { escapeMarkdown, inlineCode } from "./escape-markdown.js";
import type { SettingsProblem } from "./parse-settings.js";

const MAX_SHOWN = 10;
const SETTINGS_FILE = ".github/bugscout.yml";

/**
 * The problems sections: one per file (`.github/bugscout.yml` first, then the maps BugScout read: labeler.yml,
 * CODEOWNERS), one line per problem (at most 10 in all), or undefined when there are none. Keys and messages may
 * echo the files, so both are escaped.
 */
export function renderProblems(problems: readonly (SettingsProblem | MapProblem)[]): string | undefined {
  if (problems.length === 0) return undefined;
  const fileOf = (p: SettingsProblem | MapProblem) => ("file" in p ? p.file : SETTINGS_FILE);
  const files = [...new Set([SETTINGS_FILE, ...problems.map(fileOf)])].filter((f) => problems.some((p) => fileOf(p) === f));
  const sections: string[] = [];
  let shown = 0;
  for (const file of files) {
    const lines: string[] = [];
    for (const p of problems.filter((q) => fileOf(q) === file)) {
      if (shown >= MAX_SHOWN) break;
      lines.push(`- ${inlineCode(p.path, 60)}: ${escapeMarkdown(p.message, 200)}`);
      shown++;
    }
    if (lines.length === 0) continue;
    const heading = file === SETTINGS_FILE
      ? "**Settings problems** in `.github/bugscout.yml` (defaults used instead):"
      : `**Problems** in ${inlineCode(file, 80)} (those entries are not used):`;
    sections.push([heading, ...lines].join("\n"));
  }
  if (problems.length > MAX_SHOWN) sections[sections.length - 1] += `\n- …and ${problems.length - MAX_SHOWN} more`;
  return sections.join("\n\n");
}
