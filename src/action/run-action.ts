import { appendFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createAppDeps } from "../compose/create-app-deps.js";
import { createTriageRuntime, LOCAL_INSTALLATION_ID } from "../compose/create-triage-runtime.js";
import { describeGitHubError } from "../github/describe-github-error.js";
import { statusOf } from "../github/github-client.js";
import { createRestClient } from "../github/rest-client.js";
import { onIssueComment } from "../handlers/on-issue-comment.js";
import { onIssue } from "../handlers/on-issue.js";
import { onIssueClosed } from "../handlers/on-fix.js";
import { createSqliteRecordStore } from "../records/sqlite-record-store.js";
import { createHistoryDocCache } from "../triage/history-doc-cache.js";
import { createBackgroundQueue } from "../triage/background-queue.js";
import { parseCommand } from "../triage/parse-command.js";
import { summarizeError } from "../triage/summarize-error.js";
import type { ActionEnv } from "./action-env.js";
import { createActionLog } from "./action-log.js";
import { createAnnotationReporter } from "./annotation-reporter.js";
import { checkSettingsEvent, settingsCommitOf } from "./check-settings-event.js";
import { applyInputs } from "./apply-inputs.js";
import { commandHistoryPath, loadCommandHistory, saveCommandHistory } from "./command-history.js";
import { actionRecordsPath } from "./run-caches.js";
import { buildTriageOutputs } from "./triage-outputs.js";
import { findWorkspaceCommit } from "./workspace-commit.js";

type IssueHandler = ReturnType<typeof onIssue>;
type CommentHandler = ReturnType<typeof onIssueComment>;
type ClosedHandler = ReturnType<typeof onIssueClosed>;
type Handler = "issue" | "comment" | "closed";

/**
 * One workflow run: reads the event file and hands the event to the app's own handlers (the same guards, settings,
 * permission rule and rate limit), over a REST client with the workflow's token and dependencies from the shared
 * composition root. Returns the exit code: 0 when the event was handled or not for BugScout, 1 with an `::error::`
 * line when GitHub or the event file failed.
 */
export async function runAction(
  env: ActionEnv,
  write: (text: string) => void,
  options: {
    readonly version?: string;
    /** Writes one step output (GITHUB_OUTPUT); main.ts passes it, tests read the file. */
    readonly setOutput?: (name: string, value: string) => void;
    /** Runs once the event is known to be one BugScout handles, before anything is read from the data dir (main.ts restores the caches). */
    readonly beforeHandling?: () => Promise<void>;
  } = {},
): Promise<number> {
  const version = options.version ?? "action";
  const log = createActionLog(write);
  const event = await readEvent(env.eventPath);
  if (!event.ok) {
    write(`::error::BugScout: ${event.error}\n`);
    return 1;
  }
  const payload = event.payload;
  const action = typeof payload.action === "string" ? payload.action : "";
  const settingsCommit = settingsCommitOf(env.eventName, action, payload);
  if (settingsCommit) {
    // A pull request or a push: check the settings at its commit (nothing is indexed, ranked or posted).
    const client = createRestClient({ token: env.token, baseUrl: env.apiUrl, log: { warn: (m) => log.warn({}, m) } });
    const reporter = createAnnotationReporter(write, env.summaryFile ? (markdown) => appendFileSync(env.summaryFile!, markdown) : undefined);
    try {
      return await checkSettingsEvent({ client, reporter, log }, { owner: env.owner, repo: env.repo }, settingsCommit);
    } catch (error) {
      const message = statusOf(error) === undefined
        ? summarizeError(error).message
        : describeGitHubError(error, { doing: "reading .github/bugscout.yml", repo: `${env.owner}/${env.repo}`, authenticated: true, apiUrl: env.apiUrl, tokenSource: "the github-token input" });
      write(`::error::BugScout: ${message.replace(/[\r\n]+/g, " ")}\n`);
      return 1;
    }
  }
  const handler = pickHandler(env.eventName, action, payload);
  if (!handler) {
    log.info({}, `nothing to do for ${env.eventName}${action ? `.${action}` : ""}`);
    return 0;
  }
  const missing = missingFields(payload, handler);
  if (missing.length > 0) {
    write(`::error::BugScout: the ${env.eventName} event in GITHUB_EVENT_PATH lacks ${missing.join(", ")}\n`);
    return 1;
  }

  await options.beforeHandling?.();
  const workspaceCommit = await findWorkspaceCommit(env.workspace);
  const history = commandHistoryPath(env.dataDir);
  const records = createSqliteRecordStore({ locate: () => actionRecordsPath(env.dataDir) });
  const runtime = createTriageRuntime({
    dataDir: env.dataDir,
    log,
    ...(env.voyage ? { voyage: env.voyage } : {}),
    commands: { ...env.commands, seed: env.eventName === "issue_comment" ? await loadCommandHistory(history) : {} },
    maxOpenStores: 1,
    sourceRoot: (_key, commit) => (commit === workspaceCommit ? env.workspace : undefined),
  });
  const deps = createAppDeps(runtime, {
    webBaseUrl: env.serverUrl,
    version,
    background: createBackgroundQueue({ concurrency: 1, maxWaiting: 1 }),
    adjustSettings: (settings) => applyInputs(settings, env.inputs),
    localTree: (commit) => (commit === workspaceCommit ? env.workspace : undefined),
    // In the state folder the cache keeps between runs: `/bugscout stats`, learning from fixes and similar past fixes.
    records,
    historyDocs: createHistoryDocCache(),
    // The step outputs (files, top-file, labels, owners, confidence) of the ranking this run made, if any.
    // Settings problems as annotations at their lines and in the job summary (the App's check run, for a workflow).
    problemReporter: () => reporter,
    onTriaged: (outcome) => {
      const outputs = buildTriageOutputs(outcome, env.repo);
      if (outputs) for (const [name, value] of Object.entries(outputs)) options.setOutput?.(name, value);
    },
  });
  const reporter = createAnnotationReporter(write, env.summaryFile ? (markdown) => appendFileSync(env.summaryFile!, markdown) : undefined);
  const client = createRestClient({ token: env.token, baseUrl: env.apiUrl, log: { warn: (m) => log.warn({}, m) } });
  const context = {
    name: env.eventName,
    id: `${env.eventName}-${Date.now()}`,
    // The app's handlers key storage by installation; a workflow acts for its one repository.
    payload: { ...payload, installation: { id: LOCAL_INSTALLATION_ID } },
    octokit: client,
    log,
  };
  try {
    if (handler === "issue") await onIssue(deps)(context as unknown as Parameters<IssueHandler>[0]);
    else if (handler === "closed") await onIssueClosed(deps)(context as unknown as Parameters<ClosedHandler>[0]);
    else await onIssueComment(deps)(context as unknown as Parameters<CommentHandler>[0]);
    if (reporter.stopped()) {
      write("::error::BugScout: the settings stop BugScout on this repository (see the annotations above); nothing was done\n");
      return 1;
    }
    return 0;
  } catch (error) {
    const message = statusOf(error) === undefined
      ? summarizeError(error).message
      : describeGitHubError(error, {
        doing: `handling ${env.eventName}.${action}`,
        repo: `${env.owner}/${env.repo}`,
        ...(issueNumber(payload) ? { issue: `${env.owner}/${env.repo}#${issueNumber(payload)}` } : {}),
        authenticated: true,
        apiUrl: env.apiUrl,
        tokenSource: "the github-token input",
      });
    write(`::error::BugScout: ${message.replace(/[\r\n]+/g, " ")}\n`);
    return 1;
  } finally {
    if (handler === "comment") await saveCommandHistory(history, runtime.commandLimiter.entries());
    await records.close();
  }
}

