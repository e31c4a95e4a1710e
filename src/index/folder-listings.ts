import type { FolderListing } from "../store/index-store.js";
import type { TreeEntry } from "./tree-source.js";

/**
 * Folder listings recorded by an earlier walk, recalled by the folder's stat fingerprint: a folder's entries change
 * only with its modification and status-change times (creating, removing or renaming an entry sets both, by POSIX),
 * so a folder whose fingerprint is as recorded is not listed again (git's untracked cache rests on the same rule).
 * The walk still takes every file's own fingerprint: a file's content can change without its folder changing.
 */
export interface KnownFolders {
  /** The listing recorded for the folder at `path`, if any. */
  lookup(path: string): FolderListing | undefined;
  /**
   * Called for every folder the walk lists or recalls whose fingerprint was settled (see `KnownFiles`), with the
   * listing to keep: `listed` when it was read from the folder now, false when recalled.
   */
  record(listing: FolderListing, listed: boolean): void;
}

const KIND_CODES: Readonly<Record<TreeEntry["kind"], string>> = { file: "f", directory: "d", symlink: "l", other: "o" };
const KINDS: Readonly<Record<string, TreeEntry["kind"]>> = { f: "file", d: "directory", l: "symlink", o: "other" };

/**
 * Encodes a folder's entries, in their order, as one string: each entry its kind's letter and its name, joined by
 * "/" (the one character, with NUL, that no entry name can hold).
 */
export function encodeFolderEntries(entries: readonly TreeEntry[]): string {
  return entries.map((entry) => KIND_CODES[entry.kind] + entry.name).join("/");
}

/** The entries {@link encodeFolderEntries} encoded, in order; undefined for a string it cannot have written. */
export function decodeFolderEntries(encoded: string): TreeEntry[] | undefined {
  if (encoded === "") return [];
  const parts = encoded.split("/");
  const entries: TreeEntry[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const kind = KINDS[part[0]];
    if (kind === undefined || part.length < 2) return undefined;
    entries[i] = { name: part.slice(1), kind };
  }
  return entries;
}

/** A walk's folder memory: the recorded listings to recall, and what the walk recorded for the next one. */
export interface FolderMemory extends KnownFolders {
  /** Every listing recorded during the walk, in walk order. */
  readonly recorded: readonly FolderListing[];
  /**
   * Whether the recorded listings are worth writing although nothing else is: when the folders listed afresh are at
   * least a sixteenth of those recorded (a store with none yet, after an upgrade or a first index without them).
   * A few changed folders are listed again on each refresh until the next write of the tree.
   */
  worthSavingAlone(): boolean;
  /** Whether the recorded listings differ from the stored ones (any listed afresh, or a folder gone or unsettled). */
  changed(): boolean;
}

/** A folder memory recalling `stored` (empty: record only). */
export function createFolderMemory(stored: ReadonlyMap<string, FolderListing>): FolderMemory {
  const recorded: FolderListing[] = [];
  let listed = 0;
  return {
    recorded,
    lookup: (path) => stored.get(path),
    record(listing, fresh) {
      recorded.push(listing);
      if (fresh) listed++;
    },
    worthSavingAlone: () => listed > 0 && listed * 16 >= recorded.length,
    changed: () => listed > 0 || recorded.length !== stored.size,
  };
}
