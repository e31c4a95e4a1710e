import type { SymbolKind } from "../index/types.js";

/** What a dense unit covers: a symbol's kind, or `header` (path, imports, top docstring). */
export type ChunkKind = SymbolKind | "header";

/** One embedded unit of a file. Lines are 1-based and inclusive. */
export interface DenseChunk {
  /** Position in the file's chunk list, 0-based. */
  readonly ord: number;
  readonly kind: ChunkKind;
  /** Qualified symbol name, `lines a-b` for a window, or the file path for the header. */
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  /** The exact text sent to the embedder. */
  readonly text: string;
  /** sha256 (hex) of `text` and nothing else: the embedding cache key together with the model key. */
  readonly hash: string;
}
