import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * When the tree at `dir` was committed, as far as the disk tells: the newest modification time (ms) of the files
 * directly under it. `git archive` exports (the benchmark's trees) stamp every file with the commit time; for an
 * ordinary checkout this is the checkout time, which is harmless. 0 for an empty folder.
 */
export function readTreeTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(dir, entry.name)).mtimeMs);
  }
  return newest;
}
