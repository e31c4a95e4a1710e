import { detectLanguage } from "./detect-language.js";
import { decodeFolderEntries, encodeFolderEntries, type KnownFolders } from "./folder-listings.js";
import { createGlobMatcher } from "./glob.js";
import { hashContent } from "./hash-content.js";
import {
  contentSkipReason, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, directorySkipReason, pathSkipReason,
} from "./selection-rules.js";
import type { FileStat, TreeEntry, TreeSource } from "./tree-source.js";
import type { Language, SkipReason } from "./types.js";

/** Which files of a tree to index, on top of the fixed rules in `selection-rules.ts`. */
export interface SelectionOptions {
  /** When non-empty, only files matching one of these globs are indexed (see `compileGlob`). */
  readonly include?: readonly string[];
  /** Files matching one of these globs are skipped as `excluded`. */
  readonly exclude?: readonly string[];
  /** Files larger than this many bytes are skipped as `too-large`. Default 1 MiB. */
  readonly maxFileBytes?: number;
  /** At most this many files are selected, in path order; later ones are `over-file-cap`. Default 50,000. */
  readonly maxFiles?: number;
}

/** A file that passed selection, with its raw bytes (not yet decoded: most re-indexed files never need to be). */
export interface SelectedFile {
  readonly path: string;
  readonly size: number;
  /** sha256 of `bytes`, hex. */
  readonly hash: string;
  readonly language: Language;
  readonly bytes: Uint8Array;
}

/** A chosen file that a {@link KnownFiles} lookup recognised by its metadata: its bytes were not read. */
export interface UnchangedFile {
  readonly path: string;
  /** The hash recorded with the matching fingerprint. */
  readonly hash: string;
  readonly fingerprint: string;
}

/**
 * One step of a selection walk: a chosen file (read, or unchanged since a recorded fingerprint), or a skipped file or
 * pruned directory with the reason.
 */
export type SelectionEvent =
  | { readonly kind: "selected"; readonly file: SelectedFile; readonly fingerprint?: string }
  | { readonly kind: "unchanged"; readonly file: UnchangedFile }
  | { readonly kind: "skipped"; readonly path: string; readonly reason: SkipReason };

/**
 * Fingerprints recorded by an earlier walk (path → hash and fingerprint), for sources that have `stat`. A file whose
 * fingerprint matches is not read: it passed the content rules before with the same bytes.
 */
export interface KnownFiles {
  lookup(path: string): { readonly hash: string; readonly stat: string | null } | undefined;
  /**
   * Files changed at or after this time (ms since the epoch) get no fingerprint in their `selected` event: a write
   * within the file system's timestamp granularity after the read could leave the fingerprint as it was.
   */
  readonly trustChangesBefore: number;
  /** Folder listings to recall by the folder's fingerprint, and where to record them; absent: every folder is listed. */
  readonly folders?: KnownFolders;
}

/** A zeroed count for every skip reason. */
export function emptySkipCounts(): Record<SkipReason, number> {
  return {
    binary: 0, "too-large": 0, vendored: 0, generated: 0, minified: 0, excluded: 0, "ignored-dir": 0,
    "over-file-cap": 0, unreadable: 0, symlink: 0,
  };
}

/**
 * Walks a tree depth-first in byte order of names (so the file cap is deterministic) and yields every selection
 * decision lazily: a file's bytes are read only when its path and size pass the rules. Pruned directories (VCS,
 * build output, vendored code) yield one `skipped` event each; their contents are never listed. Symlinks are
 * never followed. Read errors become `unreadable` events; only an unreadable root throws.
 */
