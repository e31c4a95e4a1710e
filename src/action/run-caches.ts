import { createHash } from "node:crypto";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Log } from "../triage/ports.js";
import type { ActionEnv } from "./action-env.js";
import { mergeStateFolders } from "./merge-state.js";
import type { RunCache } from "./run-cache.js";

/** One folder of the data dir kept between runs, with the keys it is saved and restored under. */
export interface CacheEntry {
  readonly name: "index" | "state";
  readonly folder: string;
  readonly key: string;
  readonly restoreKeys: readonly string[];
  /** Saved even when the run failed (the state records what was answered; an index of a failed run may be partial). */
  readonly saveOnFailure: boolean;
}

/** What the main step found for one entry, to decide in the end what to save. */
export interface RestoredEntry {
  readonly entry: CacheEntry;
  /** The entry's own key matched: there is nothing new to save under it (entries are immutable). */
  readonly exact: boolean;
  /** The key of the entry restored, if any. */
  readonly matched?: string;
  readonly fingerprint: string;
}

/** The folders written by the run (data-layout.ts for the index; the Action's own files for the state). */
export function stateDir(dataDir: string): string {
  return path.join(dataDir, "state");
}

/** The Action's records (predictions, outcomes, past fixes): in the state folder, saved after every run that changed it. */
export function actionRecordsPath(dataDir: string): string {
  return path.join(stateDir(dataDir), "records.sqlite");
}

/**
 * The two cache entries of a run, or undefined outside a workflow run:
 * - the index, `<dataDir>/installations`, keyed per default-branch commit (`github.sha` is the default branch's head
 *   on `issues` and `issue_comment` events); the prefix restores the newest earlier commit's index, and only contents
 *   that changed are analysed again;
 * - the state (records and the commands answered), `<dataDir>/state`, saved under a new key by every run that changed
 *   it; the prefix restores the latest one.
 */
export function planRunCaches(env: Pick<ActionEnv, "owner" | "repo" | "dataDir" | "run">): CacheEntry[] | undefined {
  if (!env.run) return undefined;
  const repository = `${env.owner}/${env.repo}`;
  return [
    {
      name: "index",
      folder: path.join(env.dataDir, "installations"),
      key: `bugscout-index-v1-${repository}-${env.run.sha}`,
      restoreKeys: [`bugscout-index-v1-${repository}-`],
      saveOnFailure: false,
    },
    {
      name: "state",
      folder: stateDir(env.dataDir),
      key: `bugscout-state-v1-${repository}-${env.run.id}-${env.run.attempt}`,
      restoreKeys: [`bugscout-state-v1-${repository}-`],
      saveOnFailure: true,
    },
  ];
}

/**
 * Restores every entry (the main step, before the event is handled). Without a cache service it says so in one line
 * and restores nothing: the run indexes from scratch and keeps nothing, but still answers.
 */
export async function restoreRunCaches(cache: RunCache, entries: readonly CacheEntry[] | undefined, log: Log): Promise<RestoredEntry[]> {
  if (!entries) return [];
  if (!cache.available) {
    log.info({}, "no Actions cache service in this job (ACTIONS_RESULTS_URL / ACTIONS_CACHE_URL unset): the index and records start empty and are not kept");
    return [];
  }
  const restored: RestoredEntry[] = [];
  for (const entry of entries) {
    const matched = await cache.restore(entry.folder, entry.key, entry.restoreKeys);
    log.info({}, matched ? `${entry.name} restored from the cache${matched === entry.key ? "" : " (an earlier entry)"}` : `no ${entry.name} in the cache yet`);
    restored.push({ entry, exact: matched === entry.key, ...(matched ? { matched } : {}), fingerprint: fingerprintFolder(entry.folder) });
  }
  return restored;
}

/**
 * The entries worth saving after the run: those whose folder exists and changed since the restore, under a key that
 * has no entry yet; the index only when the run succeeded.
 */
export function entriesToSave(restored: readonly RestoredEntry[], succeeded: boolean): RestoredEntry[] {
  return restored.filter(({ entry, exact, fingerprint }) => !exact && (succeeded || entry.saveOnFailure) && existsSync(entry.folder)
    && fingerprintFolder(entry.folder) !== fingerprint);
}

/**
 * Saves what the main step listed (the post step, after the main step's process ended with its background work).
 * Before the state is saved, a newer state entry than the one restored means another run saved its state meanwhile
 * (two issues opened at once): it is restored and this run's state folded into it (merge-state.ts), so neither run's
 * records are lost. The window left is the few seconds between that look-up and the save.
 */
export async function saveRunCaches(cache: RunCache, toSave: readonly RestoredEntry[], log: Log): Promise<void> {
  for (const { entry, matched } of toSave) {
    if (entry.name === "state") await foldNewerState(cache, entry, matched, log);
    const saved = await cache.save(entry.folder, entry.key);
    log.info({}, saved ? `${entry.name} saved to the cache` : `${entry.name} not saved to the cache`);
  }
}

async function foldNewerState(cache: RunCache, entry: CacheEntry, restored: string | undefined, log: Log): Promise<void> {
  const latest = await cache.lookup(entry.folder, entry.key, entry.restoreKeys);
  if (!latest || latest === restored) return;
  const ours = `${entry.folder}.ours`;
  rmSync(ours, { recursive: true, force: true });
  renameSync(entry.folder, ours);
  try {
    const got = await cache.restore(entry.folder, entry.key, entry.restoreKeys);
    if (!got || got === restored || !existsSync(entry.folder)) throw new Error("the newer state could not be restored");
    const taken = await mergeStateFolders(entry.folder, ours);
    rmSync(ours, { recursive: true, force: true });
    log.info({}, `state: another run saved its state meanwhile; this run's records were added to it (rankings ${taken.predictions}, outcomes ${taken.outcomes})`);
  } catch (error) {
    // Saving this run's state as it is keeps this run's records (the other run's stay in their own entry).
    rmSync(entry.folder, { recursive: true, force: true });
    renameSync(ours, entry.folder);
    log.warn({ err: error }, "state: another run saved its state meanwhile and it could not be merged; saving this run's as it is");
  }
}

/** Names, sizes and modification times of every file under `folder` (empty when it does not exist), hashed. */
export function fingerprintFolder(folder: string): string {
  if (!existsSync(folder)) return "";
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      const stat = statSync(file);
      if (stat.isDirectory()) walk(file);
      else hash.update(`${path.relative(folder, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  walk(folder);
  return hash.digest("hex");
}

/** The name under which the main step hands the post step its restored entries (`GITHUB_STATE` → `STATE_<name>`). */
export const CACHES_STATE = "BUGSCOUT_CACHES";

/** What the main step hands the post step. */
export interface CachesState {
  readonly succeeded: boolean;
  readonly restored: readonly RestoredEntry[];
}

/** The main step's state as the post step receives it; undefined when absent or not of that shape. */
export function readCachesState(text: string | undefined): CachesState | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const state = raw as { succeeded?: unknown; restored?: unknown };
  if (typeof state?.succeeded !== "boolean" || !Array.isArray(state.restored)) return undefined;
  const restored = state.restored.filter((r: Partial<RestoredEntry> | null): r is RestoredEntry =>
    typeof r?.exact === "boolean" && typeof r.fingerprint === "string" && typeof r.entry?.folder === "string" && Array.isArray(r.entry.restoreKeys)
    && typeof r.entry.key === "string" && typeof r.entry.saveOnFailure === "boolean" && (r.entry.name === "index" || r.entry.name === "state"));
  return { succeeded: state.succeeded, restored };
}
