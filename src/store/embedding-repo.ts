import type { Database } from "better-sqlite3";
import type { ChunkKind, DenseChunk } from "../embed/dense-chunk.js";
import type { SymbolInfo, SymbolKind } from "../index/types.js";
import { createDenseIndexBuilder, type DenseIndex, type DenseUnitRef } from "../rank/dense/dense-index.js";

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

/** The units of one content. */
export interface ContentUnits {
  readonly fileHash: string;
  readonly chunks: readonly DenseChunk[];
}

/** One vector in dense-vector-codec format, keyed by its unit's hash. */
export interface EncodedVector {
  readonly hash: string;
  readonly vector: Uint8Array;
}

/** The dense side of the index store: chunk rows and the embedding cache. */
export interface EmbeddingRepo {
  coverage(modelKey: string): EmbeddingCoverage;
  /** Files of the current tree that need work before every unit has a vector for `modelKey`, in path order. */
  findFilesNeedingEmbeddings(modelKey: string): FileNeedingEmbeddings[];
  /** The stored symbols of a content, in document order. */
  loadSymbols(hash: string): SymbolInfo[];
  /**
   * Replaces the units of contents, in one transaction. A content no file of the tree holds any more (a re-index
   * ran meanwhile) is skipped, so a background fill never leaves orphan rows behind.
   */
  replaceChunks(entries: readonly ContentUnits[]): void;
  /** The subset of `chunkHashes` without a vector for `modelKey`. */
  findMissing(modelKey: string, chunkHashes: readonly string[]): Set<string>;
  /** Stores encoded vectors (dense-vector-codec) in one transaction; existing ones are kept. */
  putEmbeddings(modelKey: string, entries: readonly EncodedVector[]): void;
  /** `replaceChunks` and `putEmbeddings` in one transaction, so coverage never sees units without their vectors. */
  writeUnits(entries: readonly ContentUnits[], modelKey: string, vectors: readonly EncodedVector[]): void;
  /**
   * A cheap token that changes when the tree changes (the store generation) or any vector is added (embeddings
   * only grow): a loaded dense index is reusable while it stays the same. Unit rows rewritten by a fill in another
   * process without new vectors are not seen; a fill in this process bumps the runtime's own epoch instead.
   */
  denseStateKey(): string;
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
  // One pass over the unit rows, aggregated per content: lines with and without a vector.
  const linesPerContent = db.prepare<[string], { hash: string; chunks: number; embedded: number; lines: number; missing_lines: number }>(`
    SELECT c.file_hash AS hash, COUNT(*) AS chunks, COUNT(e.chunk_hash) AS embedded,
           SUM(c.end_line - c.start_line + 1) AS lines,
           SUM(CASE WHEN e.chunk_hash IS NULL THEN c.end_line - c.start_line + 1 ELSE 0 END) AS missing_lines
    FROM chunks c LEFT JOIN embeddings e ON e.chunk_hash = c.chunk_hash AND e.model_key = ?
    WHERE c.chunk_hash <> '' GROUP BY c.file_hash`);
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
  const readGeneration = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'generation'").pluck();
  const lastEmbedding = db.prepare<[], number | null>("SELECT MAX(rowid) FROM embeddings").pluck();
  const countModel = db.prepare<[string], number>("SELECT COUNT(*) FROM embeddings WHERE model_key = ?").pluck();
  const unitRows = db.prepare<[], [string, string, ChunkKind, string, number, number]>(
    // CROSS JOIN keeps files outermost: each file's units are one primary-key range. Left to itself SQLite walks
    // the chunk_hash index and fetches every row at random, about twice as slow.
    "SELECT c.chunk_hash, f.path, c.kind, c.name, c.start_line, c.end_line FROM files f CROSS JOIN chunks c ON c.file_hash = f.hash WHERE +c.chunk_hash <> ''").raw();
  const modelVectors = db.prepare<[string], [string, Uint8Array]>("SELECT chunk_hash, vector FROM embeddings WHERE model_key = ?").raw();
  const replaceChunks = db.transaction((entries: readonly ContentUnits[]) => {
    for (const { fileHash, chunks } of entries) {
      if (hasFile.get(fileHash) === undefined) continue;
      deleteChunks.run(fileHash);
      if (chunks.length === 0) insertChunk.run(fileHash, 0, NO_UNITS, 1, 1, "header", NO_UNITS);
      for (const c of chunks) insertChunk.run(fileHash, c.ord, c.hash, c.startLine, c.endLine, c.kind, c.name);
    }
  });
  const putEmbeddings = db.transaction((modelKey: string, entries: readonly EncodedVector[]) => {
    for (const e of entries) insertEmbedding.run(e.hash, modelKey, e.vector);
  });