/**
 * The fields the app's handlers read that the event lacks. GitHub's own events always have them; a hand-made or
 * truncated event file gets this answer instead of a TypeError from deep inside a handler.
 */
function missingFields(payload: Record<string, unknown>, handler: Handler): string[] {
  const at = (path: string): unknown => path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], payload);
  const required: [string, string][] = [
    ["repository.full_name", "string"], ["repository.name", "string"], ["repository.owner.login", "string"],
    ["issue.number", "number"], ["issue.title", "string"], ["sender.login", "string"],
    ...(handler === "comment" ? [["comment.id", "number"], ["comment.user.login", "string"]] as [string, string][] : []),
  ];
  return required.filter(([path, type]) => typeof at(path) !== type).map(([path]) => path);
}

function issueNumber(payload: Record<string, unknown>): number | undefined {
  const number = (payload.issue as { number?: unknown } | undefined)?.number;
  return typeof number === "number" ? number : undefined;
}

/** Which app handler serves the event, or undefined for events BugScout does not act on. */
function pickHandler(eventName: string, action: string, payload: Record<string, unknown>): Handler | undefined {
  if (eventName === "issues" && (action === "opened" || action === "labeled" || action === "edited" || action === "typed")) return "issue";
  // A closed issue teaches the records which files its fix changed (the app's learning loop, handlers/on-fix.ts).
  if (eventName === "issues" && action === "closed") return "closed";
  if (eventName !== "issue_comment" || action !== "created") return undefined;
  // Every comment on every issue starts the workflow: leave at once unless it holds a command.
  const body = (payload.comment as { body?: unknown } | undefined)?.body;
  return typeof body === "string" && parseCommand(body) ? "comment" : undefined;
}

async function readEvent(file: string): Promise<{ ok: true; payload: Record<string, unknown> } | { ok: false; error: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return { ok: false, error: "cannot read the event file named by GITHUB_EVENT_PATH" };
  }
  try {
    const payload = JSON.parse(text) as unknown;
    if (typeof payload === "object" && payload !== null && !Array.isArray(payload)) return { ok: true, payload: payload as Record<string, unknown> };
  } catch {
    // reported below
  }
  return { ok: false, error: "the event file named by GITHUB_EVENT_PATH is not a JSON object" };
}
