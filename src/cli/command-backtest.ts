import { createTriageRuntime, LOCAL_INSTALLATION_ID } from "../compose/create-triage-runtime.js";
import type { CliEnv } from "../cli-env.js";
import { indexThreads } from "./index-threads.js";
import { renderReport } from "../eval/render-report.js";
import { createRepoGateway } from "../github/create-repo-gateway.js";
import { createFixGateway } from "../github/fix-gateway.js";
import { fetchMergedFixes } from "../github/fetch-merged-fixes.js";
import { statusOf } from "../github/github-client.js";
import { createSqliteRecordStore } from "../records/sqlite-record-store.js";
import { recordsPath } from "../triage/data-layout.js";
import { refreshIndex } from "../triage/refresh-index.js";
import { runBacktest, type BacktestDeps, type BacktestItem, type BacktestResult, type SpeakSummary } from "../triage/run-backtest.js";
import { findIssueType } from "../triage/find-issue-type.js";
import type { ClosingIssue } from "../triage/fix-ports.js";
import type { Settings } from "../triage/settings-schema.js";
import { readSettings } from "../github/read-settings.js";
import type { RestClient } from "../github/rest-client.js";
import type { LabelAccuracy } from "../route/score-label-accuracy.js";
import { readRoutingMaps } from "../triage/read-routing-maps.js";
import type { Log, RepoGateway } from "../triage/ports.js";
import type { TriageDeps } from "../triage/triage-issue.js";
import { defaultSettings } from "../triage/settings-schema.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { describeGitHubError } from "../github/describe-github-error.js";
import { resolveGitHubTarget } from "./github-target.js";
import { createStderrLog } from "./stderr-log.js";

/** Options of `bugscout backtest`. */
export interface BacktestCommandOptions {
  readonly repo?: string;
  /** Issues to score at most (newest fixes first). */
  readonly limit: number;
  /** `--since YYYY-MM-DD`: only fixes merged from then on. */
  readonly since?: string;
  readonly json: boolean;
  readonly apiUrl?: string;
  readonly storeDir?: string;
  /** Whose records to write: the CLI's own by default, or an app installation's when `--store-dir` is the app's data dir. */
  readonly installation?: number;
}

/** How many files each issue's ranking lists (the table's Hit@10 needs 10; deeper ranks show in the per-issue list). */
const RANK_DEPTH = 50;

/**
 * `bugscout backtest <owner/repo>`: measures BugScout on a repository's own history before installing it. Finds
 * closed issues fixed by merged pull requests (newest first), ranks each issue against the tree at its pull
 * request's base commit and scores the ranking against the pull request's changed non-test files. Prints the same
 * table as `eval` and one line per issue (`--json`: both as JSON), and writes the outcomes to the records, so
 * `bugscout stats` (and an app pointed at the same records) starts with history.
 */
export async function runBacktestCommand(io: CliIo, options: BacktestCommandOptions, env: CliEnv): Promise<number> {
  const target = resolveGitHubTarget(io, options.repo, options, env);
  const { owner, repo, client } = target;
  const since = parseSince(options.since);
  const failure = (doing: string) => (error: unknown) =>
    new CliError(describeGitHubError(error, { doing, repo: `${owner}/${repo}`, authenticated: target.authenticated, apiUrl: target.apiUrl }), 1, { cause: error });
  const log = createStderrLog(io.err);
  io.err(`bugscout: finding issues of ${owner}/${repo} fixed by merged pull requests`);
  const fixes = await fetchMergedFixes(client, { owner, repo }, { limit: options.limit, ...(since !== undefined ? { since } : {}) })
    .catch((error: unknown) => { throw failure("listing merged pull requests")(error); });
  const issues = fixes.reduce((n, f) => n + f.issues.length, 0);
  io.err(`bugscout: ${issues} issue(s) closed by ${fixes.length} merged pull request(s)`);
  if (issues === 0) {
    io.out("No closed issue fixed by a merged pull request was found (a pull request must close the issue: `Fixes #12`).");
    return 0;
  }

  const runtime = createTriageRuntime({ dataDir: target.dataDir, log, indexThreads: indexThreads(env), ...(env.voyage ? { voyage: env.voyage } : {}), maxOpenStores: 1 });
  const installationId = options.installation ?? LOCAL_INSTALLATION_ID;
  const key = { installationId, owner, repo };
  const records = createSqliteRecordStore({ locate: (id) => recordsPath(target.dataDir, id) });
  const gateway = withoutBacktested(createRepoGateway(client, { owner, repo }, runtime.snapshot), fixes.flatMap((f) => f.issues));
  const deps = runtime.triageDeps(gateway, { log, webBaseUrl: target.webBaseUrl });
  const settings = defaultSettings();
  const own = await readSettings(client, { owner, repo }).catch((error: unknown) => { throw failure("reading the settings")(error); });
  const labels = await readAreaMap(client, { owner, repo }, own, deps, log).catch((error: unknown) => { throw failure("reading the area map")(error); });
  let result: BacktestResult;
  try {
    result = await runBacktest({
      key,
      fixes: createFixGateway(client, { owner, repo }),
      refresh: async (commit) => {
        io.err(`bugscout: indexing ${owner}/${repo} at ${commit.slice(0, 7)}`);
        await refreshIndex(deps, { key, commit });
      },
      rank: (text) => runtime.ranker.rank(key, { text, topK: RANK_DEPTH, mode: settings.ranking.mode, include: [], exclude: [], latencyBudgetMs: settings.ranking.latency_budget_ms }),
      records,
      clock: runtime.clock,
      log,
      onProgress: (done, total) => io.progress.update("backtest", done, total),
      ...(labels ? { labels } : {}),
      typeOf: (issue) => findIssueType(deps, { key, issue: { number: issue.number, title: issue.title, body: issue.body, labels: [] }, settings: own.settings }),
      settings: own.settings,
    }, fixes);
    io.progress.done();
  } catch (error) {
    if (error instanceof CliError || statusOf(error) === undefined) throw error;
    throw failure("backtesting")(error);
  } finally {
    await runtime.indexer.release(installationId);
    await records.close();
  }
  if (options.json) {
    const { overall } = result.report;
    io.out(JSON.stringify({ repository: `${owner}/${repo}`, overall, ...(result.labels ? { labels: result.labels } : {}), speak: result.speak, issues: result.items }));
  } else {
    io.out(renderReport(result.report));
    io.out("");
    io.out(`${renderSpeak(result.speak, own.settings)}\n`);
    if (result.labels) io.out(`${renderLabelAccuracy(result.labels)}\n`);
    for (const item of result.items) io.out(renderItem(item));
  }
  return 0;
}

