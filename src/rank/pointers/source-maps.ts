import { dirOf, joinPath, normalisePath } from "../../graph/tree-lookup.js";
import type { DeclaredBuild } from "../lexical/declared-builds.js";
import { filesAt, matchPathSuffix, type PathLookup } from "../lexical/path-lookup.js";
import type { IssueFrame } from "../query/parse-frames.js";
import { BUILD_DIRS, BUILT_FILE, frameSegments, lastOutFolder, sharedOutFolders } from "./built-sources.js";

/**
 * A source map (version 3) of a built file of the tree, as read for an issue whose stack trace runs through that file
 * (a GitHub Action's `dist/index.js` beside `dist/index.js.map`): it tells which source file and line a frame's line
 * and column were built from.
 */
export interface SourceMap {
  /** The map's tree path (`dist/index.js.map`). */
  readonly path: string;
  /** The built file's path from its build folder on (`dist/index.js`): a frame whose path ends so is of this file. */
  readonly tail: string;
  /** The sources as the map names them, `sourceRoot` applied (`webpack://act/./src/main.ts`, `../src/main.ts`). */
  readonly sources: readonly string[];
  /** The VLQ mappings, decoded on demand up to the frame's line. */
  readonly mappings: string;
}

/** Where to look for the map of a frame's built file: its tree path and the built file's path from its build folder. */
export interface SourceMapCandidate {
  readonly path: string;
  readonly tail: string;
}

/** At most this many maps are read for one issue: each is a request to GitHub in the app. */
export const MAX_SOURCE_MAPS = 4;
/** A larger map is not read (an action's bundle with its sources inlined runs to a few megabytes). */
export const MAX_SOURCE_MAP_BYTES = 32 * 1024 * 1024;

/**
 * The maps worth reading for the issue's frames of built JavaScript the tree does not hold: for a frame through a
 * build folder (`…/_actions/acme/act/v1/dist/index.js`), `dist/index.js.map` at the tree's top, and under every
 * declared build with that folder's name (`packages/core/dist/index.js.map`). Innermost frames first, at most
 * {@link MAX_SOURCE_MAPS}. Pure.
 */
export function sourceMapCandidates(lookup: PathLookup, builds: readonly DeclaredBuild[], frames: readonly IssueFrame[]): SourceMapCandidate[] {
  const out: SourceMapCandidate[] = [];
  const add = (path: string, tail: string): void => {
    if (out.length < MAX_SOURCE_MAPS && !out.some((c) => c.path === path)) out.push({ path, tail });
  };
  for (const frame of frames) {
    if (frame.format !== "javascript") continue;
    const segments = frameSegments(frame.path);
    // Issue text chooses what is read: a path that climbs (`dist/../../x.js`) is never followed.
    if (segments.includes("..") || !BUILT_FILE.test(segments[segments.length - 1] ?? "")) continue;
    if (matchPathSuffix(lookup, frame.path).matched >= 2) continue;
    for (let i = segments.length - 2; i >= 0; i--) {
      const folder = segments[i].toLowerCase();
      const declared = builds.filter((b) => lastOutFolder(b) === folder);
      if (!BUILD_DIRS.has(folder) && declared.length === 0) continue;
      const tail = segments.slice(i).join("/");
      const rest = segments.slice(i + 1).join("/");
      if (BUILD_DIRS.has(folder)) add(`${tail}.map`, tail);
      // The frame's tail runs over as many of the build folder's parts as it shares (`core/build/cjs/run.js`).
      for (const build of declared) add(`${build.out}/${rest}.map`, segments.slice(i - sharedOutFolders(build.out, segments, i) + 1).join("/"));
      break;
    }
  }
  return out;
}

/**
 * A map read from `path`: version 3 with `sources` and `mappings` (an index map's `sections` are not read).
 * Undefined for anything else, including JSON that does not parse.
 */
