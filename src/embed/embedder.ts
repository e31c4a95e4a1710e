/** Options for one embedding call. */
export interface EmbedCallOptions {
  /** Cancels the call; it then rejects with an `EmbedError` of kind `aborted` (or `timeout` for a deadline). */
  readonly signal?: AbortSignal;
  /** Called after each finished request with the number of inputs embedded so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** What one HTTP request cost, reported to whoever keeps latency statistics (the planner's inputs). */
export interface EmbedRequestObservation {
  readonly inputs: number;
  /** Estimated tokens sent (the service's own count when it reports usage). */
  readonly tokens: number;
  readonly ms: number;
  readonly ok: boolean;
  /** The HTTP status of a failed request, when the service answered. */
  readonly status?: number;
}

/**
 * Turns text into vectors. Implementations batch, retry and time out on their own and fail only with `EmbedError`.
 * Vectors come back as `Float32Array`s in input order, not necessarily normalised.
 */
export interface Embedder {
  /** Names the vector space: model, dimensions and output type, e.g. `voyage-code-3/1024/float`. Cache key. */
  readonly modelKey: string;
  /** Length of every vector this embedder returns. */
  readonly dims: number;
  /** Embeds code units for storage (`input_type: document`). */
  embedDocuments(texts: readonly string[], options?: EmbedCallOptions): Promise<Float32Array[]>;
  /** Embeds an issue text for search (`input_type: query`). */
  embedQuery(text: string, options?: EmbedCallOptions): Promise<Float32Array>;
}

/** Builds the cache key naming a vector space. Two embedders with equal keys must produce interchangeable vectors. */
export function buildModelKey(model: string, dims: number, dtype: string): string {
  return `${model}/${dims}/${dtype}`;
}

/** The slice of a pino-style logger that the embedding code uses: a fixed message plus a metadata object. */
export interface EmbedLogger {
  info(meta: object, message: string): void;
  warn(meta: object, message: string): void;
}
