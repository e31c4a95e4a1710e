import type { Database } from "better-sqlite3";
import type { ChunkKind, DenseChunk } from "../embed/dense-chunk.js";
import type { SymbolInfo, SymbolKind } from "../index/types.js";
import { createDenseIndexBuilder, type DenseIndex } from "../rank/dense-index.js";

/** How much of the current tree has vectors for one model key. Token counts are estimates (characters / 3). */
export interface EmbeddingCoverage {
  /** Distinct contents in the tree. */
  readonly contents: number;
  /** Contents whose dense units are not built (or were built under another path): their size counts as missing. */
  readonly unchunked: number;
  /** Distinct dense units of the tree, and how many of them have a vector. */
  readonly chunks: number;
  readonly embedded: number;
  readonly totalTokens: number;
  readonly missingTokens: number;
}

/** A file whose units must be (re)built or embedded; one path per distinct content. */
export interface FileNeedingEmbeddings {
  readonly path: string;
  readonly hash: string;
  /** `unchunked`: no units yet; `renamed`: units carry another path; `missing`: some units lack a vector. */
  readonly reason: "unchunked" | "renamed" | "missing";
}

/** The dense side of the index store: chunk rows and the embedding cache. */
export interface EmbeddingRepo {
  coverage(modelKey: string): EmbeddingCoverage;
  /** Files of the current tree that need work before every unit has a vector for `modelKey`, in path order. */
  findFilesNeedingEmbeddings(modelKey: string): FileNeedingEmbeddings[];
  /** The stored symbols of a content, in document order. */
  loadSymbols(hash: string): SymbolInfo[];
  /**
   * Replaces the units of a content. Ignored when no file of the tree holds `fileHash` any more (a re-index ran
   * meanwhile), so a background fill never leaves orphan rows behind.
   */
  replaceChunks(fileHash: string, chunks: readonly DenseChunk[]): void;
  /** The subset of `chunkHashes` without a vector for `modelKey`. */
  findMissing(modelKey: string, chunkHashes: readonly string[]): Set<string>;
  /** Stores encoded vectors (dense-vector-codec) in one transaction; existing ones are kept. */
  putEmbeddings(modelKey: string, entries: readonly { readonly hash: string; readonly vector: Uint8Array }[]): void;
  /** Number of (file, unit) rows with a vector: changes exactly when the dense index would. */
  countIndexedUnits(modelKey: string): number;
  /** The store's corpus generation (changes whenever a re-index changes the tree). */
  generation(): number;
  /** Every vector of the current tree for `modelKey` in one matrix. */
  loadDenseIndex(modelKey: string, dims: number): DenseIndex;
}

/**
 * Marks a content that yields no units (a blank file): one chunk row with an empty hash, so the content counts
 * as chunked and is not re-read by every fill. Never embedded, never loaded.
 */
const NO_UNITS = "";
const CHARS_PER_TOKEN = 3;

