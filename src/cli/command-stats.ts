import { LOCAL_INSTALLATION_ID } from "../compose/create-triage-runtime.js";
import type { CliEnv } from "../cli-env.js";
import { createSqliteRecordStore } from "../records/sqlite-record-store.js";
import { STATS_WINDOW_DAYS } from "../triage/answer-stats.js";
import { recordsPath } from "../triage/data-layout.js";
import { renderStats } from "../triage/render-stats.js";
import type { CliIo } from "./cli-io.js";
import { resolveGitHubTarget } from "./github-target.js";

/** Options of `bugscout stats`. */
export interface StatsCommandOptions {
  readonly repo?: string;
  readonly apiUrl?: string;
  readonly storeDir?: string;
  readonly installation?: number;
  readonly json: boolean;
  /** ms since the epoch; injected by tests. */
  readonly now?: number;
}

/**
 * `bugscout stats <owner/repo>`: the figures of `/bugscout stats` from the records kept locally (by `backtest`, or by
 * the app when `--store-dir` is its data dir and `--installation` its id). The repository's name is checked through
 * the API (it gives the canonical owner/name); offline, the name is used as typed.
 */
export async function runStatsCommand(io: CliIo, options: StatsCommandOptions, env: CliEnv): Promise<number> {
  const target = resolveGitHubTarget(io, options.repo, options, env);
  let { owner, repo } = target;
  try {
    const { data } = await target.client.rest.repos.get({ owner, repo });
    [owner, repo] = data.full_name.split("/") as [string, string];
  } catch (error) {
    io.err(`bugscout: could not check ${owner}/${repo} on ${target.apiUrl} (${(error as Error).message.slice(0, 120)}): using the name as given`);
  }
  const key = { installationId: options.installation ?? LOCAL_INSTALLATION_ID, owner, repo };
  const records = createSqliteRecordStore({ locate: (id) => recordsPath(target.dataDir, id) });
  try {
    const now = options.now ?? Date.now();
    const recent = await records.readStats(key, now - STATS_WINDOW_DAYS * 86_400_000);
    const allTime = await records.readStats(key, 0);
    const outcomes = await records.recentOutcomes(key, 5);
    if (options.json) io.out(JSON.stringify({ repository: `${owner}/${repo}`, recent, allTime, outcomes: outcomes.map(({ issueText: _text, ...o }) => o) }));
    else io.out(renderStats({ recent, allTime, days: STATS_WINDOW_DAYS, outcomes, repoUrl: `${target.webBaseUrl}/${owner}/${repo}` }).replace(/^<!--[^\n]*-->\n\n/, "").replace(/\n$/, ""));
  } finally {
    await records.close();
  }
  return 0;
}
