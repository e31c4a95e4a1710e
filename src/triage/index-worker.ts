// The entry of each index worker thread (see createIndexer's `threads`): loads tree-sitter once and each grammar
// when a content first needs it, and builds records for the contents the main thread sends, exactly as the
// one-thread path does.
import { parentPort, workerData } from "node:worker_threads";
import { buildBlob } from "../index/build-blob.js";
import { serveBlobRequests } from "../index/serve-blob-requests.js";
import { createSymbolExtractor } from "../index/symbols/symbol-extractor.js";
import { analyzeToBytes } from "../rank/lexical/analyze-content.js";

/** What the main thread tells each worker. */
export interface IndexWorkerData {
  /** The version the main thread stores contents under: a worker whose extractor differs must not build any. */
  readonly extractorVersion: string;
}

if (!parentPort) throw new Error("index-worker runs as a worker thread");
const { extractorVersion } = workerData as IndexWorkerData;
const extractor = await createSymbolExtractor({ grammarsOnDemand: true });
if (extractor.version !== extractorVersion) {
  throw new Error(`the worker's symbol extractor version ${extractor.version} differs from the indexer's ${extractorVersion}`);
}
serveBlobRequests(parentPort, async (contents) => {
  await extractor.prepare(contents.map((content) => content.language));
  return contents.map((content) => buildBlob(content, extractor, analyzeToBytes));
});