export function decodeSourceMap(candidate: SourceMapCandidate, bytes: Uint8Array): SourceMap | undefined {
  if (bytes.length > MAX_SOURCE_MAP_BYTES) return undefined;
  let value: unknown;
  try {
    // A map may open with `)]}'` to stop it being run as script (the spec allows it).
    value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8").replace(/^\)\]\}'[^\n]*\n/, ""));
  } catch {
    return undefined;
  }
  const map = value as { version?: unknown; sources?: unknown; mappings?: unknown; sourceRoot?: unknown };
  if (typeof value !== "object" || value === null || map.version !== 3 || !Array.isArray(map.sources) || typeof map.mappings !== "string") {
    return undefined;
  }
  const root = typeof map.sourceRoot === "string" && map.sourceRoot !== "" ? map.sourceRoot.replace(/\/?$/, "/") : "";
  const sources = map.sources.map((s) => (typeof s === "string" ? root + s : ""));
  return { path: candidate.path, tail: candidate.tail, sources, mappings: map.mappings };
}

/** The map of the built file a frame names, if one was read: the frame's path ends with the map's tail. */
export function mapOfFrame(maps: readonly SourceMap[], framePath: string): SourceMap | undefined {
  const path = framePath.replace(/\\/g, "/").toLowerCase();
  return maps.find((m) => {
    const tail = m.tail.toLowerCase();
    return path === tail || path.endsWith(`/${tail}`);
  });
}

/**
 * The source and line (1-based) a built file's line and column (1-based, as a V8 stack frame gives them) come from:
 * the last mapping at or before the column on that line (the line's first mapping without a column). Undefined when
 * the line has no mapping to a source.
 */
export function originalPosition(map: SourceMap, line: number, column?: number): { readonly source: number; readonly line: number } | undefined {
  const text = map.mappings;
  let source = 0;
  let sourceLine = 0;
  let generatedLine = 1;
  let generatedColumn = 0;
  let found: { source: number; line: number } | undefined;
  const fields: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (ch === 59 /* ; */) {
      if (generatedLine === line) break;
      generatedLine++;
      generatedColumn = 0;
      i++;
      continue;
    }
    if (ch === 44 /* , */) {
      i++;
      continue;
    }
    // One segment: 1, 4 or 5 VLQ numbers. The generated column restarts on each line; the source fields run on.
    fields.length = 0;
    while (i < text.length && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 59) {
      let value = 0;
      let shift = 0;
      let digit: number;
      do {
        const code = i < text.length ? text.charCodeAt(i++) : 0;
        digit = code < 128 ? BASE64_DIGITS[code] : -1;
        if (digit < 0) return found;
        value += (digit & 31) * 2 ** shift;
        shift += 5;
      } while (digit & 32);
      fields.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    }
    generatedColumn += fields[0] ?? 0;
    if (fields.length < 4) continue;
    source += fields[1];
    sourceLine += fields[2];
    if (generatedLine !== line) continue;
    const here = { source, line: sourceLine + 1 };
    // A line's segments are in column order: the last one at or before the column holds it.
    if (column === undefined) return here;
    if (generatedColumn > column - 1) return found ?? here;
    found = here;
  }
  return found;
}

/** Base64 digit of each ASCII code (-1: not a digit): a table, since a bundle's mappings run to megabytes. */
const BASE64_DIGITS = Int8Array.from({ length: 128 }, (_, code) =>
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".indexOf(String.fromCharCode(code)));

/**
 * The tree files a map's source names: relative to the map's folder, else to the tree's top, else by path suffix
 * (two segments at least). A bundled dependency (`node_modules/…`) or a bundler's own module is none.
 */
export function resolveMapSource(lookup: PathLookup, map: SourceMap, source: number): number[] {
  const name = map.sources[source];
  if (name === undefined || name === "") return [];
  const path = name.replace(/^webpack:\/\/[^/]*\//, "").replace(/^file:\/\//, "").replace(/[?#].*$/, "");
  if (/(^|\/)node_modules\//.test(path) || path.startsWith("(webpack)") || /^webpack\//.test(path)) return [];
  if (!path.startsWith("/")) {
    for (const base of [dirOf(map.path), ""]) {
      const candidate = normalisePath(joinPath(base, path));
      if (candidate === "\0") continue;
      const files = filesAt(lookup, candidate);
      if (files.length > 0) return files;
    }
  }
  const match = matchPathSuffix(lookup, path);
  return match.matched >= 2 ? [...match.files] : [];
}
