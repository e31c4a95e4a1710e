import { Worker } from "node:worker_threads";
import type { BlobRecord } from "../store/index-store.js";
import type { BuildReply, BuildRequest } from "./blob-worker-messages.js";
import type { BlobBuilder, NewContent } from "./build-blob.js";

/** How to start the workers of {@link createWorkerBlobBuilder}. */
export interface WorkerBlobBuilderOptions {
  /** The worker entry module; it answers requests through `serveBlobRequests` (e.g. src/triage/index-worker.ts). */
  readonly entry: URL;
  /** Workers started (all at once, on the first build). */
  readonly threads: number;
  /** Handed to every worker as `workerData`, e.g. the extractor version it must reproduce. */
  readonly workerData?: unknown;
  /**
   * Contents per request. Small enough that the workers finish a batch at about the same time, large enough that
   * messaging costs little beside parsing. Default 16.
   */
  readonly chunkSize?: number;
}

/** A {@link BlobBuilder} on worker threads; its workers live until `dispose`. */
export interface WorkerBlobBuilder extends BlobBuilder {
  /**
   * Starts the workers now, when a build is known to follow (a snapshot is downloading): their start-up (modules,
   * tree-sitter) then overlaps the download instead of delaying the first batch. Idle, they keep nothing alive.
   */
  warm(): void;
  /** Stops the workers; builds still waiting fail. The next build would start new ones. */
  dispose(): Promise<void>;
}

interface Task {
  readonly request: BuildRequest;
  readonly resolve: (blobs: readonly BlobRecord[]) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  /** Requests sent and not yet answered, oldest first: the worker answers them in order. */
  readonly tasks: Task[];
}

/**
 * Requests each worker holds at once. With one, a worker that answers while this thread is busy waits for it before
 * it gets the next: the walk reads 250 files and stores a batch of records between two turns of the event loop
 * (~60 ms on django), and a request of 16 contents is ~15 ms of parsing. Four cover that (each worker of a 2-thread
 * cold index of django idle 1.1–1.2 s between requests with one, 0.5 s with four); more would only let one worker
 * hold more of the last requests while the other waits.
 */
const REQUESTS_PER_WORKER = 4;

/**
 * Builds records on a pool of worker threads, each loading its grammars once, started on the first build so a
 * refresh that finds nothing new starts none. A batch is cut into requests shared among the workers (up to
 * `REQUESTS_PER_WORKER` each, the next to the one holding fewest); the records come back in the batch's order. Idle
 * workers do not keep the process alive. A worker that fails (an exception outside a request, an exit) fails every
 * build in flight with an error naming it and stops the others; the next build starts afresh.
 */
export function createWorkerBlobBuilder(options: WorkerBlobBuilderOptions): WorkerBlobBuilder {
  const { entry, threads } = options;
  const chunkSize = options.chunkSize ?? 16;
  let slots: Slot[] | undefined;
  const queue: Task[] = [];
  let nextId = 0;

  function start(): Slot[] {
    const started: Slot[] = [];
    for (let n = 1; n <= threads; n++) {
      const worker = new Worker(entry, { workerData: options.workerData });
      const slot: Slot = { worker, tasks: [] };
      const name = `index worker ${n} of ${threads}`;
      worker.on("message", (reply: BuildReply) => {
        const task = slot.tasks[0];
        if (task?.request.id !== reply.id) {
          void stop(started, new Error(`${name} answered request ${reply.id}, not ${task?.request.id ?? "none"}`));
          return;
        }
        slot.tasks.shift();
        if ("error" in reply) task.reject(reply.error);
        else task.resolve(reply.blobs);
        dispatch(started);
      });
      worker.on("error", (error) => void stop(started, new Error(`${name} failed: ${error.message}`, { cause: error })));
      worker.on("exit", (code) => void stop(started, new Error(`${name} exited unexpectedly (code ${code})`)));
      // After the listeners: attaching one refs the worker's port again, and a warmed pool that is never used must
      // not keep the process alive.
      worker.unref();
      started.push(slot);
    }
    return started;
  }

  /** Sends waiting requests one at a time to the worker holding the fewest, so a short batch is shared too. */
  function dispatch(pool: Slot[]): void {
    for (;;) {
      let target: Slot | undefined;
      for (const slot of pool) {
        if (slot.tasks.length < REQUESTS_PER_WORKER && (!target || slot.tasks.length < target.tasks.length)) target = slot;
      }
      const task = target ? queue.shift() : undefined;
      if (!target || !task) break;
      target.tasks.push(task);
      target.worker.postMessage(task.request);
    }
    // A worker with a request keeps the process alive: the caller is waiting for its answer.
    for (const slot of pool) {
      if (slot.tasks.length > 0) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  function stop(pool: Slot[], error: Error): Promise<unknown> {
    if (slots !== pool) return Promise.resolve();
    slots = undefined;
    const failed = [...pool.flatMap((slot) => slot.tasks.splice(0)), ...queue.splice(0)];
    const stopped = pool.map(({ worker }) => {
      worker.removeAllListeners();
      // Terminating may still report an error; it is already accounted for.
      worker.on("error", () => {});
      return worker.terminate();
    });
    for (const task of failed) task.reject(error);
    return Promise.all(stopped);
  }

  return {
    warm() {
      slots ??= start();
    },
    async build(contents: readonly NewContent[]) {
      if (contents.length === 0) return [];
      const pool = (slots ??= start());
      const parts: Promise<readonly BlobRecord[]>[] = [];
      for (let at = 0; at < contents.length; at += chunkSize) {
        const request = { id: nextId++, contents: contents.slice(at, at + chunkSize) };
        parts.push(new Promise((resolve, reject) => queue.push({ request, resolve, reject })));
      }
      dispatch(pool);
      return (await Promise.all(parts)).flat();
    },
    async dispose() {
      if (slots) await stop(slots, new Error("the index workers were stopped"));
    },
  };
}
