// A real index worker (grammars, buildBlob, serveBlobRequests) whose content analysis fails for paths under `bad/`.
import { parentPort } from "node:worker_threads";
import { buildBlob } from "../../../src/index/build-blob.js";
import { serveBlobRequests } from "../../../src/index/serve-blob-requests.js";
import { createSymbolExtractor } from "../../../src/index/symbols/symbol-extractor.js";
import { analyzeToBytes } from "../../../src/rank/lexical/analyze-content.js";

const extractor = await createSymbolExtractor({ languages: ["python"] });
serveBlobRequests(parentPort!, async (contents) => contents.map((content) => buildBlob(content, extractor, (input) => {
  if (input.path.startsWith("bad/")) throw new RangeError(`cannot analyse ${input.path}`);
  return analyzeToBytes(input);
})));
