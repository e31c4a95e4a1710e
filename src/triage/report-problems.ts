import { createHash } from "node:crypto";
import type { Log, RepoKey } from "./ports.js";
import type { OperatorProblem, ProblemLedger, ProblemReporter } from "./problem-ports.js";
import { summarizeError } from "./summarize-error.js";

/** What {@link reportProblems} needs. */
export interface ReportProblemsDeps {
  readonly reporter: ProblemReporter;
  /** The last report per repository; absent: every call publishes. */
  readonly ledger?: ProblemLedger;
  readonly log: Log;
}

/** The repository's current operator problems, found at `commit`. */
export interface ProblemReport {
  readonly key: RepoKey;
  readonly commit: string;
  readonly problems: readonly OperatorProblem[];
  /**
   * Publish on this commit even when the problems are those last published: a push that changed the files BugScout
   * reads gets its own check run (failing or passing). Otherwise (problems found while triaging) a report is
   * published only when the list changed, so it comes once, not on every issue.
   */
  readonly always?: boolean;
}

/**
 * Publishes a repository's operator problems through the reporter (the App's check run), at most once per distinct
 * list unless `always`. Never throws: a report that cannot be published (no `checks: write` permission yet, GitHub
 * down) is logged, and whatever BugScout was doing goes on.
 */
export async function reportProblems(deps: ReportProblemsDeps, report: ProblemReport): Promise<"published" | "unchanged" | "failed"> {
  const digest = digestOf(report.problems);
  if (!report.always && !deps.reporter.repeat && deps.ledger) {
    let previous: string | undefined;
    try {
      previous = await deps.ledger.readProblemDigest(report.key);
    } catch (err) {
      // Without the ledger a report could go out on every issue: skip it this time instead.
      deps.log.warn({ err: summarizeError(err) }, "problem ledger not read: report skipped");
      return "unchanged";
    }
    // Nothing was ever reported and nothing is wrong: no check run to pass.
    if (previous === digest || (previous === undefined && report.problems.length === 0)) return "unchanged";
  }
  try {
    await deps.reporter.publish(report.commit, report.problems);
  } catch (err) {
    deps.log.warn({ commit: report.commit, problems: report.problems.length, err: summarizeError(err) }, "operator problems not published");
    return "failed";
  }
  deps.log.info({ commit: report.commit, problems: report.problems.length }, "operator problems published");
  try {
    await deps.ledger?.writeProblemDigest(report.key, digest);
  } catch (err) {
    deps.log.warn({ err: summarizeError(err) }, "problem ledger not written");
  }
  return "published";
}

/** The same problems in any order give the same digest; lines are left out, so moving a line is no new report. */
export function digestOf(problems: readonly OperatorProblem[]): string {
  const lines = problems.map((p) => JSON.stringify([p.level, p.file ?? "", p.path, p.message])).sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}
