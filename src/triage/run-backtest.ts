import { scoreRanking, summarizeMetrics } from "../eval/metrics.js";
import { summarizeBy, type EvalReport, type RowResult } from "../eval/evaluate-dataset.js";
import { goldLanguage } from "../eval/dataset.js";
import type { Ranking } from "../rank/types.js";
import type { Outcome, RecordStore } from "../records/record-store.js";
import type { ClosingIssue, FixGateway, MergedPull } from "./fix-ports.js";
import { MAX_FIX_FILES } from "./learn-from-fix.js";
import type { Clock, Log, RepoKey } from "./ports.js";
import { selectReachableFiles } from "./select-fix-files.js";
import type { AreaMap } from "../route/area-map.js";
import { decideRouting, type RoutingSettings } from "../route/decide-routing.js";
import { scoreLabelAccuracy, type LabelAccuracy, type LabelledIssue } from "../route/score-label-accuracy.js";
import { typeFromLabels } from "../issue-type/label-types.js";
import type { IssueType, IssueTypeName } from "../issue-type/types.js";
import { decideComment } from "./decide-comment.js";
import type { Settings } from "./settings-schema.js";

/** What a backtest needs; the CLI builds it over the REST client, the store pool and the records. */
export interface BacktestDeps {
  readonly key: RepoKey;
  readonly fixes: Pick<FixGateway, "listPullFiles">;
  /** Brings the index to `commit` (downloading its tarball when the index is elsewhere). */
  readonly refresh: (commit: string) => Promise<void>;
  readonly rank: (text: string) => Promise<Ranking>;
  readonly records: RecordStore;
  readonly clock: Clock;
  readonly log: Log;
  readonly onProgress?: (done: number, total: number) => void;
  /** The repository's area map and label settings: with them the backtest also scores area labels. */
  readonly labels?: { readonly areas: AreaMap; readonly settings: RoutingSettings["labels"] };
  /**
   * The issue's type as the App would have read it when the issue was opened (its text, no labels), and the settings
   * that decide whether the App comments by itself.
   */
  readonly typeOf: (issue: ClosingIssue) => Promise<IssueType>;
  readonly settings: Pick<Settings, "trigger" | "ranking" | "issue_types">;
}

/** One issue of the backtest and what became of it. */
export interface BacktestItem {
  readonly issue: number;
  readonly pull: number;
  readonly commit: string;
  readonly status: "scored" | "no-reachable-file" | "skipped";
  /** Why an issue was skipped. */
  readonly reason?: string;
  /** The reachable changed files with their rank in the ranking (null: not in it). */
  readonly files: readonly { readonly path: string; readonly rank: number | null }[];
  /** With an area map: the labels BugScout would have chosen for the issue. */
  readonly labels?: readonly string[];
  /** Scored issues: the type BugScout read from the issue's text. */
  readonly issue_type?: IssueType;
  /** Scored issues: the type the issue's labels say now, if any. */
  readonly labelled_type?: IssueTypeName;
  /** Scored issues: whether the App would have commented by itself (`trigger.types`, `ranking.min_confidence`). */
  readonly comment?: boolean;
}

/** Over the scored issues: how often the App would have spoken by itself, and how right it was then; the type read against the issues' own type labels. */
export interface SpeakSummary {
  readonly scored: number;
  /** Issues the App would have commented on by itself. */
  readonly commented: number;
  /** Of those, the issues whose first file is one the fix changed. */
  readonly commentedFirstRight: number;
  /** Scored issues that carry a type label now. */
  readonly typeLabelled: number;
  /** Of those, the issues whose type BugScout read from the text alone is the label's. */
  readonly typeAgreed: number;
}

/** The eval-style report over the scored issues, and every issue's line. */
export interface BacktestResult {
  readonly report: EvalReport;
  readonly items: readonly BacktestItem[];
  /** With an area map: over the scored issues that carry a label of the map, how often BugScout's label was theirs. */
  readonly labels?: LabelAccuracy;
  readonly speak: SpeakSummary;
}

/** Ranks compared with the comment the app would post: a file below this rank counts as "not ranked" in the records. */
export const RECORDED_TOP = 5;
const MAX_ISSUE_TEXT = 8_000;

/**
 * The backtest: for each fix, the pull request's reachable changed files (tests and created files dropped, huge pull
 * requests skipped); issues are then ranked against the tree at their pull request's base commit, commits oldest
 * first so the index is updated incrementally and each commit is downloaded once. Each scored issue (and each fix
 * with no reachable file) is written to the records as a `backtest` outcome; a base commit that cannot be fetched
 * (force-pushed away) skips its issues with one log line.
 */
