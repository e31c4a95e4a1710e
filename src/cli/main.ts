#!/usr/bin/env node
import type { CliEnv } from "../cli-env.js";
import { IndexStoreError } from "../store/store-error.js";
import { createIndexer, createLazyIndexer } from "../triage/create-indexer.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { USAGE } from "./cli-usage.js";
import { createCliDense } from "./create-cli-dense.js";
import { indexThreads } from "./index-threads.js";
import { int, list, mode, optional, parseOptions, str, weight } from "./parse-cli-options.js";

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

// `tsx src/cli/main.ts …` (npm run bugscout / demo) runs the CLI directly; the installed command is bin.ts.
const isEntry = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("/cli/main.ts") || process.argv[1]?.endsWith("/cli/main.js");
if (isEntry) {
  const { runProcess } = await import("./run-process.js");
  await runProcess(main);
}
