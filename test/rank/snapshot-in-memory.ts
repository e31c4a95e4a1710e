import type { BuiltLexicalIndex, LexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { layOutLexicalIndex, readLexicalSnapshot, type AnalysisSource } from "../../src/rank/lexical/lexical-snapshot.js";
import type { PackedSections } from "../../src/rank/lexical/snapshot-sections.js";

/** Joins laid-out sections into one buffer: the bytes the store writes to a snapshot file, held in memory. */
export function joinSections(packed: PackedSections): Uint8Array {
  const out = new Uint8Array(packed.byteLength);
  let at = 0;
  for (const piece of packed.pieces()) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** A built index as the bytes of its snapshot file. */
export function encodeLexicalIndex(index: BuiltLexicalIndex): Uint8Array {
  return joinSections(layOutLexicalIndex(index));
}

/** Opens snapshot bytes held in memory the way the store opens its file: through range reads. */
export function decodeLexicalIndex(input: Uint8Array, analyses: AnalysisSource): LexicalIndex {
  // Typed arrays over the bytes need their 8-byte alignment, as a file read gives.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  return readLexicalSnapshot((position, length) => bytes.subarray(position, position + length), bytes.length, analyses);
}
