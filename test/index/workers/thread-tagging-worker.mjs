// Answers every content with a record naming the worker thread that built it, after a few milliseconds of "work".
import { parentPort, threadId } from "node:worker_threads";

parentPort.on("message", (request) => {
  setTimeout(() => parentPort.postMessage({ id: request.id, blobs: request.contents.map(() => ({ hash: String(threadId) })) }), 5);
});
