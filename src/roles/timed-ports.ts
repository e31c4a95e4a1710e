import type { OpsMetrics } from "../queue/ops-metrics.js";
import type { IssueRanker, RepoIndexer } from "../triage/ports.js";

/** The indexer and ranker with their durations recorded in the metrics (index time, ranking time). */
export function timedPorts(indexer: RepoIndexer, ranker: IssueRanker, metrics: OpsMetrics): RepoIndexer & IssueRanker {
  return {
    indexState: (key) => indexer.indexState(key),
    release: (installationId, repo) => indexer.release(installationId, repo),
    async index(key, tree) {
      const end = metrics.indexSeconds.startTimer({ kind: "full" });
      try {
        return await indexer.index(key, tree);
      } finally {
        end();
      }
    },
    ...(indexer.indexDelta ? {
      async indexDelta(key: Parameters<NonNullable<RepoIndexer["indexDelta"]>>[0], delta: Parameters<NonNullable<RepoIndexer["indexDelta"]>>[1]) {
        const end = metrics.indexSeconds.startTimer({ kind: "delta" });
        try {
          return await indexer.indexDelta!(key, delta);
        } finally {
          end();
        }
      },
    } : {}),
    async rank(key, request, readFile) {
      const end = metrics.rankingSeconds.startTimer();
      try {
        return await ranker.rank(key, request, readFile);
      } finally {
        end();
      }
    },
  };
}
