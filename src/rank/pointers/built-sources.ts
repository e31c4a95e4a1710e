import { filesAt, matchPathSuffix, type PathLookup, type SuffixMatch } from "../lexical/path-lookup.js";
import type { DeclaredBuild } from "../lexical/declared-builds.js";

/** Folders JavaScript builds and bundlers write to by convention (`tsc --outDir`, babel, rollup, webpack, esbuild). */
export const BUILD_DIRS: ReadonlySet<string> = new Set(["dist", "build", "lib", "out"]);
/** Module-format folders a build nests inside its output folder (`dist/esm/x.js`, `lib/cjs/x.js`). */
const FORMAT_DIRS = new Set(["esm", "cjs", "es", "umd", "mjs", "commonjs", "module", "src"]);
/** Built JavaScript: what a frame of built code names. */
export const BUILT_FILE = /\.(?:[cm]?js)$/;
/** The extensions a built file's source may have, most specific first: TypeScript, then JavaScript (babel's lib/). */
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/**
 * The source files of a built JavaScript file that a stack frame names and the repository does not hold (an
 * installed package's `node_modules/pkg/dist/client.js`, a deployed `build/server.js`): first by the builds the
 * repository declares (`tsconfig.json` `outDir`/`rootDir`, a `package.json` script such as `babel src -d lib`), then
 * by convention, the same path under the package's `src/` (`dist/esm/client.js` → `src/client.ts`); TypeScript's
 * extensions before JavaScript's. Empty when the path is not built code or no source of that name is in the
 * repository. Pure.
 */
export function matchBuiltSource(lookup: PathLookup, builds: readonly DeclaredBuild[], framePath: string): SuffixMatch {
  const segments = frameSegments(framePath);
  const file = segments[segments.length - 1] ?? "";
  if (!BUILT_FILE.test(file)) return { files: [], matched: 0 };
  const declared = matchDeclaredBuild(lookup, builds, segments);
  return declared.files.length > 0 ? declared : matchConventionalBuild(lookup, segments);
}

/**
 * The sources of a built file by the declared build whose output folder the frame's path passes through, matched
 * on the most trailing folders (`…/node_modules/@acme/core/lib/x.js` is `packages/core/lib`'s, not
 * `packages/util/lib`'s); equally good builds share the frame.
 */
function matchDeclaredBuild(lookup: PathLookup, builds: readonly DeclaredBuild[], segments: readonly string[]): SuffixMatch {
  const lower = segments.map((s) => s.toLowerCase());
  let best: { files: number[]; matched: number } = { files: [], matched: 0 };
  for (const build of builds) {
    const at = lower.lastIndexOf(lastOutFolder(build), lower.length - 2);
    if (at < 0) continue;
    const shared = sharedOutFolders(build.out, segments, at);
    const rest = stemOf(lower.slice(at + 1));
    const files = firstSource(lookup, build.roots.map((root) => (root === "" ? rest : `${root.toLowerCase()}/${rest}`)));
    if (files.length === 0) continue;
    const matched = shared + (segments.length - at - 1);
    if (matched > best.matched) best = { files, matched };
    else if (matched === best.matched) best.files.push(...files.filter((f) => !best.files.includes(f)));
  }
  return best;
}

/** A frame's path as its folders and file name (`\\` read as `/`, empty and `.` parts dropped). */
export function frameSegments(framePath: string): string[] {
  return framePath.replace(/\\/g, "/").split("/").filter((s) => s !== "" && s !== ".");
}

/** The lower-cased name of a declared build's output folder (`packages/core/Dist` → `dist`). */
export function lastOutFolder(build: DeclaredBuild): string {
  return build.out.slice(build.out.lastIndexOf("/") + 1).toLowerCase();
}

/**
 * How many of a declared build's output folders, from the last, a frame's path runs through, given that its folder
 * at `at` is the last of them (`…/@acme/core/build/cjs/x.js` through `packages/core/build/cjs`: 3). Case-blind.
 */
export function sharedOutFolders(out: string, segments: readonly string[], at: number): number {
  const folders = out.toLowerCase().split("/");
  let shared = 1;
  while (shared < folders.length && shared <= at && segments[at - shared].toLowerCase() === folders[folders.length - 1 - shared]) shared++;
  return shared;
}

/** The sources of a built file by convention: the same path under the `src/` beside its build folder. */
function matchConventionalBuild(lookup: PathLookup, segments: readonly string[]): SuffixMatch {
  const at = lastIndexWhere(segments.slice(0, -1), (s) => BUILD_DIRS.has(s.toLowerCase()));
  if (at < 0) return { files: [], matched: 0 };
  let rest = segments.slice(at + 1);
  while (rest.length > 1 && FORMAT_DIRS.has(rest[0].toLowerCase())) rest = rest.slice(1);
  const stem = stemOf(rest);
  const root = segments.slice(0, at);
  for (const ext of SOURCE_EXTENSIONS) {
    const match = matchPathSuffix(lookup, [...root, "src", `${stem}${ext}`].join("/"));
    // The source must be found with its `src/` folder at least: a bare file name elsewhere is not this build's source.
    if (match.files.length > 0 && match.matched >= 2) return match;
  }
  return { files: [], matched: 0 };
}

/** A built file's path without its extension (`a/b.min.js` → `a/b`). */
function stemOf(segments: readonly string[]): string {
  return segments.join("/").replace(/(?:\.min)?\.[cm]?js$/i, "");
}

/** The files at the first of the stems (tree paths without extension) that has a source, by extension. */
function firstSource(lookup: PathLookup, stems: readonly string[]): number[] {
  for (const stem of stems) {
    for (const ext of SOURCE_EXTENSIONS) {
      const found = filesAt(lookup, `${stem}${ext}`);
      if (found.length > 0) return found;
    }
  }
  return [];
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
