import { detectLanguage } from "../index/detect-language.js";
import { contentSkipReason, entryPathSkipReason } from "../index/selection-rules.js";
import type { EntrySelector } from "./snapshot-limits.js";

/**
 * The local indexer's selection rules (src/index/selection-rules.ts) applied to archive entries while they stream:
 * ignored and vendored directories, binary, lock, generated and minified files by name, then by content.
 */
export function createIndexEntrySelector(): EntrySelector {
  return {
    byPath: (path) => entryPathSkipReason(path),
    byContent(path, bytes) {
      const newline = bytes.indexOf(10);
      const firstLine = bytes.subarray(0, newline === -1 ? Math.min(bytes.length, 200) : Math.min(newline, 200)).toString("latin1");
      return contentSkipReason(bytes, detectLanguage(path, firstLine));
    },
  };
}
