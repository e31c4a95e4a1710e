import { decodeText } from "./decode-text.js";
import { detectLanguage } from "./detect-language.js";
import { createGlobMatcher } from "./glob.js";
import { hashContent } from "./hash-content.js";
import {
  contentSkipReason, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, directorySkipReason, pathSkipReason,
} from "./selection-rules.js";
import type { TreeSource } from "./tree-source.js";
import type { Language, SkipReason, SourceFile } from "./types.js";

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

/** One step of a selection walk: a chosen file, or a skipped file or pruned directory with the reason. */
export type SelectionEvent =
  | { readonly kind: "selected"; readonly file: SelectedFile }
  | { readonly kind: "skipped"; readonly path: string; readonly reason: SkipReason };

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
export function* walkSelection(source: TreeSource, options: SelectionOptions = {}): Generator<SelectionEvent> {
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
    try {
      if (source.fileSize(path) > maxFileBytes) return skip("too-large");
      if (selected >= maxFiles) return skip("over-file-cap");
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
    return { kind: "selected", file: { path, size: bytes.length, hash: hashContent(bytes), language, bytes } };
  }

  function* visitDirectory(dir: string): Generator<SelectionEvent> {
    let entries;
    try {
      entries = [...source.listDirectory(dir)].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      // An unreadable root must not look like an empty tree: indexing it would wipe the stored index.
      if (dir === "") throw new Error("Cannot list the root of the tree", { cause: error });
      yield { kind: "skipped", path: dir, reason: "unreadable" };
      return;
    }
    for (const entry of entries) {
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.kind === "symlink") {
        yield { kind: "skipped", path, reason: "symlink" };
      } else if (entry.kind === "directory") {
        const reason = directorySkipReason(entry.name);
        if (reason) yield { kind: "skipped", path, reason };
        else yield* visitDirectory(path);
      } else if (entry.kind === "file") {
        yield decideFile(path);
      }
    }
  }

  yield* visitDirectory("");
}

/** The files chosen from a tree, decoded, and how many were skipped for each reason. */
export interface Selection {
  readonly files: SourceFile[];
  readonly skipped: Record<SkipReason, number>;
}

/** Selects and decodes every file of a tree at once. For large trees prefer `walkSelection`, which streams. */
export function selectFiles(source: TreeSource, options: SelectionOptions = {}): Selection {
  const files: SourceFile[] = [];
  const skipped = emptySkipCounts();
  for (const event of walkSelection(source, options)) {
    if (event.kind === "skipped") {
      skipped[event.reason]++;
    } else {
      const { path, size, hash, language, bytes } = event.file;
      files.push({ path, size, hash, language, text: decodeText(bytes) });
    }
  }
  return { files, skipped };
}

function firstLine(bytes: Uint8Array): string {
  if (bytes[0] !== 0x23 /* # */) return "";
  const end = bytes.indexOf(10);
  return Buffer.from(bytes.buffer, bytes.byteOffset, end === -1 ? Math.min(bytes.length, 200) : end).toString("utf8");
}
