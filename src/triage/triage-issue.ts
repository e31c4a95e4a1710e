import type { IssueType } from "../issue-type/types.js";
import type { Ranking } from "../rank/types.js";
import { MAX_RECORDED_MAP_LABELS, type PastFix, type PredictionLabels, type RecordStore } from "../records/record-store.js";
import type { HistoryDocCache } from "./history-doc-cache.js";
import { prepareHistoryDoc } from "../rank/signals/score-history.js";
import { accuracyNote } from "./render-stats.js";
import { repoKeyString } from "./data-layout.js";
import type { KeyedLock } from "./keyed-lock.js";
import type { CommandOptions } from "./parse-command.js";
import type { SettingsProblem } from "./parse-settings.js";
import type { IndexState, IssueRanker, RankRequest, RepoGateway, RepoKey, UpsertOutcome } from "./ports.js";
import { decideRouting, type RoutingIntent } from "../route/decide-routing.js";
import { readRoutingState, renderRoutingState } from "../route/routing-state.js";
import { readRoutingMaps, type RoutingMaps } from "./read-routing-maps.js";
import { renderOwnersLine } from "./render-owners.js";
import { routeIssue, routingNeeded, type RoutingResult } from "./route-issue.js";
import type { RoutingGateway } from "./routing-ports.js";
import type { ProblemReporter } from "./problem-ports.js";
import { reportTriageProblems } from "./report-triage-problems.js";
import { refreshIndex, type RefreshIndexDeps, type RefreshResult } from "./refresh-index.js";
import { COMMENT_MARKER, GITHUB_COMMENT_LIMIT, renderComment } from "./render-comment.js";
import type { Settings } from "./settings-schema.js";
import { decideComment, type CommentDecision } from "./decide-comment.js";
import { summarizeError } from "./summarize-error.js";
import { isolateExtra, type ExtraFailureSink, type ExtraStep } from "./isolate-extra.js";
import { sourceMapReader } from "./source-map-reader.js";
import { buildRoutingFailure } from "./operator-problems.js";
import { EMPTY_AREA_MAP } from "../route/area-map.js";
import { findIssueType, type IssueTypeDeps } from "./find-issue-type.js";

/** What {@link triageIssue} needs. */
export interface TriageDeps extends RefreshIndexDeps, IssueTypeDeps {
  /** The repository on GitHub: index refreshes, the comment, and routing (labels, owners). */
  readonly gateway: RepoGateway & RoutingGateway;
  readonly ranker: IssueRanker;
  /** Serializes work per issue, so two deliveries for one issue produce one comment. */
  readonly issueLock: KeyedLock;
  /** `https://github.com` or the GitHub Enterprise web root, for file links. */
  readonly webBaseUrl: string;
  /** Where the rankings shown are kept for `/bugscout stats`; absent: nothing is recorded. */
  readonly records?: RecordStore;
  /** Prepared past fixes kept between rankings (`ranking.history_weight`); absent: prepared on every ranking. */
  readonly historyDocs?: HistoryDocCache;
  /** Counts an extra (routing, its maps, a source map) that failed while the comment went on without it. */
  readonly onExtraFailure?: ExtraFailureSink;
  /** How long routing (or reading its maps) may take before the comment goes out without it; default 20 s. */
  readonly extraTimeoutMs?: number;
  /**
   * Where the settings' and maps' problems go (the App's check run), once per distinct list (`records` keeps the
   * last); absent: they are only logged (the CLI prints them itself).
   */
  readonly reporter?: ProblemReporter;
}

/** One issue to rank, with its settings and, for a `/bugscout` command, the command's options. */
export interface TriageRequest {
  readonly key: RepoKey;
  readonly defaultBranch: string;
  readonly issue: {
    readonly number: number;
    readonly title: string;
    readonly body: string;
    readonly locked: boolean;
    /** When the issue was opened (ms since the epoch): only fixes before it count as similar past fixes. */
    readonly createdAt?: number;
    /** The issue's label names (a type label says what kind of issue it is); absent: none. */
    readonly labels?: readonly string[];
    /** The name of the issue's GitHub issue type (`Bug`, `Feature`, `Task`); absent: none set. */
    readonly githubType?: string;
  };
  /**
   * A preview (`bugscout triage --issue-file`, always a dry run): the comment is rendered even where the App would
   * stay quiet (then as a maintainer's `/bugscout` gets it), and the outcome's `decision` says what the App would do.
   */
  readonly preview?: boolean;
  readonly settings: Settings;
  readonly problems: readonly SettingsProblem[];
  readonly command?: CommandOptions;
  /**
   * The issue's title or body was edited (`trigger.on_edit`): the triage is skipped when the issue has changed again
   * since (a later delivery ranks the latest text), and an existing comment is edited even below the confidence floor.
   */
  readonly edited?: boolean;
}

/** What routing decided for a ranked issue: the labels and owners, and (when the comment went out) what was done. */
export interface TriageRouting {
  readonly confidence: number;
  readonly intent: RoutingIntent;
  /** The CODEOWNERS file the owners come from. */
  readonly ownersFile?: string;
  /** Labels and assignments made (or, in a dry run, that would be made); absent when routing did not run. */
  readonly result?: RoutingResult;
}

/**
 * What the triage did, for logs, tests and the entry points' outputs; `issueType` is the kind of issue it is,
 * `decision` whether BugScout comments by itself and why (`decideComment`).
 */
