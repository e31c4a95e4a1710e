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
  port.on("message", (request: BuildRequest) => {
    build(request.contents).then(
      (blobs) => port.postMessage({ id: request.id, blobs } satisfies BuildReply),
      (error: unknown) => port.postMessage({ id: request.id, error } satisfies BuildReply),
    );
  });
}
