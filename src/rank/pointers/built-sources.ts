import { matchPathSuffix, type PathLookup, type SuffixMatch } from "../lexical/path-lookup.js";

/** Folders JavaScript builds and bundlers write to by convention (`tsc --outDir`, babel, rollup, webpack, esbuild). */
const BUILD_DIRS = new Set(["dist", "build", "lib", "out"]);
/** Module-format folders a build nests inside its output folder (`dist/esm/x.js`, `lib/cjs/x.js`). */
const FORMAT_DIRS = new Set(["esm", "cjs", "es", "umd", "mjs", "commonjs", "module", "src"]);
/** Built JavaScript: what a frame of built code names. */
const BUILT_FILE = /\.(?:[cm]?js)$/;
/** The extensions a built file's source may have, most specific first: TypeScript, then JavaScript (babel's lib/). */
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/**
 * The source files of a built JavaScript file that a stack frame names and the repository does not hold (an
 * installed package's `node_modules/pkg/dist/client.js`, a deployed `build/server.js`): by convention the same path
 * under the package's `src/` (`dist/esm/client.js` → `src/client.ts`), trying TypeScript's extensions before
 * JavaScript's. Empty when the path is not built code or no source of that name is in the repository. Pure.
 */
export function matchBuiltSource(lookup: PathLookup, framePath: string): SuffixMatch {
  const segments = framePath.replace(/\\/g, "/").split("/").filter((s) => s !== "" && s !== ".");
  const file = segments[segments.length - 1] ?? "";
  if (!BUILT_FILE.test(file)) return { files: [], matched: 0 };
  const at = lastIndexWhere(segments.slice(0, -1), (s) => BUILD_DIRS.has(s.toLowerCase()));
  if (at < 0) return { files: [], matched: 0 };
  let rest = segments.slice(at + 1);
  while (rest.length > 1 && FORMAT_DIRS.has(rest[0].toLowerCase())) rest = rest.slice(1);
  const stem = rest.join("/").replace(/(?:\.min)?\.[cm]?js$/, "");
  const root = segments.slice(0, at);
  for (const ext of SOURCE_EXTENSIONS) {
    const match = matchPathSuffix(lookup, [...root, "src", `${stem}${ext}`].join("/"));
    // The source must be found with its `src/` folder at least: a bare file name elsewhere is not this build's source.
    if (match.files.length > 0 && match.matched >= 2) return match;
  }
  return { files: [], matched: 0 };
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
