import type { MessagePort } from "node:worker_threads";
import type { BlobRecord } from "../store/index-store.js";
import type { BuildReply, BuildRequest } from "./blob-worker-messages.js";
import type { NewContent } from "./build-blob.js";

/**
 * The worker side of worker-blob-builder.ts: answers each request on `port` with the records `build` makes, or with
 * the error that stopped it (the content analysis names the file). Messages sent before the worker got here (it
 * loads its grammars first) wait in the port.
 */
export function serveBlobRequests(
  port: MessagePort,
  build: (contents: readonly NewContent[]) => Promise<readonly BlobRecord[]>,
): void {
  // One request at a time, in the order sent: the builder keeps several in a worker's port and matches each answer
  // to the oldest, and a build that waits for a grammar must not be overtaken by the next.
  let previous: Promise<void> = Promise.resolve();
  port.on("message", (request: BuildRequest) => {
    const built = previous.then(() => build(request.contents));
    previous = built.then(() => undefined, () => undefined);
    // A reply that cannot be sent stays an unhandled rejection, which stops the worker and fails the build.
    void built.then(
      (blobs) => port.postMessage({ id: request.id, blobs } satisfies BuildReply),
      (error: unknown) => port.postMessage({ id: request.id, error } satisfies BuildReply),
    );
  });
}
