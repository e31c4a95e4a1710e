import type { CliEnv } from "../cli-env.js";
import { defaultIndexThreads } from "../triage/create-indexer.js";
import { CliError } from "./cli-error.js";

/** Most index worker threads accepted: beyond the cores of any host, each costs its own grammars' memory. */
const MAX_INDEX_THREADS = 256;

/**
 * The index worker threads `BUGSCOUT_INDEX_THREADS` asks for (1: index on the main thread), one per core when it is
 * not set. A value that is not a whole number from 1 to 256 is a usage error, not a silent default.
 */
export function indexThreads(env: CliEnv): number {
  if (env.indexThreads === undefined) return defaultIndexThreads();
  const threads = Number(env.indexThreads);
  if (!/^\d+$/.test(env.indexThreads) || threads < 1 || threads > MAX_INDEX_THREADS) {
    throw new CliError(`BUGSCOUT_INDEX_THREADS must be a whole number from 1 to ${MAX_INDEX_THREADS}, not '${env.indexThreads}'.`);
  }
  return threads;
}