export function* walkSelection(
  source: TreeSource,
  options: SelectionOptions = {},
  known?: KnownFiles,
): Generator<SelectionEvent> {
  const include = createGlobMatcher(options.include ?? []);
  const exclude = createGlobMatcher(options.exclude ?? []);
  const hasInclude = (options.include ?? []).some((p) => p.trim() !== "");
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  let selected = 0;

  function decideFile(path: string): SelectionEvent {
    const skip = (reason: SkipReason): SelectionEvent => ({ kind: "skipped", path, reason });
    if (exclude.matches(path) || (hasInclude && !include.matches(path))) return skip("excluded");
    const byPath = pathSkipReason(path);
    if (byPath) return skip(byPath);
    let bytes: Uint8Array;
    let stat: FileStat | undefined;
    try {
      stat = known && source.stat ? source.stat(path) : undefined;
      if ((stat ? stat.size : source.fileSize(path)) > maxFileBytes) return skip("too-large");
      if (selected >= maxFiles) return skip("over-file-cap");
      if (stat && known) {
        const entry = known.lookup(path);
        if (entry && entry.stat === stat.fingerprint) {
          selected++;
          return { kind: "unchanged", file: { path, hash: entry.hash, fingerprint: stat.fingerprint } };
        }
      }
      bytes = source.readFile(path);
    } catch {
      return skip("unreadable");
    }
    // The file may have grown between the size check and the read.
    if (bytes.length > maxFileBytes) return skip("too-large");
    const language = detectLanguage(path, firstLine(bytes));
    const byContent = contentSkipReason(bytes, language);
    if (byContent) return skip(byContent);
    selected++;
    const file = { path, size: bytes.length, hash: hashContent(bytes), language, bytes };
    // Taken before the read, so a change during the read shows as another fingerprint next time; a file that grew
    // or shrank meanwhile, or changed too recently to be told apart by its times, gets none.
    const trusted = stat && known && stat.size === bytes.length && stat.changedMs < known.trustChangesBefore;
    return trusted ? { kind: "selected", file, fingerprint: stat!.fingerprint } : { kind: "selected", file };
  }

  const listSorted = (dir: string): readonly TreeEntry[] => {
    const folders = known?.folders;
    if (!folders || !source.stat) return sortEntries(source.listDirectory(dir));
    // Taken before the listing, so a change during it shows as another fingerprint next time.
    const stat = source.stat(dir);
    const recorded = folders.lookup(dir);
    if (recorded !== undefined && recorded.stat === stat.fingerprint) {
      const entries = decodeFolderEntries(recorded.entries);
      if (entries !== undefined) {
        folders.record(recorded, false);
        return entries;
      }
    }
    const entries = sortEntries(source.listDirectory(dir));
    // A folder changed too recently to be told apart by its times is listed again next time, as such a file is read.
    if (stat.changedMs < known.trustChangesBefore) {
      folders.record({ path: dir, stat: stat.fingerprint, entries: encodeFolderEntries(entries) }, true);
    }
    return entries;
  };
  let root: readonly TreeEntry[];
  try {
    root = listSorted("");
  } catch (error) {
    // An unreadable root must not look like an empty tree: indexing it would wipe the stored index.
    throw new Error("Cannot list the root of the tree", { cause: error });
  }
  // Depth-first with a stack of open directories, not a recursive generator: each event then passes through one
  // generator instead of one per level (django: 10,000 events up to 9 levels deep, on every refresh).
  const open: { readonly dir: string; readonly entries: readonly TreeEntry[]; next: number }[] = [
    { dir: "", entries: root, next: 0 },
  ];
  while (open.length > 0) {
    const top = open[open.length - 1];
    if (top.next === top.entries.length) {
      open.pop();
      continue;
    }
    const entry = top.entries[top.next++];
    const path = top.dir === "" ? entry.name : `${top.dir}/${entry.name}`;
    if (entry.kind === "symlink") {
      yield { kind: "skipped", path, reason: "symlink" };
    } else if (entry.kind === "directory") {
      const reason = directorySkipReason(entry.name);
      let entries: readonly TreeEntry[] | undefined;
      if (!reason) {
        try {
          entries = listSorted(path);
        } catch {
          entries = undefined;
        }
      }
      if (entries) open.push({ dir: path, entries, next: 0 });
      else yield { kind: "skipped", path, reason: reason ?? "unreadable" };
    } else if (entry.kind === "file") {
      yield decideFile(path);
    }
  }
}

/** Entries in byte order of their names: the walk's order, so the file cap is deterministic. */
function sortEntries(entries: readonly TreeEntry[]): TreeEntry[] {
  return [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The first line of a file when it may be a shebang (`#!…`), for `detectLanguage`; else "". */
export function firstLine(bytes: Uint8Array): string {
  if (bytes[0] !== 0x23 /* # */) return "";
  const end = bytes.indexOf(10);
  return Buffer.from(bytes.buffer, bytes.byteOffset, end === -1 ? Math.min(bytes.length, 200) : end).toString("utf8");
}