export async function runBacktest(deps: BacktestDeps, fixes: readonly { pull: MergedPull; issues: readonly ClosingIssue[] }[]): Promise<BacktestResult> {
  const items: BacktestItem[] = [];
  const rows: RowResult[] = [];
  const todo: { pull: MergedPull; issue: ClosingIssue; reachable: string[] }[] = [];
  for (const { pull, issues } of fixes) {
    const listed = pull.changedFiles > MAX_FIX_FILES ? undefined : await deps.fixes.listPullFiles(pull.number, MAX_FIX_FILES);
    if (!listed || listed.truncated) {
      deps.log.warn({ pull: pull.number, cap: MAX_FIX_FILES }, "pull request too large to learn from: outcome not recorded");
      for (const issue of issues) items.push({ issue: issue.number, pull: pull.number, commit: pull.baseCommit, status: "skipped", reason: `over ${MAX_FIX_FILES} changed files`, files: [] });
      continue;
    }
    const reachable = selectReachableFiles(listed.files);
    for (const issue of issues) {
      if (reachable.length > 0) {
        todo.push({ pull, issue, reachable });
        continue;
      }
      await record(deps, pull, issue, [], "no-reachable-file");
      items.push({ issue: issue.number, pull: pull.number, commit: pull.baseCommit, status: "no-reachable-file", files: [] });
    }
  }
  const labelled: LabelledIssue[] = [];
  const speak = { scored: 0, commented: 0, commentedFirstRight: 0, typeLabelled: 0, typeAgreed: 0 };
  const byCommit = new Map<string, typeof todo>();
  for (const item of todo) byCommit.set(item.pull.baseCommit, [...(byCommit.get(item.pull.baseCommit) ?? []), item]);
  const firstMerge = (list: typeof todo) => Math.min(...list.map((i) => Date.parse(i.pull.mergedAt)));
  const commits = [...byCommit].sort(([, a], [, b]) => firstMerge(a) - firstMerge(b));
  let done = 0;
  for (const [commit, list] of commits) {
    try {
      await deps.refresh(commit);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status !== 404 && status !== 422) throw error;
      deps.log.warn({ commit, issues: list.length }, "base commit not found (force-pushed away?): its issues are skipped");
      for (const { pull, issue } of list) items.push({ issue: issue.number, pull: pull.number, commit, status: "skipped", reason: "base commit not found (force-pushed?)", files: [] });
      done += list.length;
      continue;
    }
    for (const { pull, issue, reachable } of list) {
      const ranking = await deps.rank(issueText(issue));
      const paths = ranking.files.map((f) => f.path);
      const files = reachable.map((path) => ({ path, rank: paths.indexOf(path) + 1 || null }));
      rows.push({ id: `#${issue.number}`, repo: `${deps.key.owner}/${deps.key.repo}`, lang: goldLanguage(reachable), ranking: paths, mode: ranking.mode, ms: ranking.ms, metrics: scoreRanking(paths, reachable) });
      await record(deps, pull, issue, files.map((f) => ({ path: f.path, rank: f.rank !== null && f.rank <= RECORDED_TOP ? f.rank : null })), "scored");
      const labels = deps.labels ? chooseLabels(deps.labels, ranking) : undefined;
      if (labels && deps.labels) labelled.push({ map: deps.labels.areas.labels.map((l) => l.label), chosen: labels, closed: issue.labels ?? [] });
      // The issue as it was opened: its text decides the type, and no label it was given later forces an answer.
      const issueType = await deps.typeOf(issue);
      const labelledType = typeFromLabels(issue.labels ?? [], deps.settings.issue_types.labels);
      const { comment } = decideComment({ settings: deps.settings, issueType, confidence: ranking.confidence, namesFirstFile: ranking.namesFirstFile, files: paths.length, requested: false, labels: [] });
      speak.scored++;
      if (comment) {
        speak.commented++;
        if (reachable.includes(paths[0] ?? "")) speak.commentedFirstRight++;
      }
      if (labelledType) {
        speak.typeLabelled++;
        if (labelledType === issueType.type) speak.typeAgreed++;
      }
      items.push({
        issue: issue.number, pull: pull.number, commit, status: "scored", files, ...(labels ? { labels } : {}),
        issue_type: issueType, ...(labelledType ? { labelled_type: labelledType } : {}), comment,
      });
      deps.onProgress?.(++done, todo.length);
    }
  }
  const overall = summarizeMetrics(rows.map((r) => r.metrics));
  return {
    report: { overall, byLanguage: summarizeBy(rows, (r) => r.lang), byRepo: new Map(rows.length > 0 ? [[rows[0].repo, overall]] : []), rows, errors: 0 },
    items: items.sort((a, b) => b.issue - a.issue),
    ...(deps.labels ? { labels: scoreLabelAccuracy(labelled) } : {}),
    speak,
  };
}

/** The area labels the app would choose for this ranking (its confidence against `labels.min_confidence`). */
function chooseLabels(labels: NonNullable<BacktestDeps["labels"]>, ranking: Ranking): string[] {
  return [...decideRouting({ ranked: ranking.files, confidence: ranking.confidence, areas: labels.areas, settings: { labels: labels.settings, owners: "off", max_owners: 0 } }).labels];
}

async function record(deps: BacktestDeps, pull: MergedPull, issue: ClosingIssue, files: Outcome["files"], status: Outcome["status"]): Promise<void> {
  const now = deps.clock.now();
  const fixedAt = Date.parse(pull.mergedAt);
  await deps.records.recordOutcome(deps.key, {
    issueNumber: issue.number, pullNumber: pull.number, issueText: issueText(issue), files, status, source: "backtest",
    fixedAt: Number.isFinite(fixedAt) ? fixedAt : now, recordedAt: now,
  });
}

function issueText(issue: ClosingIssue): string {
  return [issue.title, issue.body].filter((s) => s.trim() !== "").join("\n\n").slice(0, MAX_ISSUE_TEXT);
}
