import { homedir } from "node:os";
import { join } from "node:path";
import { createTriageRuntime, LOCAL_INSTALLATION_ID } from "../compose/create-triage-runtime.js";
import type { CliEnv } from "../cli-env.js";
import { indexThreads } from "./index-threads.js";
import { createRepoGateway } from "../github/create-repo-gateway.js";
import { describeGitHubError } from "../github/describe-github-error.js";
import { fetchIssue, FetchIssueError, fetchOwnLogin } from "../github/fetch-issue.js";
import { statusOf } from "../github/github-client.js";
import { parseIssueRef } from "../github/parse-issue-ref.js";
import { readSettings } from "../github/read-settings.js";
import { apiUrlForWeb, createRestClient, GITHUB_API_URL, webUrlForApi } from "../github/rest-client.js";
import { buildOperatorProblems } from "../triage/operator-problems.js";
import { stopsBugScout } from "../triage/parse-settings.js";
import { renderProblemLines } from "../triage/render-problem-lines.js";
import type { OperatorProblem } from "../triage/problem-ports.js";
import type { RepoGateway, RepoKey } from "../triage/ports.js";
import { IndexStoreError } from "../store/store-error.js";
import { skipReason } from "../triage/should-triage.js";
import { summarizeError } from "../triage/summarize-error.js";
import { triageIssue, type TriageOutcome, type TriageRouting } from "../triage/triage-issue.js";
import { describeIssueType } from "../issue-type/describe-issue-type.js";
import { ownerName } from "../route/parse-codeowners.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { createStderrLog } from "./stderr-log.js";
import { describeDecision } from "../triage/decide-comment.js";

/** Options of `bugscout triage`. */
export interface TriageCommandOptions {
  readonly ref?: string;
  /** `--api-url`: wins over `GITHUB_API_URL` and over the host of an issue URL. */
  readonly apiUrl?: string;
  readonly post: boolean;
  readonly json: boolean;
  /** `--store-dir`: where indexes live; default `~/.cache/bugscout/github/<host>`. */
  readonly storeDir?: string;
}

/**
 * `bugscout triage <owner/repo#N | issue URL>`: reads the issue and `.github/bugscout.yml` through the REST API,
 * brings the cached index to the default branch's head (downloading the tarball only when it moved), ranks, and
 * prints the comment the app would post — or upserts it with `--post`; `--json` prints the ranking instead, with the
 * labels and owners under `triage`. The labels and owners it would apply (applies, with `--post`) go to stderr, with
 * the progress. Every GitHub failure is one line and exit code 1, with nothing posted.
 */
