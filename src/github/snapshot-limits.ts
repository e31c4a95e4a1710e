/** Caps that bound what one repository snapshot may cost in time, memory and disk. */
export interface SnapshotLimits {
  /** Larger files are skipped (`too-large`) without being read into memory. */
  readonly maxFileBytes: number;
  /** Files written at most; past it the snapshot is partial (`files`). */
  readonly maxFiles: number;
  /** Bytes written at most; past it the snapshot is partial (`bytes`). */
  readonly maxBytes: number;
  /** Archive entries read at most, including skipped ones and directories (`entries`). */
  readonly maxEntries: number;
  /** Bytes coming out of gunzip at most, including skipped bodies: stops decompression bombs (`decompressed-bytes`). */
  readonly maxDecompressedBytes: number;
  /**
   * Bytes of selected files held in memory instead of written to disk, when the caller indexes the snapshot and
   * drops it (no dense ranking to read it later); past it, the rest is written as usual.
   */
  readonly memoryBytes: number;
}

/** Defaults sized for one small machine serving many repositories. */
export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = {
  maxFileBytes: 1024 * 1024,
  maxFiles: 50_000,
  maxBytes: 256 * 1024 * 1024,
  maxEntries: 200_000,
  maxDecompressedBytes: 2 * 1024 * 1024 * 1024,
  // Twice django's selected 31 MB; per snapshot being indexed (BUGSCOUT_INDEX_CONCURRENCY at once).
  memoryBytes: 64 * 1024 * 1024,
};

/** Decides which archive entries are worth indexing; the same rules as the local indexer. */
export interface EntrySelector {
  /** Decides from the path and size alone, before reading: a skip reason, or undefined to read the file. */
  byPath(path: string, size: number): string | undefined;
  /** Decides from the bytes (binary, minified, generated): a skip reason, or undefined to keep the file. */
  byContent(path: string, bytes: Buffer): string | undefined;
}
