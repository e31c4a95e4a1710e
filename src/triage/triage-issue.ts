import type { IssueType } from "../issue-type/types.js";
import type { Ranking } from "../rank/types.js";
import type { PastFix, RecordStore } from "../records/record-store.js";
import type { HistoryDocCache } from "./history-doc-cache.js";
import { prepareHistoryDoc } from "../rank/signals/score-history.js";
import { repoKeyString } from "./data-layout.js";
import type { KeyedLock } from "./keyed-lock.js";
import type { CommandOptions } from "./parse-command.js";
import type { SettingsProblem } from "./parse-settings.js";
import type { IssueRanker, RankRequest, RepoGateway, RepoKey, UpsertOutcome } from "./ports.js";
import type { RoutingIntent } from "../route/decide-routing.js";
import { NO_ROUTING_MAPS, readRoutingMaps } from "./read-routing-maps.js";
import type { RoutingResult } from "./route-issue.js";
import type { RoutingGateway } from "./routing-ports.js";
import type { ProblemReporter } from "./problem-ports.js";
import { refreshIndex, type RefreshIndexDeps } from "./refresh-index.js";
import type { Settings } from "./settings-schema.js";
import { decideComment, type CommentDecision } from "./decide-comment.js";
import { summarizeError } from "./summarize-error.js";
import { isolateExtra, type ExtraFailureSink } from "./isolate-extra.js";
import { sourceMapReader } from "./source-map-reader.js";
import { findIssueType, type IssueTypeDeps } from "./find-issue-type.js";
import { answerRankedIssue } from "./answer-ranked-issue.js";

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
 * (labeler.yml, CODEOWNERS), then answers (answer-ranked-issue.ts): renders the comment and upserts it (or logs it in
 * dry-run mode, or stays silent below the confidence floor); with the comment go the area labels and owners
 * (src/route/decide-routing.ts), applied without fighting anyone's change (src/triage/route-issue.ts). No comment, no
 * label: the comment explains them and keeps their state.
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
    const maps = isolateExtra(deps, "routing-maps", { issue: issue.number }, () => readRoutingMaps(deps, settings, commit), NO_ROUTING_MAPS);
    const refresh = await refreshIndex(deps, { key, commit });
    const history = await readPastFixes(deps, request);
    const readFile = sourceMapReader(deps, issue.number);
    const ranking = await deps.ranker.rank(key, { ...buildRankRequest(request), ...(history ? { history } : {}) }, readFile);
    const { confidence } = ranking;
    deps.log.info({ issue: issue.number, mode: ranking.mode, reason: ranking.reason, files: ranking.files.length, confidence, ms: ranking.ms }, "issue ranked");
    const decision = decideComment({ settings, issueType, confidence, namesFirstFile: ranking.namesFirstFile, files: ranking.files.length, requested: request.command !== undefined, labels: issue.labels ?? [] });
    deps.log.info({ issue: issue.number, comment: decision.comment, gate: decision.gate, reason: decision.reason }, "comment decision");
    return answerRankedIssue(deps, request, { commit, refresh, ranking, decision, issueType, maps: await maps, ...(facts ? { facts } : {}) });
  });
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
