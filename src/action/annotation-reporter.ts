import type { OperatorProblem, ProblemReporter } from "../triage/problem-ports.js";
import { renderProblemReport } from "../triage/render-problem-report.js";
import { stopsBugScout } from "../triage/parse-settings.js";

/** The Action's reporter, which also tells the run whether the problems stop BugScout (the job then fails). */
export interface AnnotationReporter extends ProblemReporter {
  /** Whether a report so far held a problem that stops BugScout. */
  stopped(): boolean;
}

/**
 * The Action's {@link ProblemReporter}: one `::error` / `::warning` workflow command per problem, at its file and
 * line (GitHub shows them on the run and in the file's diff), and the report in the job summary. Every run reports:
 * a run's log is read once, then gone.
 */
export function createAnnotationReporter(write: (text: string) => void, appendSummary?: (markdown: string) => void): AnnotationReporter {
  let stopped = false;
  return {
    repeat: true,
    async publish(_commit, problems) {
      if (problems.length === 0) return;
      stopped ||= stopsBugScout(problems);
      for (const problem of problems) write(`${annotation(problem)}\n`);
      const report = renderProblemReport(problems);
      appendSummary?.(`### BugScout settings: ${report.title}\n\n${report.summary}\n`);
    },
    stopped: () => stopped,
  };
}

function annotation(problem: OperatorProblem): string {
  const command = problem.level === "error" ? "error" : "warning";
  const properties = [
    ...(problem.file ? [`file=${escapeProperty(problem.file)}`] : []),
    ...(problem.line ? [`line=${problem.line}`] : []),
    `title=${escapeProperty(`BugScout settings: ${problem.path}`.slice(0, 200))}`,
  ];
  return `::${command} ${properties.join(",")}::${escapeData(problem.message)}`;
}

// GitHub's workflow-command escaping (actions/toolkit, core/src/command.ts): a line break would end the command and
// start an arbitrary log line, so text from the file can never issue a command of its own.
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