/**
 * The repository's area map (labeler.yml and `labels.areas`, at the default branch's head) and label settings, or
 * undefined when it has none. Settings problems do not stop a backtest; they are only logged.
 */
async function readAreaMap(client: RestClient, repo: { owner: string; repo: string }, own: Awaited<ReturnType<typeof readSettings>>, deps: TriageDeps, log: Log): Promise<BacktestDeps["labels"]> {
  const { settings, problems } = own;
  const head = await deps.gateway.fetchBranchHead((await client.rest.repos.get({ ...repo })).data.default_branch);
  const maps = await readRoutingMaps(deps, { labels: settings.labels, owners: "off" }, head);
  for (const problem of [...problems, ...maps.problems]) log.warn({ path: problem.path, problem: problem.message }, "area map problem");
  return maps.areas.labels.length > 0 ? { areas: maps.areas, settings: settings.labels } : undefined;
}

/**
 * The gateway with the backtested issues left out of the closed issues the issue-type classifier adapts to: the
 * backtest reads each issue's type as it was opened, so the issue's own label must not teach the classifier its answer.
 */
function withoutBacktested<G extends Pick<RepoGateway, "listClosedIssues">>(gateway: G, issues: readonly ClosingIssue[]): G {
  const list = gateway.listClosedIssues?.bind(gateway);
  if (!list) return gateway;
  const backtested = new Set(issues.map((i) => i.title));
  return { ...gateway, listClosedIssues: async (max: number) => (await list(max)).filter((i) => !backtested.has(i.title)) };
}

/** `n` of `d` as a whole percentage; `n/a` of none. */
function pct(n: number, d: number): string {
  return d === 0 ? "n/a" : `${Math.round((100 * n) / d)}%`;
}

/** One paragraph on what the App would have said by itself, and on the type read against the issues' type labels. */
function renderSpeak(speak: SpeakSummary, settings: Pick<Settings, "trigger" | "ranking">): string {
  const rule = `trigger.types ${settings.trigger.types.join(", ") || "none"}, ranking.min_confidence ${settings.ranking.min_confidence.toFixed(2)}, `
    + `trigger.other_types_confidence ${settings.trigger.other_types_confidence.toFixed(2)}`;
  const spoke = `Comments: the App would have commented by itself on ${speak.commented} of ${speak.scored} scored issue(s) (${pct(speak.commented, speak.scored)}; ${rule}), ` +
    `with a file the fix changed first for ${speak.commentedFirstRight} (${pct(speak.commentedFirstRight, speak.commented)} of those).`;
  const typed = speak.typeLabelled === 0
    ? "Issue type: no scored issue carries a type label."
    : `Issue type: ${speak.typeLabelled} scored issue(s) carry a type label; the type read from the text alone was the label's for ${speak.typeAgreed} (${pct(speak.typeAgreed, speak.typeLabelled)}).`;
  return `${spoke}\n${typed}`;
}

/** One paragraph on area labels: how many scored issues carry a label of the map, how often BugScout's was theirs. */
function renderLabelAccuracy(labels: LabelAccuracy): string {
  if (labels.carried === 0) return "Area labels: no scored issue carries a label of the area map.";
  return `Area labels: ${labels.carried} scored issue(s) carry a label of the area map; BugScout would have labelled ${labels.labelled} ` +
    `(${pct(labels.labelled, labels.carried)}), with the issue's own label for ${labels.right} (${pct(labels.right, labels.labelled)} of those it labelled).`;
}

function renderItem(item: BacktestItem): string {
  const head = `#${item.issue} fixed by #${item.pull} (base ${item.commit.slice(0, 7)})`;
  if (item.status === "skipped") return `${head}: skipped, ${item.reason ?? "unknown reason"}`;
  if (item.status === "no-reachable-file") return `${head}: no reachable file (only tests or added files changed)`;
  const ranked = item.files.filter((f) => f.rank !== null).sort((a, b) => a.rank! - b.rank!);
  const labels = (item.labels && item.labels.length > 0 ? `; label ${item.labels.join(", ")}` : "") +
    (item.issue_type ? `; ${item.issue_type.type} (${item.issue_type.source}), ${item.comment ? "commented" : "quiet"}` : "");
  if (ranked.length === 0) return `${head}: not ranked in the top ${RANK_DEPTH} (${item.files.map((f) => f.path).join(", ")})${labels}`;
  return `${head}: ${ranked.map((f) => `${f.path} ranked ${f.rank}`).join(", ")}${labels}`;
}

function parseSince(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(text) ? Date.parse(text) : NaN;
  if (!Number.isFinite(t)) throw new CliError(`--since takes a date such as 2025-01-31, got '${text.slice(0, 100)}'.`, 2);
  return t;
}