export async function runTriageCommand(io: CliIo, options: TriageCommandOptions, env: CliEnv): Promise<number> {
  const { owner, repo, number, apiUrl, webBaseUrl } = resolveTarget(options, env);
  const token = env.github?.token;
  const name = `${owner}/${repo}#${number}`;
  const log = createStderrLog(io.err);
  if (!token) io.err("bugscout: no GITHUB_TOKEN or GH_TOKEN: reading anonymously (public repositories only, 60 requests an hour)");
  const client = createRestClient({ ...(token ? { token } : {}), baseUrl: apiUrl, log: { warn: (m) => io.err(`bugscout: ${m}`) } });
  const failure = (doing: string, issue?: string) => (error: unknown) =>
    new CliError(describeGitHubError(error, { doing, repo: `${owner}/${repo}`, ...(issue ? { issue } : {}), authenticated: !!token, apiUrl }), 1, { cause: error });

  io.err(`bugscout: reading ${name} from ${apiUrl}`);
  const fetched = await fetchIssue(client, { owner, repo }, number).catch((error: unknown) => {
    const issue = error instanceof FetchIssueError && error.stage === "issue" ? name : undefined;
    throw failure(`reading ${name}`, issue)(error instanceof FetchIssueError ? error.cause : error);
  });
  const { settings, problems } = await readSettings(client, { owner, repo }).catch((error: unknown) => {
    throw failure("reading .github/bugscout.yml")(error);
  });
  if (stopsBugScout(problems)) {
    for (const line of renderProblemLines(buildOperatorProblems(problems, []))) io.err(`bugscout: ${line}`);
    if (options.post) throw new CliError("the settings above stop BugScout on this repository: nothing posted (fix them; `bugscout check-settings` checks a file)", 1);
    io.err("bugscout: note: the settings above stop BugScout on this repository: the app would do nothing here; ranking it as asked");
  }
  const skip = skipReason(settings, { action: "opened", labels: fetched.issue.labels, authorIsBot: fetched.issue.authorIsBot, open: fetched.issue.open });
  if (skip) io.err(`bugscout: note: the app would not comment on this issue by itself (${skip}); ranking it as asked`);
  const ownLogin = options.post && token ? await fetchOwnLogin(client).catch((e: unknown) => { throw failure("identifying the token's user")(e); }) : undefined;

  const runtime = createTriageRuntime({
    indexThreads: indexThreads(env),
    dataDir: options.storeDir ?? join(homedir(), ".cache", "bugscout", "github", new URL(apiUrl).host.replace(/[^A-Za-z0-9.-]/g, "_")),
    log,
    ...(env.voyage ? { voyage: env.voyage } : {}),
    maxOpenStores: 1,
  });
  const key: RepoKey = { installationId: LOCAL_INSTALLATION_ID, owner, repo };
  const gateway = reporting(createRepoGateway(client, { owner, repo }, runtime.snapshot, ownLogin), io);
  let outcome: TriageOutcome;
  try {
    // The settings' and maps' problems, as the App's check run lists them: on stderr, one line each.
    const reporter = { repeat: true, publish: async (_commit: string, found: readonly OperatorProblem[]) => { for (const line of renderProblemLines(found)) io.err(`bugscout: ${line}`); } };
    outcome = await triageIssue({ ...runtime.triageDeps(gateway, { log, webBaseUrl }), reporter }, {
      key,
      defaultBranch: fetched.defaultBranch,
      issue: { number, title: fetched.issue.title, body: fetched.issue.body, locked: fetched.issue.locked, labels: fetched.issue.labels, ...(fetched.issue.githubType ? { githubType: fetched.issue.githubType } : {}) },
      // Without --post this is exactly the app's dry run: the same body, logged instead of posted.
      settings: options.post ? settings : { ...settings, dry_run: true },
      problems,
    });
  } catch (error) {
    if (error instanceof CliError || error instanceof IndexStoreError) throw error;
    if (statusOf(error) !== undefined) throw failure(`triaging ${name}`)(error);
    // A bad archive, a full disk: one line with the reason (credentials redacted), not a stack trace.
    const summary = summarizeError(error);
    throw new CliError(`triaging ${name} failed: ${summary.message}${summary.cause ? ` (${summary.cause})` : ""}`, 1, { cause: error });
  } finally {
    await runtime.indexer.release(LOCAL_INSTALLATION_ID);
  }
  return report(io, outcome, options, settings.dry_run, fetched.issue.url);
}

/**
 * The issue and the GitHub it lives on: `--api-url`, else `GITHUB_API_URL`, else the API of the URL's host, else
 * github.com; links use `GITHUB_SERVER_URL`, else the URL's host, else the web root of the API.
 */
function resolveTarget(options: TriageCommandOptions, env: CliEnv) {
  if (!options.ref) throw new CliError("No issue given. Pass owner/repo#123 or an issue URL after 'triage'.", 1);
  const parsed = parseIssueRef(options.ref);
  if (!parsed.ok) throw new CliError(parsed.error, 1);
  const { webUrl } = parsed.ref;
  const apiUrl = checkedUrl(options.apiUrl ?? env.github?.apiUrl ?? (webUrl ? apiUrlForWeb(webUrl) : GITHUB_API_URL));
  return { ...parsed.ref, apiUrl, webBaseUrl: env.github?.serverUrl ?? webUrl ?? webUrlForApi(apiUrl) };
}

