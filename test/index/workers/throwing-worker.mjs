// An index worker that throws outside any request (an uncaught exception in the worker) on its first request.
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => setImmediate(() => {
  throw new Error("boom outside a request");
}));
