import { tmpdir } from "node:os";
import path from "node:path";
import type { RequestedMode } from "../triage/rank-issue.js";
import { REQUESTED_MODES } from "../triage/requested-modes.js";

/** The Action's inputs that change the settings; absent ones leave `.github/bugscout.yml` (or its defaults) alone. */
export interface ActionInputs {
  readonly topK?: number;
  readonly mode?: RequestedMode;
  readonly budgetMs?: number;
  /** Log the comment instead of posting it. */
  readonly dryRun: boolean;
}

/** Everything the Action reads from its environment, validated. */
export interface ActionEnv {
  readonly eventName: string;
  readonly eventPath: string;
  readonly owner: string;
  readonly repo: string;
  /** The checkout, when the workflow made one (`actions/checkout`); indexed in place when it is at the branch head. */
  readonly workspace?: string;
  readonly apiUrl: string;
  /** Web root for file links in the comment. */
  readonly serverUrl: string;
  readonly token: string;
  /** Indexes, records and the command history; kept between runs in the Actions cache (run-caches.ts). */
  readonly dataDir: string;
  readonly inputs: ActionInputs;
  readonly voyage?: { readonly apiKey: string; readonly baseUrl?: string };
  readonly commands: { readonly limit: number; readonly windowMs: number };
  /** `GITHUB_STATE`: what the main step tells the post step (which caches to save). */
  readonly stateFile?: string;
  /** `GITHUB_OUTPUT`: the file step outputs (files, top-file, labels, owners, confidence) are appended to. */
  readonly outputFile?: string;
  /** GITHUB_STEP_SUMMARY: the job summary, where settings problems are listed. */
  readonly summaryFile?: string;
  /** The workflow run (`GITHUB_SHA`, `GITHUB_RUN_ID`, `GITHUB_RUN_ATTEMPT`), which keys the caches; absent outside a run. */
  readonly run?: { readonly sha: string; readonly id: string; readonly attempt: string };
}

/** A readable list of what is wrong with the Action's environment; it names variables and inputs, never values of secrets. */
export class ActionEnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ActionEnvError";
  }
}

/**
 * Reads the standard Actions environment (`GITHUB_EVENT_NAME`, `GITHUB_EVENT_PATH`, `GITHUB_REPOSITORY`,
 * `GITHUB_WORKSPACE`, `GITHUB_API_URL`, `GITHUB_SERVER_URL`, `RUNNER_TEMP`, `GITHUB_SHA`, `GITHUB_RUN_ID`, …), the
 * token (`INPUT_GITHUB-TOKEN` as the runner names inputs, `INPUT_GITHUB_TOKEN` also accepted, else `GITHUB_TOKEN`)
 * and the optional inputs.
 * Everything but the event, the repository and the token has a default. Pure; throws ActionEnvError.
 */
export function parseActionEnv(source: Readonly<Record<string, string | undefined>>): ActionEnv {
  const value = (name: string) => source[name]?.trim() || undefined;
  const input = (name: string) => value(`INPUT_${name.toUpperCase()}`) ?? value(`INPUT_${name.toUpperCase().replace(/-/g, "_")}`);
  const required = (name: string) => value(name) ?? fail(`${name} is not set: run BugScout as a step of a GitHub Actions workflow`);
  const [owner, repo, ...rest] = required("GITHUB_REPOSITORY").split("/");
  if (!owner || !repo || rest.length > 0) fail("GITHUB_REPOSITORY must look like owner/repo");
  const token = input("github-token") ?? value("GITHUB_TOKEN")
    ?? fail("no token: the github-token input (default ${{ github.token }}) or GITHUB_TOKEN must be set");
  const apiUrl = value("GITHUB_API_URL") ?? "https://api.github.com";
  const runnerTemp = value("RUNNER_TEMP") ?? tmpdir();
  const apiKey = value("VOYAGE_API_KEY");
  const voyageBase = value("VOYAGE_BASE_URL");
  const workspace = value("GITHUB_WORKSPACE");
  const stateFile = value("GITHUB_STATE");
  const outputFile = value("GITHUB_OUTPUT");
  const summaryFile = value("GITHUB_STEP_SUMMARY");
  const sha = value("GITHUB_SHA");
  const runId = value("GITHUB_RUN_ID");
  return {
    ...(stateFile ? { stateFile } : {}),
    ...(outputFile ? { outputFile } : {}),
    ...(summaryFile ? { summaryFile } : {}),
    ...(sha && runId ? { run: { sha, id: runId, attempt: value("GITHUB_RUN_ATTEMPT") ?? "1" } } : {}),
    eventName: required("GITHUB_EVENT_NAME"),
    eventPath: required("GITHUB_EVENT_PATH"),
    owner: owner!,
    repo: repo!,
    ...(workspace ? { workspace } : {}),
    apiUrl,
    serverUrl: value("GITHUB_SERVER_URL") ?? (apiUrl === "https://api.github.com" ? "https://github.com" : apiUrl.replace(/\/api\/v3\/?$/, "")),
    token,
    dataDir: path.resolve(value("BUGSCOUT_DATA_DIR") ?? path.join(runnerTemp, "bugscout")),
    inputs: {
      ...optionalInt(input("top-k"), "top-k", 1, 20, (topK) => ({ topK })),
      ...optionalMode(input("mode")),
      ...optionalInt(input("budget-ms"), "budget-ms", 100, 60_000, (budgetMs) => ({ budgetMs })),
      dryRun: bool(input("dry-run"), "dry-run"),
    },
    ...(apiKey ? { voyage: { apiKey, ...(voyageBase ? { baseUrl: voyageBase } : {}) } } : {}),
    commands: {
      limit: optionalInt(value("BUGSCOUT_COMMANDS_PER_WINDOW"), "BUGSCOUT_COMMANDS_PER_WINDOW", 1, 10_000, (n) => ({ n })).n ?? 10,
      windowMs: (optionalInt(value("BUGSCOUT_COMMAND_WINDOW_SECONDS"), "BUGSCOUT_COMMAND_WINDOW_SECONDS", 1, 86_400, (n) => ({ n })).n ?? 600) * 1000,
    },
  };
}

function optionalInt<T extends object>(text: string | undefined, name: string, min: number, max: number, wrap: (n: number) => T): Partial<T> {
  if (text === undefined) return {};
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} must be a whole number from ${min} to ${max}, got '${text.slice(0, 50)}'`);
  return wrap(n);
}

function optionalMode(text: string | undefined): { mode?: RequestedMode } {
  if (text === undefined) return {};
  if (!REQUESTED_MODES.includes(text as RequestedMode)) fail(`mode must be one of ${REQUESTED_MODES.join(", ")}, got '${text.slice(0, 50)}'`);
  return { mode: text as RequestedMode };
}

// The YAML 1.2 core schema's booleans, as the Actions toolkit's getBooleanInput accepts them.
function bool(text: string | undefined, name: string): boolean {
  if (text === undefined) return false;
  if (["true", "True", "TRUE"].includes(text)) return true;
  if (["false", "False", "FALSE"].includes(text)) return false;
  return fail(`${name} must be true or false, got '${text.slice(0, 50)}'`);
}

function fail(message: string): never {
  throw new ActionEnvError(message);
}
