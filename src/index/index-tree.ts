import type { BlobRecord, IndexStore, TreeFile } from "../store/index-store.js";
import { inThreadBlobBuilder, type AnalyzeContent, type BlobBuilder, type NewContent } from "./build-blob.js";
import { createFolderMemory, type FolderMemory } from "./folder-listings.js";
import { createFsTreeSource } from "./fs-tree-source.js";
import {
  emptySkipCounts, walkSelection, type KnownFiles, type SelectedFile, type SelectionOptions, type UnchangedFile,
} from "./select-files.js";
import { SELECTION_RULES_VERSION } from "./selection-rules.js";
import type { DeferredSymbolExtractor } from "./symbols/defer-symbol-extractor.js";
import type { SymbolExtractor } from "./symbols/symbol-extractor.js";
import type { TreeSource } from "./tree-source.js";
import type { SkipReason } from "./types.js";

export type { AnalyzeContent, AnalyzeInput } from "./build-blob.js";

/** How far an index run is. */
export interface IndexProgress {
  readonly phase: "scan" | "apply" | "done";
  /** Files selected so far. */
  readonly files: number;
  /** New contents handed to analysis so far (during the scan some are still being analysed). */
  readonly analyzed: number;
}

/** Inputs of one index run. */
export interface IndexTreeOptions {
  /** The tree's directory on disk (used when `source` is not given). */
  readonly root: string;
  /** Where to read the tree from; default: the directory `root`. */
  readonly source?: TreeSource;
  readonly store: IndexStore;
  /** A loaded extractor, or a deferred one: its grammars are then loaded only when some content is new. */
  readonly extractor: SymbolExtractor | DeferredSymbolExtractor;
  readonly analyze: AnalyzeContent;
  /**
   * Where new contents are parsed and analysed (e.g. a pool of worker threads); default: on this thread, with
   * `extractor` and `analyze`. It must produce what they would: its records are stored under their versions.
   */
  readonly builder?: BlobBuilder;
  /**
   * Version of `analyze`'s output. Stored contents analysed under another version (or another extractor version)
   * are stale, so a change re-analyses everything once.
   */
  readonly analysisVersion?: string;
  readonly selection?: SelectionOptions;
  /** Extra meta entries stored with the tree, e.g. `{ commit }`. */
  readonly meta?: Readonly<Record<string, string>>;
  readonly onProgress?: (progress: IndexProgress) => void;
  /**
   * Called with each batch of new records as it comes back, in walk order, while the rest is still being parsed
   * (e.g. to number their terms for the ranking index meanwhile). Records of a run that then fails are passed too.
   */
  readonly onContents?: (records: readonly BlobRecord[]) => void;
  /** Wall clock in milliseconds, for `ms` and the `indexed_at` meta entry. Default `Date.now`. */
  readonly now?: () => number;
  /** The clock file times are compared with (ms since the epoch), to trust only settled fingerprints. Default `Date.now`. */
  readonly fileClock?: () => number;
}

/** What an index run did. `files` = `analyzed` + `reused`. */
export interface IndexReport {
  /** Files in the index after the run. */
  readonly files: number;
  /** Distinct new contents decoded, parsed and analysed. */
  readonly analyzed: number;
  /** Files whose content was already stored (or analysed earlier in this run under another path). */
  readonly reused: number;
  /** Paths of the previous tree no longer present. */
  readonly removed: number;
  readonly skipped: Record<SkipReason, number>;
  /** The store's corpus generation after the run. */
  readonly generation: number;
  readonly ms: number;
}

/** Meta key holding the versions the stored contents were produced with. */
export const CONTENT_VERSION_KEY = "content_version";
/** Meta key holding the selection rules' version the stored stat fingerprints were recorded under. */
export const STAT_VERSION_KEY = "stat_version";
/**
 * A fingerprint is recorded only for files changed at least this long before the walk: file times are only as fine
 * as the file system's clock (2 s on FAT, a kernel tick elsewhere), so a write just after the read could otherwise
 * leave size and times as they were (git's "racily clean" entries).
 */
export const STAT_SETTLE_MS = 3000;
const BATCH_SIZE = 250;
/**
 * Batches of new contents handed to the builder and not yet collected. The walk waits for the oldest beyond this, so
 * the bytes held while a slower builder catches up stay bounded (a few batches' worth, not the tree's).
 */
