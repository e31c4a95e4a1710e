import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { createTriageRuntime, LOCAL_INSTALLATION_ID } from "../compose/create-triage-runtime.js";
import type { CliEnv } from "../cli-env.js";
import { ownerName } from "../route/parse-codeowners.js";
import { describeDecision } from "../triage/decide-comment.js";
import { parseSettings, stopsBugScout, type ParsedSettings } from "../triage/parse-settings.js";
import { defaultSettings, SETTINGS_FILE } from "../triage/settings-schema.js";
import { triageIssue } from "../triage/triage-issue.js";
import { createCheckoutGateway } from "./checkout-gateway.js";
import { readCheckoutIdentity } from "./checkout-identity.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { indexThreads } from "./index-threads.js";
import { readIssueText } from "./read-issue-text.js";
import { resolveCheckout } from "./resolve-checkout.js";
import { createStderrLog } from "./stderr-log.js";

/** Options of `bugscout triage --issue-file F --repo DIR`. */
export interface PreviewCommandOptions {
  readonly issueFile?: string;
  readonly repo?: string;
  /** `--settings S`: a settings file to use instead of the checkout's `.github/bugscout.yml`. */
  readonly settings?: string;
  /** `--label L` (repeatable): the issue's labels (a type label, a `trigger.labels` one). */
  readonly labels: readonly string[];
  readonly json: boolean;
  /** `--store-dir`: where the checkout's index lives; default `~/.cache/bugscout/preview`. */
  readonly storeDir?: string;
}

/** The issue number a preview's comment is rendered for; it appears nowhere in the comment. */
const PREVIEW_ISSUE = 1;

/**
 * `bugscout triage --issue-file F --repo DIR`: the comment the App would post for the issue in F on the checkout DIR,
 * through the App's own use-case (the same index, ranking, maps and rendering: the same markdown, byte for byte), and
 * whether the App would post it by itself and why (`decideComment`). The comment is always printed: when the App
 * would stay quiet it is the answer a maintainer's `/bugscout` gets. `--json`: `{comment, reason, issue_type,
 * confidence, files, labels, owners, markdown}`. Nothing is posted.
 */
export async function runPreviewCommand(io: CliIo, options: PreviewCommandOptions, env: CliEnv): Promise<number> {
  const root = resolveCheckout(options.repo);
  const { title, body } = splitIssue(readIssueText(options.issueFile !== undefined ? { issueFile: options.issueFile } : {}));
  const { settings, problems } = readPreviewSettings(root, options.settings);
  for (const p of problems) io.err(`bugscout: settings ${p.level}: ${p.path}: ${p.message}`);
  const identity = await readCheckoutIdentity(root);
  const log = createStderrLog(io.err);
  const runtime = createTriageRuntime({
    indexThreads: indexThreads(env),
    dataDir: options.storeDir ?? join(homedir(), ".cache", "bugscout", "preview"),
    log,
    ...(env.voyage ? { voyage: env.voyage } : {}),
    maxOpenStores: 1,
  });
  const gateway = createCheckoutGateway(root, identity.commit, { title, body, labels: options.labels, assignees: [] });
  let outcome;
  try {
    outcome = await triageIssue(runtime.triageDeps(gateway, { log, webBaseUrl: env.github?.serverUrl ?? "https://github.com" }), {
      key: { installationId: LOCAL_INSTALLATION_ID, owner: identity.owner, repo: identity.repo },
      defaultBranch: "HEAD",
      issue: { number: PREVIEW_ISSUE, title, body, locked: false, labels: options.labels },
      settings: { ...settings, dry_run: true },
      problems,
      preview: true,
    });
  } finally {
    await runtime.indexer.release(LOCAL_INSTALLATION_ID);
  }
  if (outcome.kind !== "dry-run" || !outcome.ranking || !outcome.decision) throw new CliError("BugScout could not rank this issue.", 1);
  const { ranking, routing, body: markdown, issueType } = outcome;
  // A settings file the App cannot read stops it on the repository: it would post nothing at all.
  const decision = stopsBugScout(problems)
    ? { comment: false, gate: "settings" as const, reason: "the settings file has errors: the App does nothing on this repository until it is fixed" }
    : outcome.decision;
  if (options.json) {
    io.out(JSON.stringify({
      comment: decision.comment,
      reason: decision.reason,
      issue_type: issueType ?? null,
      confidence: ranking.confidence,
      mode: ranking.mode,
      files: ranking.files.map((f) => ({ path: f.path, score: f.score, ...(f.evidence.symbol ? { symbol: f.evidence.symbol } : {}) })),
      labels: routing?.intent.labels ?? [],
      owners: (routing?.intent.owners ?? []).map(ownerName),
      markdown,
    }));
  } else {
    // The body ends with a newline; `out` adds one, so stdout is the body byte for byte.
    io.out(markdown.replace(/\n$/, ""));
    io.err(`bugscout: ${describeDecision(decision)}`);
  }
  return 0;
}

/** An issue file: its first non-blank line is the title (a Markdown heading's `#`s dropped), the rest the body. */
export function splitIssue(text: string): { readonly title: string; readonly body: string } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const first = lines.findIndex((l) => l.trim() !== "");
  return { title: lines[first]!.replace(/^\s*#+\s*/, "").trim(), body: lines.slice(first + 1).join("\n").trim() };
}

/** `--settings S`, else the checkout's `.github/bugscout.yml`, else the defaults; a file that is not YAML is a problem. */
function readPreviewSettings(root: string, file: string | undefined): ParsedSettings {
  const path = file ?? join(root, ".github", SETTINGS_FILE);
  if (file === undefined && !existsSync(path)) return { settings: defaultSettings(), problems: [] };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new CliError(`Cannot read the settings file: ${path}`);
  }
  try {
    return parseSettings(parseYaml(text) ?? {});
  } catch (error) {
    return { settings: defaultSettings(), problems: [{ path: "(file)", level: "error", message: `the file is not valid YAML (${(error as Error).message.split("\n")[0]})` }] };
  }
}
