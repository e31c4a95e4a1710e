import type { FileLinks } from "../../index/types.js";
import { dirOf, joinPath, normalisePath } from "../../graph/tree-lookup.js";

/**
 * A build of the tree as its project declares it, resolved against the tree: built JavaScript under `out` comes
 * from the same relative path under one of `roots` (the declared source folder first, then the declaring file's
 * own folder, where a build that keeps the source folder's name writes it: `swc src -d lib` → `lib/src/x.js`).
 */
export interface DeclaredBuild {
  readonly out: string;
  readonly roots: readonly string[];
}

/** A file named like a project config TypeScript reads (`tsconfig.json`, `tsconfig.build.json`, `jsconfig.json`). */
const PROJECT_CONFIG = /^(tsconfig[\w.-]*|jsconfig[\w.-]*)\.json$/;
/** More than this many declared builds is a monorepo of hundreds of packages: keep the first, in path order. */
const MAX_BUILDS = 1000;

/**
 * The builds the tree's `package.json` scripts and project configs declare (see `BuildLayout`), with their folders
 * as tree paths: a build writing into its own source folder, or above the tree, is none. Sorted by output folder.
 */
export function findDeclaredBuilds(docs: readonly { readonly path: string; readonly links?: FileLinks }[]): DeclaredBuild[] {
  const out = new Map<string, DeclaredBuild>();
  for (const doc of docs) {
    const builds = doc.links?.builds;
    if (!builds) continue;
    const dir = dirOf(doc.path);
    const name = doc.path.slice(dir.length === 0 ? 0 : dir.length + 1);
    if (name !== "package.json" && !PROJECT_CONFIG.test(name)) continue;
    for (const build of builds) {
      const folder = normalisePath(joinPath(dir, build.outDir));
      const root = build.rootDir === undefined ? undefined : normalisePath(joinPath(dir, build.rootDir));
      const roots = [...new Set([root, dir].filter((r): r is string => r !== undefined && r !== "\0"))];
      // An output folder that is the project's own folder or its source folder is an in-place build: nothing to map.
      if (folder === "\0" || folder === "" || roots.includes(folder)) continue;
      const key = `${folder}\n${roots.join("\n")}`;
      if (!out.has(key)) out.set(key, { out: folder, roots });
    }
  }
  return [...out.values()].sort((a, b) => (a.out < b.out ? -1 : a.out > b.out ? 1 : 0)).slice(0, MAX_BUILDS);
}