const MAX_BATCHES_IN_FLIGHT = 4;

/** What a walk knows from the store: file fingerprints, and the folder memory whose listings it then saves. */
type WalkKnown = KnownFiles & { readonly folders?: FolderMemory };

/** Fingerprints were matched against a stored tree that another process replaced meanwhile. */
class StaleFingerprint extends Error {}

/**
 * Indexes a tree into the store: selects files, hashes them, analyses only contents the store does not have, and
 * replaces the stored tree in one transaction (a failure leaves the previous index whole). Renamed or copied files
 * reuse their stored content. Yields to the event loop between batches so a server stays responsive.
 */
export async function indexTree(options: IndexTreeOptions): Promise<IndexReport> {
  const { store, extractor } = options;
  const contentVersion = `${extractor.version}|analysis-${options.analysisVersion ?? "0"}`;
  const reuseStored = store.getMeta(CONTENT_VERSION_KEY) === contentVersion;
  const source = options.source ?? createFsTreeSource(options.root);
  // Fingerprints are only as good as the rules that selected their files and the contents they point at.
  const useStats = reuseStored && source.stat !== undefined && store.getMeta(STAT_VERSION_KEY) === SELECTION_RULES_VERSION;
  if (useStats) {
    const stored = store.loadFileStats();
    const folders = createFolderMemory(store.loadFolderListings());
    const known: WalkKnown = {
      lookup: (path) => stored.files.get(path),
      trustChangesBefore: (options.fileClock ?? Date.now)() - STAT_SETTLE_MS,
      folders,
    };
    try {
      return await indexWalk(options, source, contentVersion, reuseStored, known, { files: stored.files.size, generation: stored.generation });
    } catch (error) {
      // Any doubt about a fingerprint means reading and hashing every file, as without them.
      if (!(error instanceof StaleFingerprint)) throw error;
    }
  }
  // Without stored fingerprints (or in doubt about them) every folder is listed too; the listings are recorded.
  const known: WalkKnown | undefined = source.stat
    ? { lookup: () => undefined, trustChangesBefore: (options.fileClock ?? Date.now)() - STAT_SETTLE_MS, folders: createFolderMemory(new Map()) }
    : undefined;
  return indexWalk(options, source, contentVersion, reuseStored, known);
}

/**
 * Writes the walk's folder listings for the next refresh. They are a cache (a failure, e.g. a read-only or busy
 * store, only means the next walk lists those folders again), so nothing here fails the run.
 */
function saveFolderListings(store: IndexStore, folders: FolderMemory | undefined, alone: boolean): void {
  if (!folders || !(alone ? folders.worthSavingAlone() : folders.changed())) return;
  try {
    store.replaceFolderListings(folders.recorded);
  } catch {
    // Listed again next time.
  }
}

