import type { Outcome, RecordStore } from "../records/record-store.js";
import { FixAccessError, type FixGateway, type MergedPull } from "./fix-ports.js";
import type { Clock, Log, RepoKey } from "./ports.js";
import { outcomeStatus, rankFixFiles, selectReachableFiles } from "./select-fix-files.js";

/** What learning from fixes needs. */
export interface LearnDeps {
  readonly records: RecordStore;
  readonly fixes: FixGateway;
  readonly clock: Clock;
  readonly log: Log;
  /** Called once per installation when GitHub refuses the reads (the app lacks `pull_requests: read`). */
  readonly onForbidden: (key: RepoKey) => void;
}

/** An issue as the event carries it. */
export interface FixedIssue {
  readonly number: number;
  readonly title: string;
  readonly body: string;
}

/** What learning did for one issue and pull request. */
export interface LearnResult {
  readonly issue: number;
  readonly pull: number;
  readonly result: "recorded" | "duplicate" | "skipped";
  readonly status?: Outcome["status"];
}

/**
 * `pulls.listFiles` stops at 3,000 files: a larger pull request is not a bug fix one can learn from, and its file
 * list would be cut, so its outcome is not recorded.
 */
export const MAX_FIX_FILES = 3_000;
/** Issue text kept with an outcome for the similar-past-fixes signal. */
const MAX_ISSUE_TEXT = 8_000;

/** A merged pull request: records an outcome for every issue of this repository it closes. */
export async function learnFromMergedPull(deps: LearnDeps, key: RepoKey, pull: MergedPull): Promise<LearnResult[]> {
  const closing = await guard(deps, key, () => deps.fixes.fetchClosingIssues(pull.number), { pull: pull.number });
  if (!closing) return [];
  const own = closing.filter((i) => sameRepo(key, i.repository));
  if (own.length < closing.length) {
    deps.log.info({ pull: pull.number, other: closing.length - own.length }, "closing references to issues of other repositories ignored");
  }
  return learnPairs(deps, key, pull, own);
}

/** A closed issue: records an outcome for every merged pull request of this repository that closed it. */
export async function learnFromClosedIssue(deps: LearnDeps, key: RepoKey, issue: FixedIssue): Promise<LearnResult[]> {
  const pulls = await guard(deps, key, () => deps.fixes.fetchClosingPulls(issue.number), { issue: issue.number });
  if (!pulls) return [];
  const results: LearnResult[] = [];
  for (const pull of pulls.filter((p) => sameRepo(key, p.repository))) results.push(...(await learnPairs(deps, key, pull, [issue])));
  return results;
}

async function learnPairs(deps: LearnDeps, key: RepoKey, pull: MergedPull, issues: readonly FixedIssue[]): Promise<LearnResult[]> {
  const todo: FixedIssue[] = [];
  for (const issue of issues) {
    if (await deps.records.hasOutcome(key, issue.number, pull.number)) continue;
    todo.push(issue);
  }
  const skipped = issues.filter((i) => !todo.includes(i)).map((i) => ({ issue: i.number, pull: pull.number, result: "duplicate" as const }));
  if (todo.length === 0) return skipped;
  if (pull.changedFiles > MAX_FIX_FILES) {
    deps.log.warn({ pull: pull.number, changedFiles: pull.changedFiles, cap: MAX_FIX_FILES }, "pull request too large to learn from: outcome not recorded");
    return [...skipped, ...todo.map((i) => ({ issue: i.number, pull: pull.number, result: "skipped" as const }))];
  }
  const listed = await guard(deps, key, () => deps.fixes.listPullFiles(pull.number, MAX_FIX_FILES), { pull: pull.number });
  if (!listed || listed.truncated) {
    if (listed) deps.log.warn({ pull: pull.number, cap: MAX_FIX_FILES }, "pull request too large to learn from: outcome not recorded");
    return [...skipped, ...todo.map((i) => ({ issue: i.number, pull: pull.number, result: "skipped" as const }))];
  }
  const reachable = selectReachableFiles(listed.files);
  const results: LearnResult[] = [...skipped];
  for (const issue of todo) {
    const prediction = await deps.records.findPrediction(key, issue.number);
    const status = outcomeStatus(reachable, prediction);
    const outcome: Outcome = {
      issueNumber: issue.number,
      pullNumber: pull.number,
      issueText: [issue.title, issue.body].filter((s) => s.trim() !== "").join("\n\n").slice(0, MAX_ISSUE_TEXT),
      files: rankFixFiles(reachable, prediction),
      status,
      source: "app",
      fixedAt: parseTime(pull.mergedAt) ?? deps.clock.now(),
      recordedAt: deps.clock.now(),
    };
    const result = await deps.records.recordOutcome(key, outcome);
    const best = outcome.files.map((f) => f.rank).filter((r) => r !== null).sort((a, b) => a - b)[0] ?? null;
    deps.log.info({ issue: issue.number, pull: pull.number, status, bestRank: best, result }, "fix outcome learned");
    results.push({ issue: issue.number, pull: pull.number, result, status });
  }
  return results;
}

/**
 * Runs a GitHub read; a refusal becomes undefined after one log line: `forbidden` through `onForbidden` (once per
 * installation), `not-found` (a deleted issue or pull request) at info.
 */
async function guard<T>(deps: LearnDeps, key: RepoKey, read: () => Promise<T>, about: object): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof FixAccessError)) throw err;
    if (err.problem === "forbidden") deps.onForbidden(key);
    else deps.log.info({ ...about, reason: err.message }, "fix not learned: not found on GitHub (deleted?)");
    return undefined;
  }
}

function sameRepo(key: RepoKey, fullName: string): boolean {
  return fullName.toLowerCase() === `${key.owner}/${key.repo}`.toLowerCase();
}

function parseTime(iso: string): number | undefined {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : undefined;
}
