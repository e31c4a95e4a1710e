import { copyFileSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { mergeSqliteRecords } from "../records/merge-sqlite-records.js";
import { loadCommandHistory, saveCommandHistory } from "./command-history.js";

const RECORDS = "records.sqlite";
const HITS = "command-hits.json";

/**
 * Folds this run's state folder (`ours`) into `folder`, which holds the state another run saved while this one ran:
 * the records of both (mergeSqliteRecords) and the commands both answered (the union, per rate-limit key). Files
 * only one side has are kept. Returns how many records came from this run.
 */
export async function mergeStateFolders(folder: string, ours: string): Promise<{ predictions: number; outcomes: number }> {
  let taken = { predictions: 0, outcomes: 0 };
  const theirRecords = existsSync(path.join(folder, RECORDS));
  if (theirRecords && existsSync(path.join(ours, RECORDS))) taken = mergeSqliteRecords(path.join(folder, RECORDS), path.join(ours, RECORDS));
  if (existsSync(path.join(ours, HITS))) {
    const [theirs, mine] = await Promise.all([loadCommandHistory(path.join(folder, HITS)), loadCommandHistory(path.join(ours, HITS))]);
    const union: Record<string, number[]> = { ...theirs };
    for (const [key, times] of Object.entries(mine)) union[key] = [...new Set([...(union[key] ?? []), ...times])].sort((a, b) => a - b);
    await saveCommandHistory(path.join(folder, HITS), union);
  }
  // Whatever the other run's state lacks (its records file, say) is this run's as it is; the journal of a records file
  // that was merged is not (opening it for the merge applied it).
  for (const name of readdirSync(ours)) {
    if (theirRecords && name.startsWith(`${RECORDS}-`)) continue;
    if (!existsSync(path.join(folder, name))) copyFileSync(path.join(ours, name), path.join(folder, name));
  }
  return taken;
}
