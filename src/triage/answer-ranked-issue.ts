import type { IssueType } from "../issue-type/types.js";
import type { Ranking } from "../rank/types.js";
import { MAX_RECORDED_MAP_LABELS, type PredictionLabels } from "../records/record-store.js";
import { decideRouting, type RoutingIntent } from "../route/decide-routing.js";
import { readRoutingState, renderRoutingState } from "../route/routing-state.js";
import type { CommentDecision } from "./decide-comment.js";
import { isolateExtra, type ExtraStep } from "./isolate-extra.js";
import { buildRoutingFailure } from "./operator-problems.js";
import type { IndexState, RepoKey } from "./ports.js";
import { NO_ROUTING_MAPS, type RoutingMaps } from "./read-routing-maps.js";
import type { RefreshResult } from "./refresh-index.js";
import { renderOwnersLine } from "./render-owners.js";
import { COMMENT_MARKER, GITHUB_COMMENT_LIMIT, renderComment } from "./render-comment.js";
import { accuracyNote } from "./render-stats.js";
import { reportTriageProblems } from "./report-triage-problems.js";
import { routeIssue, routingNeeded, type RoutingResult } from "./route-issue.js";
import type { IssueFacts, RoutingGateway } from "./routing-ports.js";
import type { Settings } from "./settings-schema.js";
import { summarizeError } from "./summarize-error.js";
import type { TriageDeps, TriageOutcome, TriageRequest, TriageRouting } from "./triage-issue.js";

/** What the triage knows once the issue is ranked, for {@link answerRankedIssue}. */
export interface RankedIssue {
  /** The default branch's head the index was brought to and the ranking links to. */
  readonly commit: string;
  readonly refresh: RefreshResult;
  readonly ranking: Ranking;
  /** Whether BugScout comments by itself, and why (`decideComment`). */
  readonly decision: CommentDecision;
  readonly issueType: IssueType;
  /** The routing maps at `commit`; `NO_ROUTING_MAPS` when they could not be read. */
  readonly maps: RoutingMaps;
  /** The issue as GitHub has it now, when the triage already read it (an edit); absent: routing reads it. */
  readonly facts?: IssueFacts;
}

/**
 * Turns a ranked issue into the triage's outcome: reports the maps' problems, decides the area labels and owners,
 * renders the comment, and then stays silent (the kind of issue or the confidence says so), leaves a locked issue
 * alone, logs it (dry run) or upserts it with routing applied, keeping the prediction for `/bugscout stats`.
 */
export async function answerRankedIssue(deps: TriageDeps, request: TriageRequest, ranked: RankedIssue): Promise<TriageOutcome> {
  const { key, issue, settings } = request;
  const { commit, refresh, ranking, decision, issueType, maps: routingMaps, facts } = ranked;
  const { confidence } = ranking;
  // Maps that could not be read (NO_ROUTING_MAPS) are no report: a partial list would read as a fix.
  const repoLabels = routingMaps === NO_ROUTING_MAPS ? undefined
    : await isolateExtra(deps, "routing-maps", { issue: issue.number }, () => reportTriageProblems(deps, request, commit, routingMaps), undefined);
  const intent = decideRouting({ ranked: ranking.files, confidence, areas: routingMaps.areas, codeowners: routingMaps.codeowners, settings });
  const ownersFile = routingMaps.codeowners?.file;
  const routing: TriageRouting = { confidence, intent, ...(ownersFile ? { ownersFile } : {}) };
  const accuracy = settings.comment.show_accuracy ? await readAccuracyNote(deps, key) : undefined;
  // An edit re-ranks an issue that may already have BugScout's comment: a stale list must not stay up.
  const previous = request.edited || routingMaps.areas.labels.length > 0 || intent.assign.length > 0
    ? await deps.gateway.readOwnComment(issue.number, COMMENT_MARKER)
    : undefined;
  const replacing = previous !== undefined && request.edited === true;
  const shown = shownSettings(request, replacing);
  const render = (result: RoutingResult | undefined) => {
    const state = renderRoutingState(result?.state ?? readRoutingState(previous));
    const owners = renderOwnersLine(intent.owners, settings.owners, ownersFile);
    const body = renderComment({
      link: { webBaseUrl: deps.webBaseUrl, owner: key.owner, repo: key.repo, commit },
      ranking,
      confidence,
      settings: shown,
      notes: [...snapshotNotes(refresh), ...(accuracy ? [accuracy] : []), ...(result?.notes ?? [])],
      requested: request.command !== undefined || request.preview === true,
      decision,
      issueType,
      ...(owners ? { afterList: [owners] } : {}),
      ...(state ? { limit: GITHUB_COMMENT_LIMIT - state.length - 2 } : {}),
    });
    // After a blank line, as its own HTML block: invisible wherever the comment ends.
    return body === undefined || state === "" ? body : `${body}\n${state}\n`;
  };
  // An issue of a kind the repository does not answer gets nothing, whatever `below_confidence` says, unless an
  // edit must take down BugScout's earlier list.
  if (!request.preview && ((decision.gate === "type" && !replacing) || render(undefined) === undefined)) {
    // Silence is an answer, not a lost ranking: it counts in `/bugscout stats` and a maintainer's `/bugscout` posts it.
    if (!settings.dry_run) await recordPrediction(deps, request, commit, ranking, predictionLabels(routingMaps, intent));
    return { kind: "silent", ranking, routing, issueType, decision };
  }
  if (issue.locked && !settings.dry_run) {
    deps.log.info({ issue: issue.number }, "issue is locked: comment not posted");
    return { kind: "locked", ranking, routing, issueType, decision };
  }
  // A dry run reads what routing would change and changes nothing.
  // Routing is an extra: when it fails (a 404 from the issue's events, a 5xx, a stall), the comment goes out with the
  // routing state it had, and nothing routing would change after its deadline is changed (see guardWrites).
  let routingError: unknown;
  const onRoutingFailure = (step: ExtraStep, err: unknown) => {
    routingError = err;
    deps.onExtraFailure?.(step, err);
  };
  const result = routingNeeded(routingMaps, intent, previous)
    ? await isolateExtra({ ...deps, onExtraFailure: onRoutingFailure }, "routing", { issue: issue.number }, (abandoned) => routeIssue({ ...deps, gateway: guardWrites(deps.gateway, abandoned) }, {
      issueNumber: issue.number, intent, maps: routingMaps, previous, apply: !settings.dry_run, ...(facts ? { facts } : {}), ...(repoLabels ? { repoLabels } : {}),
    }), undefined)
    : undefined;
  // Shown to the maintainers where they look (the "BugScout settings" check run), once per distinct list; never in the issue.
  if (routingError !== undefined && routingMaps !== NO_ROUTING_MAPS && !settings.dry_run) {
    await reportTriageProblems(deps, request, commit, routingMaps, [buildRoutingFailure(routingError)], repoLabels);
  }
  const routed: TriageRouting = { ...routing, ...(result ? { result } : {}) };
  const body = render(result)!;
  if (settings.dry_run) {
    deps.log.info({ issue: issue.number, body, labels: result?.added ?? [], assign: result?.assigned ?? [] }, "dry run: comment not posted");
    return { kind: "dry-run", body, ranking, routing: routed, issueType, decision };
  }
  const upsert = await deps.gateway.upsertComment(issue.number, COMMENT_MARKER, body);
  deps.log.info({ issue: issue.number, upsert }, "comment upserted");
  if (upsert !== "locked") await recordPrediction(deps, request, commit, ranking, predictionLabels(routingMaps, intent));
  return upsert === "locked" ? { kind: "locked", ranking, routing: routed, issueType, decision } : { kind: "posted", upsert, body, ranking, routing: routed, issueType, decision };
}

