import type { FileLinks, Language, SymbolInfo } from "../index/types.js";

/** One distinct file content, keyed by the sha256 of its bytes. */
export interface BlobRecord {
  readonly hash: string;
  readonly language: Language;
  /** Size of the raw bytes. */
  readonly size: number;
  readonly lineCount: number;
  /** The lexical ranker's encoded content analysis; opaque to the store. */
  readonly analysis: Uint8Array;
  readonly symbols: readonly SymbolInfo[];
  /** Its imports and type relations, unresolved (absent or empty: none). */
  readonly links?: FileLinks;
}

/** One path of the current tree and the content it holds. */
export interface TreeFile {
  readonly path: string;
  readonly hash: string;
  /**
   * The file's stat fingerprint (see `FileStat.fingerprint`) taken before `hash` was computed from its bytes, when
   * it is old enough to be trusted; a later refresh that sees the same fingerprint reuses `hash` without reading.
   */
  readonly stat?: string;
}

/** A path of the stored tree with the fingerprint its hash was computed under (null: none recorded). */
export interface StatEntry {
  readonly hash: string;
  readonly stat: string | null;
}

/**
 * A folder's entries as a walk listed them, with the folder's stat fingerprint taken just before (see
 * `FileStat.fingerprint`): while the fingerprint stays the same, so do the entries.
 */
export interface FolderListing {
  /** The folder's path in the tree ("" for the root). */
  readonly path: string;
  readonly stat: string;
  /** The entries, encoded by the walk (`index/folder-listings.ts`); opaque to the store. */
  readonly entries: string;
}

/** A complete new tree. Every file's hash must be stored already or be among `blobs`. */
export interface TreeUpdate {
  /** Every file of the new tree (not a delta): paths missing here are removed from the index. */
  readonly files: readonly TreeFile[];
  /** Contents not stored yet. Re-sending a stored hash replaces its record. */
  readonly blobs: readonly BlobRecord[];
  /** Meta entries written with the tree, e.g. `root`, `commit`, `indexed_at`. */
  readonly meta?: Readonly<Record<string, string>>;
  /**
   * How many contents this update's run stored ahead with `putContents`: any means unreferenced contents are
   * collected, as for `blobs`.
   */
  readonly storedAhead?: number;
}

/** What `applyTree` changed. */
export interface TreeUpdateResult {
  /** The corpus generation after the update; unchanged when the tree and its contents did not change. */
  readonly generation: number;
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
  /** Blobs no file references any more, deleted with their symbols and chunks. */
  readonly collectedBlobs: number;
}

/** Reads one content's stored analysis by its hash; throws when it cannot answer from the state the corpus was read at. */
export type ReadAnalysis = (hash: string) => Uint8Array;

/** One file of the current tree with everything the lexical ranker needs (the `LexicalDoc` shape). */
export interface CorpusFile {
  readonly path: string;
  readonly hash: string;
  readonly language: Language;
  readonly lineCount: number;
  /** Shared between files with the same content: treat as immutable. */
  readonly symbols: readonly SymbolInfo[];
  readonly analysis: Uint8Array;
  /** Its content's links (shared between files with the same content: treat as immutable); absent: none. */
  readonly links?: FileLinks;
}

/** The per-repository index: the current tree, its contents by hash, and meta entries. */
export interface IndexStore {
  /** The subset of `hashes` whose contents are stored (so they need no re-analysis). */
  knownHashes(hashes: readonly string[]): Set<string>;
  /**
   * Replaces the current tree in one transaction: stores new blobs, writes the tree and meta, collects blobs,
   * symbols and chunks no file references (embeddings are kept: they are keyed by chunk content), and bumps the
   * generation when anything changed. On any error nothing is written and the previous tree stays whole.
   */
  applyTree(update: TreeUpdate): TreeUpdateResult;
  /**
   * Stores contents ahead of the tree that will reference them (an index run writing as it goes), in a transaction
   * of their own. For contents not stored yet: the current tree, its generation and everything a reader loads stay
   * as they were. Contents that no tree ever references (their run failed) are collected by a later `applyTree`
   * that changes the tree.
   */
  putContents(blobs: readonly BlobRecord[]): void;
  /**
   * Every path of the stored tree with its hash and stat fingerprint, and the generation they belong to (one read):
   * while the generation stays the same, every hash among them is stored.
   */
  loadFileStats(): { readonly files: Map<string, StatEntry>; readonly generation: number };
  /** Every recorded folder listing by path (a cache for the walk: independent of the tree and its generation). */
  loadFolderListings(): Map<string, FolderListing>;
  /** Replaces every recorded folder listing with `listings`, in a transaction of its own. */
  replaceFolderListings(listings: readonly FolderListing[]): void;
  /** The current tree's paths and content hashes, in path order (no contents: cheap, for applying a delta). */
  listFiles(): TreeFile[];
  /**
   * Every file of the current tree, in path order, in two queries. With `readAnalysis`, analyses are not read here:
   * each file's `analysis` is read through it when first asked for (see load-corpus.ts).
   */
  loadCorpus(readAnalysis?: ReadAnalysis): CorpusFile[];
  /** The corpus generation: changes exactly when `applyTree` changes the corpus. 0 for a new store. */
  generation(): number;
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  close(): void;
}
