import type { MessagePort } from "node:worker_threads";
import type { BlobRecord } from "../store/index-store.js";
import type { BuildReply, BuildRequest } from "./blob-worker-messages.js";
import type { NewContent } from "./build-blob.js";

/**
 * The worker side of worker-blob-builder.ts: answers each request on `port` with the records `build` makes, or with
 * the error that stopped it (the content analysis names the file). Messages sent before the worker got here (it
 * loads its grammars first) wait in the port.
 */
export function serveBlobRequests(port: MessagePort, build: (content: NewContent) => BlobRecord): void {
  port.on("message", (request: BuildRequest) => {
    let reply: BuildReply;
    try {
      reply = { id: request.id, blobs: request.contents.map(build) };
    } catch (error) {
      reply = { id: request.id, error };
    }
    port.postMessage(reply);
  });
}
