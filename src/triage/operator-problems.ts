import type { MapProblem } from "../route/area-map.js";
import type { SettingsProblem } from "./parse-settings.js";
import type { OperatorProblem } from "./problem-ports.js";
import type { RoutingMaps } from "./read-routing-maps.js";
import type { RepoLabels } from "./routing-ports.js";
import { SETTINGS_PATH } from "./load-settings.js";
import { summarizeError } from "./summarize-error.js";

const LINE_PATH = /^line (\d+)$/;

/**
 * The settings' and maps' problems as operator problems: settings problems keep their level and line (a problem in
 * an `_extends` base names that file in its message, since a check run can only point into this repository); map
 * problems are warnings (those entries are not used), with a line when their place is one (CODEOWNERS). Pure.
 */
export function buildOperatorProblems(settings: readonly SettingsProblem[], maps: readonly MapProblem[]): OperatorProblem[] {
  const fromSettings = settings.map((p): OperatorProblem => (p.file
    ? { path: p.path, message: `in ${p.file}${p.line ? ` line ${p.line}` : ""}: ${p.message}`, level: p.level }
    : { file: SETTINGS_PATH, path: p.path, message: p.message, level: p.level, ...(p.line ? { line: p.line } : {}) }));
  const fromMaps = maps.map((p): OperatorProblem => {
    const line = LINE_PATH.exec(p.path)?.[1];
    return { file: p.file, path: p.path, message: p.message, level: "warning", ...(line ? { line: Number(line) } : {}) };
  });
  return [...fromSettings, ...fromMaps];
}

/**
 * Map labels the repository lacks, one problem each in the file that names them; none when the label list was cut
 * short (a label past the cap may exist). Pure.
 */
export function findMissingLabels(maps: Pick<RoutingMaps, "areas">, repoLabels: RepoLabels): MapProblem[] {
  if (!repoLabels.complete) return [];
  const known = new Set(repoLabels.names.map((n) => n.toLowerCase()));
  return maps.areas.labels
    .filter((entry) => !known.has(entry.label.toLowerCase()))
    .map((entry) => ({
      file: entry.source === "labeler" ? ".github/labeler.yml" : SETTINGS_PATH,
      path: entry.source === "labeler" ? entry.label : `labels.areas.${entry.label}`,
      message: "the repository has no such label; BugScout never creates one (create it, or take it out of the map)",
    }));
}

/**
 * Routing (area labels, owners) that failed on an issue, as an operator problem of no one file: the status and
 * GitHub's first words, never the issue (so the same failure on many issues is one report, not one each). Pure.
 */
export function buildRoutingFailure(err: unknown): OperatorProblem {
  const summary = summarizeError(err);
  const words = summary.message.split(/\r?\n/)[0].replace(/\s+-\s+https:\/\/docs\.github\.com\S*$/, "").slice(0, 160);
  const cause = summary.status !== undefined ? `GitHub answered ${summary.status}${words ? ` (${words})` : ""}` : words || "the request failed";
  return {
    path: "area labels and owners",
    message: `BugScout could not apply them to an issue: ${cause}. The comment was posted without them; the next triage of that issue tries again.`,
    level: "warning",
  };
}