/** Builds the repository over an open store database (`SqliteIndexStore.db`, schema version 1). */
export function createEmbeddingRepo(db: Database): EmbeddingRepo {
  const perContent = db.prepare<[], { hash: string; size: number; line_count: number; header: string | null }>(`
    SELECT b.hash, b.size, b.line_count,
           (SELECT c.name FROM chunks c WHERE c.file_hash = b.hash AND c.ord = 0) AS header
    FROM blobs b WHERE b.hash IN (SELECT hash FROM files)`);
  const pathsByHash = db.prepare<[], { path: string; hash: string }>("SELECT path, hash FROM files ORDER BY path");
  const chunkStats = db.prepare<[string], { file_hash: string; chunk_hash: string; lines: number; size: number; line_count: number; embedded: number }>(`
    SELECT c.file_hash, c.chunk_hash, c.end_line - c.start_line + 1 AS lines, b.size, b.line_count,
           EXISTS (SELECT 1 FROM embeddings e WHERE e.chunk_hash = c.chunk_hash AND e.model_key = ?) AS embedded
    FROM chunks c JOIN blobs b ON b.hash = c.file_hash
    WHERE c.chunk_hash <> '' AND c.file_hash IN (SELECT hash FROM files)`);
  const missingPerContent = db.prepare<[string], { hash: string }>(`
    SELECT DISTINCT c.file_hash AS hash FROM chunks c
    WHERE c.chunk_hash <> '' AND c.file_hash IN (SELECT hash FROM files)
      AND NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.chunk_hash = c.chunk_hash AND e.model_key = ?)`);
  const symbols = db.prepare<[string], { name: string; qualified_name: string; kind: SymbolKind; start_line: number; end_line: number }>(
    "SELECT name, qualified_name, kind, start_line, end_line FROM symbols WHERE hash = ? ORDER BY ord");
  const hasFile = db.prepare<[string], number>("SELECT 1 FROM files WHERE hash = ? LIMIT 1").pluck();
  const deleteChunks = db.prepare("DELETE FROM chunks WHERE file_hash = ?");
  const insertChunk = db.prepare("INSERT INTO chunks (file_hash, ord, chunk_hash, start_line, end_line, kind, name) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const hasEmbedding = db.prepare<[string, string], number>("SELECT 1 FROM embeddings WHERE chunk_hash = ? AND model_key = ?").pluck();
  const insertEmbedding = db.prepare("INSERT OR IGNORE INTO embeddings (chunk_hash, model_key, vector) VALUES (?, ?, ?)");
  const indexedJoin = `FROM files f JOIN chunks c ON c.file_hash = f.hash
    JOIN embeddings e ON e.chunk_hash = c.chunk_hash AND e.model_key = ?`;
  const readGeneration = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'generation'").pluck();
  const countIndexed = db.prepare<[string], number>(`SELECT COUNT(*) ${indexedJoin}`).pluck();
  const indexedRows = db.prepare<[string], [string, ChunkKind, string, number, number, Uint8Array]>(
    `SELECT f.path, c.kind, c.name, c.start_line, c.end_line, e.vector ${indexedJoin} ORDER BY f.path, c.ord`).raw();

  /** Contents of the tree with the paths that hold them, and whether their units are current. */
  function contentStates(): Map<string, { paths: string[]; header: string | null; size: number; lineCount: number }> {
    const states = new Map<string, { paths: string[]; header: string | null; size: number; lineCount: number }>();
    for (const row of perContent.all()) states.set(row.hash, { paths: [], header: row.header, size: row.size, lineCount: row.line_count });
    for (const { path, hash } of pathsByHash.all()) states.get(hash)?.paths.push(path);
    return states;
  }

  return {
    coverage(modelKey) {
      let unchunked = 0;
      let unchunkedTokens = 0;
      let totalTokens = 0;
      const stale = new Set<string>();
      const states = contentStates();
      for (const [hash, s] of states) {
        if (s.header === NO_UNITS || (s.header !== null && s.paths.includes(s.header))) continue;
        unchunked++;
        stale.add(hash);
        unchunkedTokens += Math.ceil(s.size / CHARS_PER_TOKEN);
      }
      const seen = new Set<string>();
      let embedded = 0;
      let missingTokens = unchunkedTokens;
      totalTokens += unchunkedTokens;
      for (const row of chunkStats.all(modelKey)) {
        if (seen.has(row.chunk_hash) || stale.has(row.file_hash)) continue;
        seen.add(row.chunk_hash);
        const tokens = Math.ceil((row.size * Math.min(1, row.lines / Math.max(1, row.line_count))) / CHARS_PER_TOKEN);
        totalTokens += tokens;
        if (row.embedded) embedded++;
        else missingTokens += tokens;
      }
      return { contents: states.size, unchunked, chunks: seen.size, embedded, totalTokens, missingTokens };
    },
    findFilesNeedingEmbeddings(modelKey) {
      const missing = new Set(missingPerContent.all(modelKey).map((r) => r.hash));
      const out: FileNeedingEmbeddings[] = [];
      for (const [hash, s] of contentStates()) {
        if (s.paths.length === 0) continue;
        if (s.header === null) out.push({ path: s.paths[0], hash, reason: "unchunked" });
        else if (s.header !== NO_UNITS && !s.paths.includes(s.header)) out.push({ path: s.paths[0], hash, reason: "renamed" });
        else if (missing.has(hash)) out.push({ path: s.header === NO_UNITS ? s.paths[0] : s.header, hash, reason: "missing" });
      }
      return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
    loadSymbols(hash) {
      return symbols.all(hash).map((r) => ({ name: r.name, qualifiedName: r.qualified_name, kind: r.kind, startLine: r.start_line, endLine: r.end_line }));
    },
    replaceChunks: db.transaction((fileHash: string, chunks: readonly DenseChunk[]) => {
      if (hasFile.get(fileHash) === undefined) return;
      deleteChunks.run(fileHash);
      if (chunks.length === 0) insertChunk.run(fileHash, 0, NO_UNITS, 1, 1, "header", NO_UNITS);
      for (const c of chunks) insertChunk.run(fileHash, c.ord, c.hash, c.startLine, c.endLine, c.kind, c.name);
    }),
    findMissing(modelKey, chunkHashes) {
      return new Set(chunkHashes.filter((h) => h !== NO_UNITS && hasEmbedding.get(h, modelKey) === undefined));
    },
    putEmbeddings: db.transaction((modelKey: string, entries: readonly { readonly hash: string; readonly vector: Uint8Array }[]) => {
      for (const e of entries) insertEmbedding.run(e.hash, modelKey, e.vector);
    }),
    countIndexedUnits: (modelKey) => countIndexed.get(modelKey) ?? 0,
    generation: () => Number(readGeneration.get() ?? "0"),
    loadDenseIndex(modelKey, dims) {
      const builder = createDenseIndexBuilder(countIndexed.get(modelKey) ?? 0, dims);
      for (const [path, kind, name, startLine, endLine, vector] of indexedRows.iterate(modelKey)) {
        builder.add(path, { kind: kind as SymbolKind | "header", name, startLine, endLine }, vector);
      }
      return builder.finish();
    },
  };
}
