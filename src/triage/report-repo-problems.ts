import type { MapProblem } from "../route/area-map.js";
import { buildOperatorProblems, findMissingLabels } from "./operator-problems.js";
import { stopsBugScout, type ParsedSettings } from "./parse-settings.js";
import type { RepoKey } from "./ports.js";
import type { OperatorProblem } from "./problem-ports.js";
import { readRoutingMaps, type RoutingMaps } from "./read-routing-maps.js";
import { reportProblems, type ReportProblemsDeps } from "./report-problems.js";
import type { RepoLabels, RoutingGateway } from "./routing-ports.js";
import { summarizeError } from "./summarize-error.js";

/** What {@link reportRepoProblems} needs. */
export interface RepoProblemsDeps extends ReportProblemsDeps {
  readonly gateway: Pick<RoutingGateway, "readRepoFile" | "listRepoLabels">;
}

/** One repository's settings at a commit, and what the caller already read of its maps. */
export interface RepoProblemsRequest {
  readonly key: RepoKey;
  readonly commit: string;
  readonly parsed: ParsedSettings;
  /** Publish on this commit even when nothing changed (a push that changed the files BugScout reads). */
  readonly always?: boolean;
  /** The maps as read at `commit` (the triage reads them anyway); absent: read here. */
  readonly maps?: RoutingMaps;
  /** The repository's labels, when read already. */
  readonly repoLabels?: RepoLabels;
  /** Problems of how BugScout ran on the repository (a triage step that failed), reported with the others. */
  readonly extra?: readonly OperatorProblem[];
}

/**
 * Gathers a repository's operator problems at a commit — the settings' (with lines), the maps' (labeler.yml,
 * CODEOWNERS, `labels.areas`) and the map labels the repository lacks — and publishes them through the reporter
 * (src/triage/report-problems.ts). Settings that stop BugScout are reported alone: nothing else is read then. Never
 * throws; a map or label list that cannot be read skips the report (a partial list would read as a fix).
 */
export async function reportRepoProblems(deps: RepoProblemsDeps, request: RepoProblemsRequest) {
  const { parsed } = request;
  let mapProblems: readonly MapProblem[] = [];
  if (!stopsBugScout(parsed.problems)) {
    try {
      const maps = request.maps ?? (await readRoutingMaps(deps, parsed.settings, request.commit));
      const labels = maps.areas.labels.length === 0 ? undefined : (request.repoLabels ?? (await deps.gateway.listRepoLabels()));
      mapProblems = [...maps.problems, ...(labels ? findMissingLabels(maps, labels) : [])];
    } catch (err) {
      deps.log.warn({ commit: request.commit, err: summarizeError(err) }, "repository labels not read: problems not reported");
      return "failed" as const;
    }
  }
  const problems = [...buildOperatorProblems(parsed.problems, mapProblems), ...(request.extra ?? [])];
  return reportProblems(deps, { key: request.key, commit: request.commit, problems, ...(request.always ? { always: true } : {}) });
}
