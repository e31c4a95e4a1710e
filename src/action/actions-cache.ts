import { isFeatureAvailable, restoreCache, saveCache } from "@actions/cache";
import type { RunCache } from "./run-cache.js";

/**
 * The runner's cache service through GitHub's own client (@actions/cache, bundled into dist-action/): it reads
 * `ACTIONS_RESULTS_URL` / `ACTIONS_CACHE_URL` and `ACTIONS_RUNTIME_TOKEN`, which the runner gives JavaScript actions,
 * and archives with the runner's `tar` (zstd when installed). Its failures other than bad keys are warnings, not
 * errors: a run without its cache still answers the issue, it only indexes from scratch.
 */
export function createActionsCache(): RunCache {
  return {
    available: isFeatureAvailable(),
    restore: (folder, key, restoreKeys) => restoreCache([folder], key, [...restoreKeys]),
    lookup: (folder, key, restoreKeys) => restoreCache([folder], key, [...restoreKeys], { lookupOnly: true }),
    save: async (folder, key) => (await saveCache([folder], key)) !== -1,
  };
}
