import type { RepoIndexer } from "./ports.js";

/** The indexer with at most `slots` index builds running at once (others wait their turn, first come first served). */
export interface LimitedIndexer extends RepoIndexer {
  /** Builds running and waiting now, for logs and benches. */
  load(): { readonly running: number; readonly waiting: number };
}

/**
 * Bounds how many repositories are indexed at once across the whole app — first indexes for new issues and refreshes
 * after pushes alike. Per-repository locks already keep one build per repository; without this a burst over many
 * cold repositories builds all of them at once (20 in bench/load-burst.ts), each holding its files' text and
 * analysis in memory. Reads (`indexState`) and `release` are not limited.
 */
export function limitIndexing(indexer: RepoIndexer, slots: number): LimitedIndexer {
  if (!Number.isInteger(slots) || slots < 1) throw new Error(`index slots must be a positive integer, got ${slots}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async (): Promise<void> => {
    if (running < slots) {
      running += 1;
      return;
    }
    // The slot is handed over by the finishing build, so `running` never drops below the number of builds.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const releaseSlot = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    indexState: (key) => indexer.indexState(key),
    release: (installationId, repo) => indexer.release(installationId, repo),
    async index(key, tree) {
      await acquire();
      try {
        return await indexer.index(key, tree);
      } finally {
        releaseSlot();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
