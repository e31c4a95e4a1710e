import type { RecordStore } from "../records/record-store.js";
import type { SettingsProblem } from "./parse-settings.js";
import type { Log, RepoKey } from "./ports.js";
import type { OperatorProblem, ProblemReporter } from "./problem-ports.js";
import type { RoutingMaps } from "./read-routing-maps.js";
import { reportRepoProblems, type RepoProblemsDeps } from "./report-repo-problems.js";
import type { RepoLabels } from "./routing-ports.js";
import type { Settings } from "./settings-schema.js";
import { summarizeError } from "./summarize-error.js";

/** What {@link reportTriageProblems} needs. */
export interface TriageProblemsDeps {
  readonly gateway: RepoProblemsDeps["gateway"];
  /** Where the problems go (the App's check run); absent: their count is only logged (the CLI prints them itself). */
  readonly reporter?: ProblemReporter;
  /** Keeps the last report per repository, so an unchanged list is not published again. */
  readonly records?: RecordStore;
  readonly log: Log;
}

/** The triaged repository, and its settings as parsed. */
export interface TriageProblemsRequest {
  readonly key: RepoKey;
  readonly settings: Settings;
  readonly problems: readonly SettingsProblem[];
}

/**
 * Reports the settings' and maps' problems of a triage (with the map labels the repository lacks, and `extra`, the
 * problems of a triage step that failed) where the repository's authors look, never in the comment; returns the
 * repository's labels when it read them (or was given them as `known`), for routing to reuse.
 */
export async function reportTriageProblems(
  deps: TriageProblemsDeps,
  request: TriageProblemsRequest,
  commit: string,
  maps: RoutingMaps,
  extra: readonly OperatorProblem[] = [],
  known?: RepoLabels,
): Promise<RepoLabels | undefined> {
  if (!deps.reporter) {
    const count = request.problems.length + maps.problems.length;
    if (count > 0) deps.log.info({ problems: count }, "settings or map problems found (not reported here)");
    return undefined;
  }
  let repoLabels: RepoLabels | undefined = known;
  if (!repoLabels && maps.areas.labels.length > 0) {
    try {
      repoLabels = await deps.gateway.listRepoLabels();
    } catch (err) {
      deps.log.warn({ err: summarizeError(err) }, "repository labels not read");
    }
  }
  const reportDeps = { gateway: deps.gateway, reporter: deps.reporter, log: deps.log, ...(deps.records ? { ledger: deps.records } : {}) };
  await reportRepoProblems(reportDeps, { key: request.key, commit, parsed: { settings: request.settings, problems: request.problems }, maps, ...(repoLabels ? { repoLabels } : {}), ...(extra.length > 0 ? { extra } : {}) });
  return repoLabels;
}