export type TriageOutcome =
  | ({ readonly kind: "silent"; readonly ranking: Ranking } & TriageFindings)
  | ({ readonly kind: "dry-run"; readonly body: string; readonly ranking?: Ranking } & TriageFindings)
  | ({ readonly kind: "locked"; readonly ranking?: Ranking } & TriageFindings)
  | { readonly kind: "superseded" }
  | ({ readonly kind: "posted"; readonly upsert: UpsertOutcome; readonly body: string; readonly ranking?: Ranking } & TriageFindings);

/** What every outcome that ranked the issue carries besides its ranking. */
interface TriageFindings {
  readonly routing?: TriageRouting;
  readonly issueType?: IssueType;
  readonly decision?: CommentDecision;
}

/** Longest issue text ranked; GitHub caps issue bodies at 65,536 characters. */
const MAX_TEXT_CHARS = 70_000;

/**
 * The triage use-case: brings the index to the default branch's head, ranks the issue, reads the repository's maps
 * (labeler.yml, CODEOWNERS), renders the comment and upserts it (or logs it in dry-run mode, or stays silent below
 * the confidence floor); with the comment go the area labels and owners (src/route/decide-routing.ts), applied
 * without fighting anyone's change (src/triage/route-issue.ts). No comment, no label: the comment explains them and
 * keeps their state.
 */
export async function triageIssue(deps: TriageDeps, request: TriageRequest): Promise<TriageOutcome> {
  const { key, issue, settings } = request;
  return deps.issueLock.run(`${repoKeyString(key)}#${issue.number}`, async () => {
    const facts = request.edited ? await deps.gateway.fetchIssueFacts(issue.number) : undefined;
    if (facts && (facts.title !== issue.title || facts.body !== issue.body)) {
      deps.log.info({ issue: issue.number }, "issue edited again since this delivery: the later one ranks it");
      return { kind: "superseded" };
    }
    const issueType = await findIssueType(deps, request);
    deps.log.info({ issue: issue.number, issueType }, "issue type");
    const commit = await deps.gateway.fetchBranchHead(request.defaultBranch);
    // The maps are read while the index refreshes and the issue is ranked; they never hold the comment back.
    const maps = isolateExtra(deps, "routing-maps", { issue: issue.number }, () => readRoutingMaps(deps, settings, commit), NO_MAPS);
    const refresh = await refreshIndex(deps, { key, commit });
    const history = await readPastFixes(deps, request);
    const readFile = sourceMapReader(deps, issue.number);
    const ranking = await deps.ranker.rank(key, { ...buildRankRequest(request), ...(history ? { history } : {}) }, readFile);
    const { confidence } = ranking;
    deps.log.info({ issue: issue.number, mode: ranking.mode, reason: ranking.reason, files: ranking.files.length, confidence, ms: ranking.ms }, "issue ranked");
    const decision = decideComment({ settings, issueType, confidence, namesFirstFile: ranking.namesFirstFile, files: ranking.files.length, requested: request.command !== undefined, labels: issue.labels ?? [] });
    deps.log.info({ issue: issue.number, comment: decision.comment, gate: decision.gate, reason: decision.reason }, "comment decision");
    const routingMaps = await maps;
    // Maps that could not be read (NO_MAPS) are no report: a partial list would read as a fix.
    const repoLabels = routingMaps === NO_MAPS ? undefined
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
    if (routingError !== undefined && routingMaps !== NO_MAPS && !settings.dry_run) {
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
  });
}

/** Routing without maps: what a failed map read leaves (no labels, no owners, no problem lines). */
const NO_MAPS: RoutingMaps = { areas: EMPTY_AREA_MAP, problems: [] };

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

/** Merges settings and command options into one ranking request; command options win. */
export function buildRankRequest(request: TriageRequest): RankRequest {
  const { settings, command, issue } = request;
  const text = [issue.title, issue.body, command?.hint ?? ""].filter((s) => s.trim() !== "").join("\n\n").slice(0, MAX_TEXT_CHARS);
  return {
    text,
    topK: command?.topK ?? settings.ranking.top_k,
    mode: command?.mode ?? settings.ranking.mode,
    include: command && command.include.length > 0 ? command.include : settings.paths.include,
    exclude: [...settings.paths.exclude, ...(command?.exclude ?? [])],
    latencyBudgetMs: settings.ranking.latency_budget_ms,
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

/** Most recent fixed issues read for the similar-past-fixes signal. */
const MAX_PAST_FIXES = 300;

/** The similar-past-fixes input when `ranking.history_weight` is on: fixes recorded before the issue was opened. */
async function readPastFixes(deps: TriageDeps, request: TriageRequest): Promise<RankRequest["history"]> {
  const weight = request.settings.ranking.history_weight;
  if (!deps.records || weight <= 0) return undefined;
  try {
    const before = request.issue.createdAt ?? deps.clock.now();
    const fixes = await deps.records.listPastFixes(request.key, before, MAX_PAST_FIXES);
    const prepare = deps.historyDocs
      ? (f: PastFix) => deps.historyDocs!.get(request.key, f)
      : (f: PastFix) => prepareHistoryDoc({ issueNumber: f.issueNumber, text: f.issueText, files: f.files });
    const docs = fixes.filter((f) => f.issueNumber !== request.issue.number).map(prepare);
    // No recorded fix yet: the request stays exactly as without the signal.
    return docs.length > 0 ? { docs, weight } : undefined;
  } catch (err) {
    deps.log.warn({ err: summarizeError(err) }, "past fixes not read: ranking without them");
    return undefined;
  }
}
