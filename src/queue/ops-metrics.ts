import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { QueueDepth } from "./shard-queues.js";

/** The Prometheus metrics of one process (its own registry: no global state). */
export interface OpsMetrics {
  readonly registry: Registry;
  readonly webhookSeconds: Histogram<"status">;
  readonly jobSeconds: Histogram<"kind" | "outcome">;
  readonly indexSeconds: Histogram<"kind">;
  readonly rankingSeconds: Histogram;
  readonly githubErrors: Counter<"status">;
  readonly voyageErrors: Counter<"status">;
  readonly shardsHeld: Gauge;
  /** Extras of a triage (routing, its maps, a reaction, a source map) that failed while the comment went out. */
  readonly extraFailures: Counter<"step">;
  /** Reconciler: accepted deliveries Redis had lost, queued again. */
  readonly requeued: Counter;
  /** Web role: deliveries whose id was accepted before (GitHub's redelivery, or a sender's retry). */
  readonly redelivered: Counter;
}

/** Creates the metrics; `depth` (when the process can see the queues) is read at each scrape. */
export function createOpsMetrics(depth?: () => Promise<QueueDepth>): OpsMetrics {
  const registry = new Registry();
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
  if (depth) {
    let last: Promise<QueueDepth | undefined> | undefined;
    // One Redis round per scrape, shared by the gauges below; unknown (NaN) when Redis does not answer in time, so
    // the rest of the metrics are still served.
    const read = () => (last ??= withDeadline(depth(), 2_000).finally(() => setTimeout(() => (last = undefined), 100)));
    new Gauge({
      name: "bugscout_queue_jobs", help: "Jobs in the shard queues by state", labelNames: ["state"], registers: [registry],
      async collect() {
        const d = await read();
        for (const state of ["waiting", "active", "delayed", "failed"] as const) this.set({ state }, d ? d[state] : Number.NaN);
      },
    });
    new Gauge({
      name: "bugscout_queue_oldest_waiting_seconds", help: "Age of the oldest waiting job", registers: [registry],
      async collect() {
        const d = await read();
        this.set(d ? d.oldestWaitingMs / 1000 : Number.NaN);
      },
    });
  }
  return {
    registry,
    webhookSeconds: new Histogram({ name: "bugscout_webhook_answer_seconds", help: "Web role: time to answer a delivery, by status", labelNames: ["status"], buckets: seconds, registers: [registry] }),
    jobSeconds: new Histogram({ name: "bugscout_job_seconds", help: "Worker: job duration by event kind and outcome", labelNames: ["kind", "outcome"], buckets: seconds, registers: [registry] }),
    indexSeconds: new Histogram({ name: "bugscout_index_seconds", help: "Index builds and refreshes (full or delta)", labelNames: ["kind"], buckets: seconds, registers: [registry] }),
    rankingSeconds: new Histogram({ name: "bugscout_ranking_seconds", help: "Ranking one issue", buckets: seconds, registers: [registry] }),
    githubErrors: new Counter({ name: "bugscout_github_errors_total", help: "GitHub API errors by HTTP status (0: no answer)", labelNames: ["status"], registers: [registry] }),
    voyageErrors: new Counter({ name: "bugscout_voyage_errors_total", help: "Voyage API errors by HTTP status (0: no answer)", labelNames: ["status"], registers: [registry] }),
    shardsHeld: new Gauge({ name: "bugscout_worker_shards_held", help: "Shard leases this worker holds", registers: [registry] }),
    extraFailures: new Counter({ name: "bugscout_extra_failures_total", help: "Triage extras that failed without costing the comment, by step", labelNames: ["step"], registers: [registry] }),
    requeued: new Counter({ name: "bugscout_deliveries_requeued_total", help: "Accepted deliveries missing from Redis, queued again by the reconciler", registers: [registry] }),
    redelivered: new Counter({ name: "bugscout_deliveries_redelivered_total", help: "Web role: deliveries whose id was accepted before", registers: [registry] }),
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}
