/**
 * The workflow's cache service as the Action uses it: one folder per entry, immutable entries, restore by exact key or
 * by the newest entry under a prefix. The real one is actions-cache.ts (@actions/cache); tests run it against a
 * loopback fake of GitHub's cache service.
 */
export interface RunCache {
  /** False when the job has no cache service (run outside GitHub Actions, or a runner without one). */
  readonly available: boolean;
  /** Restores the entry into `folder`: the key that matched (`key` itself or one starting with a restore key), or undefined. */
  restore(folder: string, key: string, restoreKeys: readonly string[]): Promise<string | undefined>;
  /** The key `restore` would match now (the newest entry under a restore key), without downloading it. */
  lookup(folder: string, key: string, restoreKeys: readonly string[]): Promise<string | undefined>;
  /** Saves `folder` under `key`; false when it was not saved (the key exists already, or the service refused). */
  save(folder: string, key: string): Promise<boolean>;
}
