import { decodeText } from "../../src/index/decode-text.js";
import { emptySkipCounts, walkSelection, type SelectionOptions } from "../../src/index/select-files.js";
import type { TreeSource } from "../../src/index/tree-source.js";
import type { Language, SkipReason } from "../../src/index/types.js";

/** A file the walk chose, with its text decoded as the indexer decodes it. */
export interface ChosenFile {
  readonly path: string;
  readonly text: string;
  readonly size: number;
  readonly hash: string;
  readonly language: Language;
}

/** Runs the whole selection walk over `source`: the chosen files decoded, and the skipped ones counted by reason. */
export function selectAll(source: TreeSource, options: SelectionOptions = {}): { files: ChosenFile[]; skipped: Record<SkipReason, number> } {
  const files: ChosenFile[] = [];
  const skipped = emptySkipCounts();
  for (const event of walkSelection(source, options)) {
    if (event.kind === "skipped") {
      skipped[event.reason]++;
    } else if (event.kind === "selected") {
      const { path, size, hash, language, bytes } = event.file;
      files.push({ path, size, hash, language, text: decodeText(bytes) });
    }
  }
  return { files, skipped };
}