/** Routing's gateway whose changes (labels, assignees) are refused once the routing step was given up. */
function guardWrites(gateway: RoutingGateway, abandoned: () => boolean): RoutingGateway {
  const guard = <A extends unknown[], R>(write: (...args: A) => Promise<R>) => (...args: A): Promise<R> =>
    abandoned() ? Promise.reject(new Error("routing was given up: no change made")) : write(...args);
  return {
    // The gateways are plain objects of closures (src/github/routing-gateway.ts): spreading keeps the reads as they are.
    ...gateway,
    addLabels: guard(gateway.addLabels.bind(gateway)),
    removeLabel: guard(gateway.removeLabel.bind(gateway)),
    addAssignees: guard(gateway.addAssignees.bind(gateway)),
  };
}

/**
 * The settings the comment is rendered with: an edit of an issue that already has BugScout's comment replaces it even
 * below the confidence floor (a stale list must not stay up), and a maintainer's `top=N` lists N files, uncut.
 */
function shownSettings(request: TriageRequest, replacing: boolean): Settings {
  const { settings, command } = request;
  return {
    ...settings,
    comment: replacing ? { ...settings.comment, below_confidence: "brief" } : settings.comment,
    ranking: command?.topK !== undefined ? { ...settings.ranking, min_relative_score: 0 } : settings.ranking,
  };
}

const CAP_NAMES: Record<NonNullable<IndexState["truncatedBy"]>, string> = {
  files: "file-count limit",
  bytes: "size limit",
  entries: "archive-entry limit",
  "decompressed-bytes": "size limit",
};

// Rejected archive entries (links, paths leaving the root) are logged, not shown: symlinks are common and harmless.
function snapshotNotes(refresh: RefreshResult): string[] {
  const by = refresh.state.truncatedBy;
  return by ? [`Partial index: this repository is over BugScout's ${CAP_NAMES[by]}, so only part of it was indexed and ranked.`] : [];
}

/** The area map's labels and BugScout's choice, kept with the prediction when the repository has a map. */
function predictionLabels(maps: RoutingMaps, intent: RoutingIntent): PredictionLabels | undefined {
  return maps.areas.labels.length > 0 ? { map: maps.areas.labels.map((l) => l.label).slice(0, MAX_RECORDED_MAP_LABELS), chosen: intent.labels } : undefined;
}

/** Keeps the ranking that was shown (or, silent, would have been); a failure to record is logged and never costs the comment. */
async function recordPrediction(deps: TriageDeps, request: TriageRequest, commit: string, ranking: Ranking, labels: PredictionLabels | undefined): Promise<void> {
  if (!deps.records) return;
  try {
    await deps.records.recordPrediction(request.key, {
      issueNumber: request.issue.number,
      commit,
      mode: ranking.mode,
      files: ranking.files.map((f) => ({ path: f.path, score: f.score })),
      source: request.command ? "command" : "app",
      rankedAt: deps.clock.now(),
      ...(labels ? { labels } : {}),
    });
  } catch (err) {
    deps.log.warn({ issue: request.issue.number, err: summarizeError(err) }, "prediction not recorded");
  }
}

async function readAccuracyNote(deps: TriageDeps, key: RepoKey): Promise<string | undefined> {
  if (!deps.records) return undefined;
  try {
    return accuracyNote(await deps.records.readStats(key, 0));
  } catch (err) {
    deps.log.warn({ err: summarizeError(err) }, "accuracy not read");
    return undefined;
  }
}
