import { AsyncLocalStorage } from "node:async_hooks";
import type { BackgroundQueue } from "../triage/background-queue.js";

/**
 * The worker's BackgroundQueue: "after the webhook is answered" work (the index refresh after a push) runs inside the
 * job that received the event, so it keeps the shard's order and its failure fails (and retries) that job.
 * `collect` runs a delivery and then waits for the background work it started.
 */
export function createJobBackground(): BackgroundQueue & { collect(run: () => Promise<void>): Promise<void> } {
  const started = new AsyncLocalStorage<Promise<void>[]>();
  return {
    enqueue(_key, job) {
      const tasks = started.getStore();
      const task = job();
      if (tasks) tasks.push(task);
      else task.catch(() => {});
    },
    cancel() {
      // Nothing waits: every task belongs to a running job.
    },
    async idle() {},
    async collect(run) {
      const tasks: Promise<void>[] = [];
      await started.run(tasks, run);
      await Promise.all(tasks);
    },
  };
}
