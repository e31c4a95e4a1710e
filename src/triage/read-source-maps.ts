import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import { parseFrames } from "../rank/query/parse-frames.js";
import {
  decodeSourceMap, MAX_SOURCE_MAP_BYTES, sourceMapCandidates, type SourceMap,
} from "../rank/pointers/source-maps.js";

/** Reads a file of the indexed tree (at the indexed commit) that the index does not hold; undefined when there is none. */
export type TreeFileReader = (treePath: string, maxBytes: number) => Promise<Uint8Array | undefined>;

/** A JavaScript frame's `file.js:line`: without one, an issue has no built frame and nothing is parsed or read. */
const JS_FRAME_HINT = /\.[cm]?js:\d/;

/**
 * The source maps of the built files the stack frames run through (`dist/index.js.map` beside a GitHub
 * Action's bundle), read through `read`: at most a few, in frame order. A map that is missing, unreadable, too large
 * or not a map is skipped; the frame is then mapped by the declared build or the `src/` convention.
 */
export async function readSourceMaps(index: LexicalIndex, text: string, read: TreeFileReader): Promise<SourceMap[]> {
  if (!JS_FRAME_HINT.test(text)) return [];
  const candidates = sourceMapCandidates(index.paths, index.builds, parseFrames(text));
  const maps: SourceMap[] = [];
  for (const candidate of candidates) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await read(candidate.path, MAX_SOURCE_MAP_BYTES);
    } catch {
      continue;
    }
    const map = bytes && decodeSourceMap(candidate, bytes);
    if (map) maps.push(map);
  }
  return maps;
}
