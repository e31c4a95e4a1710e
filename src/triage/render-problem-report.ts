import { escapeMarkdown, inlineCode } from "./escape-markdown.js";
import type { OperatorProblem } from "./problem-ports.js";
import { stopsBugScout } from "./parse-settings.js";

/** Problems listed in a summary at most; the rest are counted. */
const MAX_LISTED = 50;

/** A report's verdict, title and markdown summary, the same for a check run and the Action's job summary. */
export interface RenderedProblemReport {
  /** `failure`: BugScout is stopped; `neutral`: it runs, some parts are not used; `success`: nothing is wrong. */
  readonly conclusion: "failure" | "neutral" | "success";
  readonly title: string;
  readonly summary: string;
}

/** Where a problem is, as a reader finds it: `` `file` line N `` and the key. */
export function describeProblemPlace(problem: OperatorProblem): string {
  const at = problem.file ? `${inlineCode(problem.file, 120)}${problem.line ? ` line ${problem.line}` : ""}` : "";
  const key = problem.path && problem.path !== "(file)" ? inlineCode(problem.path, 80) : "";
  return [at, key].filter((s) => s !== "").join(", ") || inlineCode(problem.path, 80);
}

/**
 * The report of a repository's operator problems. Keys and messages may echo the files, so both are escaped. Pure.
 */
export function renderProblemReport(problems: readonly OperatorProblem[]): RenderedProblemReport {
  if (problems.length === 0) {
    return { conclusion: "success", title: "Settings read", summary: "BugScout read `.github/bugscout.yml` and the files it names without a problem." };
  }
  const stopped = stopsBugScout(problems);
  const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
  const title = stopped ? `BugScout is stopped on this repository (${count})` : `${count} in the files BugScout reads`;
  const lead = stopped
    ? "BugScout does nothing on this repository (no comment, label or assignment) until the errors below are fixed; a maintainer's `/bugscout help` says why."
    : "BugScout runs; the parts named below are not used (the default, or the nearest value in range, is used instead).";
  const lines = [...problems]
    .sort((a, b) => (a.level === b.level ? 0 : a.level === "error" ? -1 : 1))
    .slice(0, MAX_LISTED)
    .map((p) => `- **${p.level}** ${describeProblemPlace(p)}: ${escapeMarkdown(p.message, 300)}`);
  if (problems.length > MAX_LISTED) lines.push(`- …and ${problems.length - MAX_LISTED} more`);
  return { conclusion: stopped ? "failure" : "neutral", title, summary: [lead, "", ...lines].join("\n") };
}
