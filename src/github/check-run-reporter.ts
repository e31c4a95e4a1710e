import type { OperatorProblem, ProblemReporter } from "../triage/problem-ports.js";
import { renderProblemReport } from "../triage/render-problem-report.js";
import type { GitHubClient, RepoRef } from "./github-client.js";

/** The check run's name, the same on every commit, so a later one replaces the earlier in GitHub's view. */
export const SETTINGS_CHECK_NAME = "BugScout settings";

/** GitHub takes at most 50 annotations per request (REST "Create a check run", `output.annotations`). */
const MAX_ANNOTATIONS = 50;

/**
 * The App's {@link ProblemReporter}: one completed check run "BugScout settings" on the commit (needs the
 * `checks: write` permission), with an annotation at each problem's line in its file.
 */
export function createCheckRunReporter(client: GitHubClient, repo: RepoRef): ProblemReporter {
  return {
    async publish(commit, problems) {
      const report = renderProblemReport(problems);
      await client.rest.checks.create({
        ...repo,
        name: SETTINGS_CHECK_NAME,
        head_sha: commit,
        status: "completed",
        conclusion: report.conclusion,
        output: { title: report.title, summary: report.summary, annotations: buildAnnotations(problems) },
      });
    },
  };
}

function buildAnnotations(problems: readonly OperatorProblem[]) {
  return problems
    .filter((p): p is OperatorProblem & { file: string } => p.file !== undefined)
    .slice(0, MAX_ANNOTATIONS)
    .map((p) => ({
      path: p.file,
      // The file-level problems (it does not parse at all, no line known) point at its first line.
      start_line: p.line ?? 1,
      end_line: p.line ?? 1,
      annotation_level: p.level === "error" ? ("failure" as const) : ("warning" as const),
      title: p.path.slice(0, 200),
      message: p.message.slice(0, 1000),
    }));
}
