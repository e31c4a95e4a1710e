import { parseSettings, type SettingsProblem } from "./parse-settings.js";
import { parseSettingsText } from "./parse-settings-text.js";

/**
 * The problems of one settings file's text, with their lines, as BugScout would find them (src/triage/
 * load-settings.ts) — without GitHub: an `_extends` base is not read, which a warning says. Pure.
 */
export function checkSettingsText(text: string): SettingsProblem[] {
  const read = parseSettingsText(text);
  if (read.problems.length > 0) return read.problems.map((p) => ({ ...p, level: "error" }));
  const { _extends: base, ...own } = (read.value ?? {}) as Record<string, unknown>;
  const problems = parseSettings(own).problems.map((p): SettingsProblem => {
    const line = read.locate(p.path);
    return line === undefined ? p : { ...p, line };
  });
  if (base !== undefined) {
    const line = read.locate("_extends");
    problems.push({
      path: "_extends", level: "warning", ...(line ? { line } : {}),
      message: "names a base file on GitHub, which is not read here: the merged settings are checked when BugScout reads them (the check run, the Action)",
    });
  }
  return problems;
}
