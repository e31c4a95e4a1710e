import type { ContentUnits, EmbeddingRepo } from "../store/embedding-repo.js";
import { encodeVector } from "../rank/dense/dense-vector-codec.js";
import { buildChunks, type ChunkOptions } from "./build-chunks.js";
import { EmbedError } from "./embed-error.js";
import type { Embedder, EmbedLogger } from "./embedder.js";
import type { SourceReader } from "./source-reader.js";

/** Contents whose units wait in memory for the next write, at most (units are written with their vectors). */
const MAX_BUFFERED_CONTENTS = 500;

/** Files chunked between two turns of the event loop (~10-20 ms of work on django-sized files). */
const YIELD_EVERY_FILES = 20;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** What the fill needs; every side effect is here. */
export interface FillDeps {
  readonly repo: EmbeddingRepo;
  readonly embedder: Embedder;
  readonly source: SourceReader;
  readonly logger?: EmbedLogger;
}

/** Progress after each stored group of vectors. */
export interface FillProgress {
  readonly filesDone: number;
  readonly files: number;
  /** Units embedded and stored so far in this run. */
  readonly embedded: number;
}

/** Options of one fill run. */
export interface FillOptions {
  /** Stops the run between or during requests; what is stored stays stored. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: FillProgress) => void;
  /**
   * Units per `embedDocuments` call, each call followed by one write transaction. Default 2,000: a few requests
   * at full concurrency, so a cancelled or failed run loses at most that much work.
   */
  readonly groupSize?: number;
  readonly chunks?: ChunkOptions;
}

/** How a fill run ended. Failures of the embedder are reported here, never thrown. */
export interface FillReport {
  readonly outcome: "done" | "cancelled" | "failed";
  readonly error?: EmbedError;
  readonly files: number;
  /** Files that could not be read as indexed (changed or deleted since). */
  readonly skippedFiles: number;
  readonly embedded: number;
  readonly tokensEstimated: number;
}

/**
 * Brings the embedding cache up to date for the current tree: builds the units of files that have none (or carry
 * an old path), and embeds every unit whose hash has no vector for the embedder's model key, in groups. A unit
 * already cached under any commit or path is never sent again; identical units in several files are sent once.
 */
export async function fillEmbeddings(deps: FillDeps, options: FillOptions = {}): Promise<FillReport> {
  const { repo, embedder } = deps;
  const modelKey = embedder.modelKey;
  const groupSize = Math.max(1, options.groupSize ?? 2_000);
  const work = repo.findFilesNeedingEmbeddings(modelKey);
  const pending = new Map<string, string>();
  let units: ContentUnits[] = [];
  let filesDone = 0;
  let skippedFiles = 0;
  let embedded = 0;
  let tokensEstimated = 0;

  /** Embeds what is pending, then writes the units built so far together with the new vectors. */
  async function flush(): Promise<void> {
    const entries = [...pending];
    const vectors = entries.length === 0 ? [] : await embedder.embedDocuments(entries.map(([, text]) => text), { signal: options.signal });
    repo.writeUnits(units, modelKey, entries.map(([hash], i) => ({ hash, vector: encodeVector(vectors[i]) })));
    pending.clear();
    units = [];
    embedded += entries.length;
    tokensEstimated += entries.reduce((sum, [, text]) => sum + Math.ceil(text.length / 3), 0);
    options.onProgress?.({ filesDone, files: work.length, embedded });
  }

  try {
    for (const file of work) {
      if (options.signal?.aborted) throw new EmbedError({ kind: "aborted" });
      // Reading and chunking is synchronous: let other work (a webhook, a ranking) run every few files.
      if (filesDone % YIELD_EVERY_FILES === YIELD_EVERY_FILES - 1) await yieldToEventLoop();
      const text = deps.source.readText(file.path, file.hash);
      filesDone++;
      if (text === undefined) {
        skippedFiles++;
        continue;
      }
      const chunks = buildChunks({ path: file.path, text, symbols: repo.loadSymbols(file.hash) }, options.chunks);
      units.push({ fileHash: file.hash, chunks });
      const missing = repo.findMissing(modelKey, chunks.map((c) => c.hash));
      for (const c of chunks) if (missing.has(c.hash)) pending.set(c.hash, c.text);
      if (pending.size >= groupSize || units.length >= MAX_BUFFERED_CONTENTS) await flush();
    }
    if (pending.size > 0 || units.length > 0) await flush();
    return { outcome: "done", files: work.length, skippedFiles, embedded, tokensEstimated };
  } catch (error) {
    if (!(error instanceof EmbedError)) throw error;
    const outcome = error.kind === "aborted" ? "cancelled" : "failed";
    deps.logger?.warn({ outcome, kind: error.kind, status: error.status, embedded, files: work.length }, "embedding fill stopped");
    return { outcome, error, files: work.length, skippedFiles, embedded, tokensEstimated };
  }
}