function report(io: CliIo, outcome: TriageOutcome, options: TriageCommandOptions, dryRunSetting: boolean, url: string): number {
  const routing = "routing" in outcome ? outcome.routing : undefined;
  if (options.json) {
    if ("ranking" in outcome && outcome.ranking) {
      const issueType = "issueType" in outcome && outcome.issueType ? { issue_type: outcome.issueType } : {};
      io.out(JSON.stringify({ ...outcome.ranking, ...issueType, ...(routing ? { triage: triageJson(routing) } : {}) }));
    }
  } else if ("body" in outcome) {
    // The body ends with a newline; `out` adds one, so stdout is the body byte for byte.
    io.out(outcome.body.replace(/\n$/, ""));
  }
  if ("issueType" in outcome && outcome.issueType) io.err(`bugscout: ${describeIssueType(outcome.issueType)}`);
  if (routing) for (const line of describeRouting(routing, outcome.kind === "posted")) io.err(`bugscout: ${line}`);
  if ("decision" in outcome && outcome.decision) io.err(`bugscout: ${describeDecision(outcome.decision)}`);
  if (outcome.kind === "locked") io.err("bugscout: the issue is locked: nothing posted");
  if (outcome.kind === "dry-run" && options.post && dryRunSetting) io.err("bugscout: the settings say dry_run: true: nothing posted");
  if (outcome.kind === "posted") io.err(`bugscout: comment ${outcome.upsert} on ${url}`);
  return 0;
}

/** What `--json` says of the labels and owners: chosen, and what was (or, without --post, would be) done. */
function triageJson(routing: TriageRouting) {
  const { intent, result } = routing;
  return {
    confidence: routing.confidence,
    labels: intent.labels,
    owners: intent.owners.map(ownerName),
    ...(routing.ownersFile ? { ownersFile: routing.ownersFile } : {}),
    ...(result ? { added: result.added, removed: result.removed, declined: result.declined, assigned: result.assigned } : {}),
  };
}

/** One line each for the labels and owners: what was done with --post, what would be done without. */
function describeRouting(routing: TriageRouting, posted: boolean): string[] {
  const { intent, result } = routing;
  const verb = posted ? "" : "would be ";
  const list = (names: readonly string[]) => names.join(", ");
  const lines: string[] = [];
  if (result && (result.added.length > 0 || result.removed.length > 0 || result.declined.length > 0)) {
    const parts = [
      ...(result.added.length > 0 ? [`${list(result.added)} ${verb}added`] : []),
      ...(result.removed.length > 0 ? [`${list(result.removed)} ${verb}removed (BugScout's own, no longer fitting)`] : []),
      ...(result.declined.length > 0 ? [`${list(result.declined)} left off (a person removed it)`] : []),
    ];
    lines.push(`labels: ${parts.join("; ")}`);
  } else if (intent.labels.length > 0) {
    lines.push(`labels: ${list(intent.labels)} (already on the issue, or not in the repository)`);
  }
  if (intent.owners.length > 0) {
    const assigned = result && result.assigned.length > 0 ? `; ${list(result.assigned)} ${verb}assigned` : "";
    lines.push(`owners: ${list(intent.owners.map(ownerName))}${routing.ownersFile ? ` (${routing.ownersFile})` : ""}${assigned}`);
  }
  return lines;
}

/** The gateway with a progress line before the slow steps (the use-case logs what they did). */
function reporting<G extends RepoGateway>(gateway: G, io: CliIo): G {
  return {
    ...gateway,
    async fetchBranchHead(branch) {
      const sha = await gateway.fetchBranchHead(branch);
      io.err(`bugscout: default branch ${branch} is at ${sha.slice(0, 7)}`);
      return sha;
    },
    downloadSnapshot(commit, dir, options) {
      io.err(`bugscout: downloading the repository at ${commit.slice(0, 7)}`);
      return gateway.downloadSnapshot(commit, dir, options);
    },
  };
}

function checkedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.protocol === "http:") return url;
  } catch {
    // reported below
  }
  throw new CliError(`--api-url / GITHUB_API_URL must be an http(s) URL such as https://ghe.example/api/v3, got '${url.slice(0, 200)}'`, 1);
}
