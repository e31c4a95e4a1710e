#!/usr/bin/env node
import { parseArgs } from "node:util";
import type { CliEnv } from "../cli-env.js";
import { IndexStoreError } from "../store/store-error.js";
import type { StoreDense } from "../triage/create-store-dense.js";
import { createIndexer, createLazyIndexer } from "../triage/create-indexer.js";
import type { RequestedMode } from "../triage/rank-issue.js";
import { REQUESTED_MODES } from "../triage/requested-modes.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { indexThreads } from "./index-threads.js";

const USAGE = `Usage:
  bugscout index <dir> [--store <file>] [--json]
  bugscout rank --repo <dir> (--issue <text> | --issue-file <file>) [--top N] [--mode auto|bm25|dense|hybrid]
                [--include <glob>]... [--exclude <glob>]... [--budget-ms N] [--store <file>] [--symbols] [--json] [--local]
  bugscout eval --dataset <file.jsonl> --trees <dir> --out <run.jsonl> [--mode ...] [--repo owner/name]...
                [--limit N] [--store-dir <dir>] [--history] [--history-weight W] [--negatives]
  bugscout classify --dataset <issues.jsonl> --out <types.jsonl> [--labelled <labelled.jsonl>]
  bugscout check-settings [<file> | --repo <dir>]
  bugscout triage <owner/repo#N | issue URL> [--post] [--json] [--api-url <url>] [--store-dir <dir>]
  bugscout triage --issue-file <file> --repo <dir> [--label <name>]... [--settings <file>] [--json] [--store-dir <dir>]
  bugscout backtest <owner/repo> [--limit N] [--since YYYY-MM-DD] [--json] [--api-url <url>] [--store-dir <dir>]
  bugscout stats <owner/repo> [--json] [--api-url <url>] [--store-dir <dir>] [--installation N]
  bugscout redeliver --since <ISO time | 30m | 6h | 2d> [--dry-run] [--json]
  bugscout setup --url <public URL> [--org <org>] [--out <dir>] [--port N] [--github-url <url>] [--api-url <url>]
  bugscout mcp [--repo <dir>] [--store <file>]
  bugscout serve [--repo <dir>] [--store <file>] [--idle-minutes N]

The index of a checkout lives in ~/.cache/bugscout unless --store names a file (with its saved ranking index
beside it, <file>.lexical); it is refreshed incrementally.
With VOYAGE_API_KEY set (and VOYAGE_BASE_URL for another endpoint), 'index' also embeds the code and 'rank'
chooses dense, hybrid or BM25 within --budget-ms; without it every ranking is BM25.
'classify' tells bug reports, feature requests, questions and documentation issues apart (JSONL {id, title, body}
in, {id, type, confidence, source} out); --labelled (JSONL {title, body, label}) adapts it to a repository's own
labelled issues first; see docs/issue-type.md.
New contents are parsed on one worker thread per core; BUGSCOUT_INDEX_THREADS=N sets the count (1: none).
'check-settings' prints the problems of .github/bugscout.yml (and, with --repo, of the labeler.yml and
CODEOWNERS it reads) with their lines; it exits 1 when one stops BugScout, 0 otherwise. See docs/configuration.md.
'triage' reads a GitHub issue with GITHUB_TOKEN or GH_TOKEN (anonymous without; GitHub Enterprise through
GITHUB_API_URL or --api-url) and prints the comment the app would post, with the area labels and owners it would
apply on stderr; --post posts it (or edits it in place) and applies them; --json adds them as "triage".
'triage --issue-file' previews a local checkout: the comment the app would post for the issue in the file (title
on its first line) and one line saying whether the app would post it by itself and why (its type, confidence and
floor); --settings uses another settings file than the checkout's .github/bugscout.yml; --json gives
{comment, reason, issue_type, confidence, files, labels, owners, markdown}. Nothing is posted.
'backtest' ranks the issues that merged pull requests fixed against the tree each fix started from and scores
the rankings against the files the fixes changed; 'stats' prints the accuracy figures kept by backtests (or the app).
'setup' registers the GitHub App from app.yml (the manifest flow, in a browser) and writes its key (bugscout.pem)
and a .env (APP_ID, WEBHOOK_SECRET) for docker compose / docker run; see docs/deploy.md.
'mcp' serves coding agents over the Model Context Protocol on stdio (tools: locate, search_symbols, get_symbol,
file_outline, related_files) for the checkout at --repo (default: the current directory); see docs/mcp.md.
'serve' keeps the checkout's index open and answers 'rank' for it from a socket only you can reach, so repeated
ranks skip loading the index (same answers; 'rank --local' ranks in its own process); it exits after --idle-minutes
(default 30) without a request, or on Ctrl-C.`;

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: readonly string[], io: CliIo, env: CliEnv = {}): Promise<number> {
  const [command, ...rest] = argv;
  try {
    // `bugscout rank --help` asks for help too, not for a rank with an unknown option.
    const asksHelp = rest.includes("--help") || rest.includes("-h");
    if (command === undefined || command === "help" || command === "--help" || command === "-h" || asksHelp) {
      // Asked-for help is the result (stdout, 0); no command at all is a usage error (stderr, 2).
      if (command === undefined) {
        io.err(USAGE);
        return 2;
      }
      io.out(USAGE);
      return 0;
    }
    const { values, positionals } = parseOptions(rest);
    if (command === "redeliver") {
      const { runRedeliverCommand } = await import("./command-redeliver.js");
      return await runRedeliverCommand(io, env, { since: str(values.since), dryRun: !!values["dry-run"], json: !!values.json, now: new Date() });
    }
    if (command === "check-settings") {
      const { runCheckSettingsCommand } = await import("./command-check-settings.js");
      return await runCheckSettingsCommand(io, { ...optional({ file: positionals[0], repo: str(values.repo) }) });
    }
    if (command === "classify") {
      const { runClassifyCommand } = await import("./command-classify.js");
      return await runClassifyCommand(io, { ...optional({ dataset: str(values.dataset), out: str(values.out), labelled: str(values.labelled) }) });
    }
    if (command === "setup") {
      const { runSetupCommand } = await import("./command-setup.js");
      return await runSetupCommand(io, {
        ...optional({ url: str(values.url), org: str(values.org), apiUrl: str(values["api-url"]) }),
        out: str(values.out) ?? ".",
        port: int(values.port, "--port", 3000),
        host: env.host ?? "127.0.0.1",
        githubUrl: str(values["github-url"]) ?? "https://github.com",
      });
    }
    const threads = indexThreads(env);
    const indexer = createLazyIndexer(() => createIndexer(undefined, { threads }));
    const dense = await createCliDense(env);
    try {
      // Each command's modules are imported when it runs: a warm `rank` loads neither tree-sitter nor the eval loop.
      if (command === "index") {
        const { runIndexCommand } = await import("./command-index.js");
        await runIndexCommand(io, indexer, { dir: positionals[0] ?? str(values.repo), store: str(values.store), json: !!values.json }, dense);
      } else if (command === "rank") {
        const options = {
          repo: str(values.repo) ?? positionals[0],
          issue: str(values.issue),
          issueFile: str(values["issue-file"]),
          store: str(values.store),
          top: int(values.top, "--top", 10),
          mode: mode(values.mode),
          include: list(values.include),
          exclude: list(values.exclude),
          budgetMs: int(values["budget-ms"], "--budget-ms", 3000),
          json: !!values.json,
          symbols: !!values.symbols,
        };
        const { readIssueText } = await import("./read-issue-text.js");
        const text = readIssueText(options);
        if (!values.local) {
          // A `bugscout serve` of this checkout's store answers from its warm index; asked before the ranking code is
          // even loaded. None running, or one of another build, and the ranking runs here.
          const { rankThroughServer } = await import("./rank-client.js");
          const served = await rankThroughServer({ repo: options.repo, store: options.store, dense: dense !== undefined }, options, text);
          if (served?.error) throw new CliError(served.error.message, served.error.code);
          if (served) {
            for (const line of served.out) io.out(line);
            return 0;
          }
        }
        const { runRankCommand } = await import("./command-rank.js");
        await runRankCommand(io, indexer, options, text, dense);
      } else if (command === "serve") {
        const { runServeCommand } = await import("./command-serve.js");
        await runServeCommand(io, indexer, {
          ...optional({ repo: str(values.repo) ?? positionals[0], store: str(values.store) }),
          idleMinutes: int(values["idle-minutes"], "--idle-minutes", 30),
        }, dense);
      } else if (command === "mcp") {
        const { runMcpCommand } = await import("./command-mcp.js");
        await runMcpCommand(io, indexer, { ...optional({ repo: str(values.repo) ?? positionals[0], store: str(values.store) }) },
          { input: process.stdin, output: process.stdout });
      } else if (command === "triage" && values["issue-file"] !== undefined) {
        const { runPreviewCommand } = await import("./command-preview.js");
        return await runPreviewCommand(io, {
          labels: list(values.label), json: !!values.json,
          ...optional({ issueFile: str(values["issue-file"]), repo: str(values.repo) ?? positionals[0], settings: str(values.settings), storeDir: str(values["store-dir"]) }),
        }, env);
      } else if (command === "triage") {
        const { runTriageCommand } = await import("./command-triage.js");
        return await runTriageCommand(io, {
          ref: positionals[0], apiUrl: str(values["api-url"]), post: !!values.post, json: !!values.json, storeDir: str(values["store-dir"]),
        }, env);
      } else if (command === "backtest") {
        const { runBacktestCommand } = await import("./command-backtest.js");
        return await runBacktestCommand(io, {
          repo: positionals[0], limit: int(values.limit, "--limit", 50), json: !!values.json,
          ...optional({ since: str(values.since), apiUrl: str(values["api-url"]), storeDir: str(values["store-dir"]) }),
          ...(values.installation !== undefined ? { installation: int(values.installation, "--installation", 1) } : {}),
        }, env);
      } else if (command === "stats") {
        const { runStatsCommand } = await import("./command-stats.js");
        return await runStatsCommand(io, {
          repo: positionals[0], json: !!values.json,
          ...optional({ apiUrl: str(values["api-url"]), storeDir: str(values["store-dir"]) }),
          ...(values.installation !== undefined ? { installation: int(values.installation, "--installation", 1) } : {}),
        }, env);
      } else if (command === "eval") {
        const { runEvalCommand, DEFAULT_HISTORY_WEIGHT } = await import("./command-eval.js");
        const report = await runEvalCommand(io, indexer, {
          dataset: str(values.dataset),
          trees: str(values.trees),
          out: str(values.out),
          mode: mode(values.mode),
          storeDir: str(values["store-dir"]),
          repos: list(values.repo),
          limit: values.limit === undefined ? undefined : int(values.limit, "--limit", 0),
          keep: 50,
          ...(values.history || values["history-weight"] !== undefined ? { historyWeight: weight(values["history-weight"], DEFAULT_HISTORY_WEIGHT) } : {}),
          negatives: !!values.negatives,
        }, dense);
        return report.errors > 0 ? 1 : 0;
      } else {
        throw new CliError(`Unknown command '${command}'.\n${USAGE}`);
      }
    } finally {
      indexer.dispose();
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`bugscout: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof IndexStoreError) {
      io.err(`bugscout: ${error.message}`);
      return 3;
    }
    throw error;
  }
}

/** Dense ranking when an embedding key is configured; undefined means BM25 everywhere (and no Voyage client load). */
async function createCliDense(env: CliEnv): Promise<StoreDense | undefined> {
  const voyage = env.voyage;
  if (!voyage) return undefined;
  const [{ createVoyageEmbedder }, { createStoreDense }] = await Promise.all([
    import("../embed/voyage-embedder.js"), import("../triage/create-store-dense.js"),
  ]);
  return createStoreDense({
    createEmbedder: (onRequest) => createVoyageEmbedder({ apiKey: voyage.apiKey, ...(voyage.baseUrl ? { baseUrl: voyage.baseUrl } : {}), onRequest }),
    clock: { now: () => performance.now() },
  });
}

function parseOptions(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        repo: { type: "string", multiple: true },
        issue: { type: "string" },
        "issue-file": { type: "string" },
        store: { type: "string" },
        "store-dir": { type: "string" },
        top: { type: "string" },
        mode: { type: "string" },
        include: { type: "string", multiple: true },
        exclude: { type: "string", multiple: true },
        "budget-ms": { type: "string" },
        dataset: { type: "string" },
        labelled: { type: "string" },
        trees: { type: "string" },
        out: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
        symbols: { type: "boolean" },
        local: { type: "boolean" },
        "idle-minutes": { type: "string" },
        post: { type: "boolean" },
        "api-url": { type: "string" },
        history: { type: "boolean" },
        negatives: { type: "boolean" },
        since: { type: "string" },
        installation: { type: "string" },
        "history-weight": { type: "string" },
        "dry-run": { type: "boolean" },
        url: { type: "string" },
        org: { type: "string" },
        port: { type: "string" },
        "github-url": { type: "string" },
        settings: { type: "string" },
        label: { type: "string", multiple: true },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
}

function str(value: string | boolean | (string | boolean)[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return typeof value === "string" ? value : undefined;
}

function list(value: string | boolean | (string | boolean)[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function int(value: string | boolean | (string | boolean)[] | undefined, flag: string, fallback: number): number {
  const text = str(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${flag} takes a whole number, got '${text}'.`);
  return n;
}

/** Drops undefined entries (the option objects are exact: `exactOptionalPropertyTypes`). */
function optional<T extends Record<string, string | undefined>>(values: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: string };
}

function weight(value: string | boolean | (string | boolean)[] | undefined, fallback: number): number {
  const text = str(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new CliError(`--history-weight takes a number from 0 to 1, got '${text}'.`);
  return n;
}

function mode(value: string | boolean | (string | boolean)[] | undefined): RequestedMode {
  const text = str(value) ?? "auto";
  if (!REQUESTED_MODES.includes(text as RequestedMode)) throw new CliError(`--mode takes one of ${REQUESTED_MODES.join(", ")}, got '${text}'.`);
  return text as RequestedMode;
}

// `tsx src/cli/main.ts …` (npm run bugscout / demo) runs the CLI directly; the installed command is bin.ts.
const isEntry = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("/cli/main.ts") || process.argv[1]?.endsWith("/cli/main.js");
if (isEntry) {
  const { runProcess } = await import("./run-process.js");
  await runProcess(main);
}
