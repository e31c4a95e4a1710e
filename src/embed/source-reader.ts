import { decodeText } from "../index/decode-text.js";
import { hashContent } from "../index/hash-content.js";
import type { TreeSource } from "../index/tree-source.js";

/** Gives the fill the text of a file as indexed. */
export interface SourceReader {
  /**
   * The decoded text of `path` when its bytes still hash to `hash`; `undefined` when the file is gone, unreadable
   * or changed since indexing (its units would not match the stored symbols, so it waits for the next index).
   */
  readText(path: string, hash: string): string | undefined;
}

/** A {@link SourceReader} over the indexer's `TreeSource` (a checkout, an unpacked snapshot, a fixture). */
export function createTreeSourceReader(tree: TreeSource): SourceReader {
  return {
    readText(path, hash) {
      let bytes: Uint8Array;
      try {
        bytes = tree.readFile(path);
      } catch {
        return undefined;
      }
      return hashContent(bytes) === hash ? decodeText(bytes) : undefined;
    },
  };
}