  /** Contents of the tree with the paths that hold them, and whether their units are current. */
  function contentStates(): Map<string, { paths: string[]; header: string | null; size: number; lineCount: number }> {
    const states = new Map<string, { paths: string[]; header: string | null; size: number; lineCount: number }>();
    for (const row of perContent.all()) states.set(row.hash, { paths: [], header: row.header, size: row.size, lineCount: row.line_count });
    for (const { path, hash } of pathsByHash.all()) states.get(hash)?.paths.push(path);
    return states;
  }

  return {
    coverage(modelKey) {
      const states = contentStates();
      const lines = new Map(linesPerContent.all(modelKey).map((row) => [row.hash, row]));
      let unchunked = 0;
      let chunks = 0;
      let embedded = 0;
      let totalTokens = 0;
      let missingTokens = 0;
      for (const [hash, s] of states) {
        if (s.header === NO_UNITS) continue;
        const row = lines.get(hash);
        if (s.header === null || !s.paths.includes(s.header) || row === undefined) {
          unchunked++;
          totalTokens += Math.ceil(s.size / CHARS_PER_TOKEN);
          missingTokens += Math.ceil(s.size / CHARS_PER_TOKEN);
          continue;
        }
        // Units overlap (windows, class outlines), so their lines may add up past the file's: count them all.
        const tokensPerLine = s.size / Math.max(1, s.lineCount) / CHARS_PER_TOKEN;
        chunks += row.chunks;
        embedded += row.embedded;
        totalTokens += Math.ceil(row.lines * tokensPerLine);
        missingTokens += Math.ceil(row.missing_lines * tokensPerLine);
      }
      return { contents: states.size, unchunked, chunks, embedded, totalTokens, missingTokens };
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
    replaceChunks: (entries) => replaceChunks(entries),
    findMissing(modelKey, chunkHashes) {
      return new Set(chunkHashes.filter((h) => h !== NO_UNITS && hasEmbedding.get(h, modelKey) === undefined));
    },
    putEmbeddings: (modelKey, entries) => putEmbeddings(modelKey, entries),
    writeUnits: db.transaction((entries: readonly ContentUnits[], modelKey: string, vectors: readonly EncodedVector[]) => {
      replaceChunks(entries);
      putEmbeddings(modelKey, vectors);
    }),
    denseStateKey: () => `${readGeneration.get() ?? "0"}:${lastEmbedding.get() ?? 0}`,
    loadDenseIndex(modelKey, dims) {
      // The tree's units first (no blobs: fast), then one sequential scan of the vectors in table order; joining
      // row by row through the key index instead took ~3 s for 100,000 vectors (bench/dense-store.ts).
      const byHash = new Map<string, { path: string; unit: DenseUnitRef }[]>();
      let units = 0;
      for (const [hash, path, kind, name, startLine, endLine] of unitRows.iterate()) {
        const list = byHash.get(hash) ?? [];
        if (list.length === 0) byHash.set(hash, list);
        list.push({ path, unit: { kind, name, startLine, endLine } });
        units++;
      }
      const builder = createDenseIndexBuilder(Math.min(units, countModel.get(modelKey) ?? 0) + duplicates(byHash), dims);
      for (const [hash, vector] of modelVectors.iterate(modelKey)) {
        for (const { path, unit } of byHash.get(hash) ?? []) builder.add(path, unit, vector);
      }
      return builder.finish();
    },
  };
}

/** Extra rows needed because one vector serves every unit with its hash (identical code in several files). */
function duplicates(byHash: Map<string, unknown[]>): number {
  let extra = 0;
  for (const list of byHash.values()) extra += list.length - 1;
  return extra;
}