async function indexWalk(
  options: IndexTreeOptions,
  source: TreeSource,
  contentVersion: string,
  reuseStored: boolean,
  known: WalkKnown | undefined,
  /**
   * The stored tree `known` was read from (its file count and generation): lets a no-change refresh write nothing,
   * and vouches for the contents of files found unchanged while the generation stays the same.
   */
  storedAt?: { readonly files: number; readonly generation: number },
): Promise<IndexReport> {
  const { store, extractor, analyze, onProgress } = options;
  const builder = options.builder ??
    inThreadBlobBuilder(async () => ("load" in extractor ? extractor.load() : extractor), analyze);
  const now = options.now ?? Date.now;
  const started = now();

  const files: TreeFile[] = [];
  const blobs: BlobRecord[] = [];
  // New contents are stored as their batches come back, while the walk and the parsing go on (the apply at the end
  // then writes only the tree), when that changes nothing a reader sees: they are contents the store lacks, built
  // under the version its tree was built with (or for a store that has no tree yet). Re-analysed contents of a
  // version change replace stored rows, so they wait for the one transaction with the tree.
  const storeAhead = reuseStored || store.generation() === 0;
  let storedAhead = 0;
  let read = 0;
  let handedOver = 0;
  const seen = new Set<string>();
  const skipped = emptySkipCounts();

  // Each batch's new contents are built while the walk goes on (in parallel when the builder has worker threads);
  // their records are collected in walk order, so the store receives them as from a one-thread run.
  const building: Promise<BlobRecord[]>[] = [];
  let failed = false;
  async function collect(keep: number): Promise<void> {
    while (building.length > keep) {
      const records = await building.shift()!;
      options.onContents?.(records);
      if (storeAhead && !failed) {
        store.putContents(records);
        storedAhead += records.length;
      } else {
        blobs.push(...records);
      }
    }
  }

  // Files wait in small batches so the store is asked about many hashes at once, holding few files' bytes.
  let pending: (SelectedFile | UnchangedFile)[] = [];
  const fingerprints = new Map<SelectedFile, string>();
  async function flush(): Promise<void> {
    // Only read files' contents are looked up: an unchanged file's content is stored as long as the generation its
    // fingerprint was read at stays current, which is checked once, after the walk.
    const fresh = [...new Set(pending.filter((file) => "bytes" in file).map((file) => file.hash))].filter((hash) => !seen.has(hash));
    const stored = reuseStored ? store.knownHashes(fresh) : new Set<string>();
    const contents: NewContent[] = [];
    for (const file of pending) {
      const fingerprint = "bytes" in file ? fingerprints.get(file) : file.fingerprint;
      files.push(fingerprint === undefined ? { path: file.path, hash: file.hash } : { path: file.path, hash: file.hash, stat: fingerprint });
      if (seen.has(file.hash)) continue;
      if ("bytes" in file && !stored.has(file.hash)) contents.push(file);
      seen.add(file.hash);
    }
    pending = [];
    fingerprints.clear();
    if (contents.length > 0) {
      const batch = builder.build(contents);
      // Collected later, in order; a failure meanwhile must neither count as unhandled nor let the walk go on.
      batch.catch(() => {
        failed = true;
      });
      building.push(batch);
      handedOver += contents.length;
    }
    await collect(failed ? 0 : MAX_BATCHES_IN_FLIGHT);
  }

  for (const event of walkSelection(source, options.selection, known)) {
    if (event.kind === "skipped") {
      skipped[event.reason]++;
      continue;
    }
    pending.push(event.file);
    if (event.kind === "selected") read++;
    if (event.kind === "selected" && event.fingerprint !== undefined) fingerprints.set(event.file, event.fingerprint);
    if (pending.length === BATCH_SIZE) {
      await flush();
      onProgress?.({ phase: "scan", files: files.length, analyzed: handedOver });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  await flush();
  await collect(0);
  if (storedAt && store.generation() !== storedAt.generation) throw new StaleFingerprint("the stored tree changed during the walk");

  // Every stored path was found unchanged by its fingerprint and nothing else is there: the stored tree is this tree.
  // Nothing is written (no transaction, no WAL to checkpoint), unless a meta entry would change.
  const unchanged = read === 0 && blobs.length + storedAhead === 0 && files.length === storedAt?.files &&
    Object.entries(options.meta ?? {}).every(([key, value]) => store.getMeta(key) === value);
  const folders = known?.folders;
  if (unchanged) {
    // The one write a refresh of an unchanged tree may make: many folder listings to record (once after an upgrade).
    saveFolderListings(store, folders, true);
    onProgress?.({ phase: "done", files: files.length, analyzed: 0 });
    return {
      files: files.length, analyzed: 0, reused: files.length, removed: 0, skipped, generation: store.generation(),
      ms: now() - started,
    };
  }

  const analyzed = blobs.length + storedAhead;
  onProgress?.({ phase: "apply", files: files.length, analyzed });
  const meta = {
    ...options.meta,
    [CONTENT_VERSION_KEY]: contentVersion,
    [STAT_VERSION_KEY]: SELECTION_RULES_VERSION,
    indexed_at: new Date(now()).toISOString(),
  };
  const result = store.applyTree({ files, blobs, meta, ...(storedAhead > 0 ? { storedAhead } : {}) });
  saveFolderListings(store, folders, false);
  onProgress?.({ phase: "done", files: files.length, analyzed });
  return {
    files: files.length,
    analyzed,
    reused: files.length - analyzed,
    removed: result.removed,
    skipped,
    generation: result.generation,
    ms: now() - started,
  };
}
