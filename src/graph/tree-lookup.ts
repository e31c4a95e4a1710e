import type { Language, TsPaths } from "../index/types.js";
import type { GraphDoc } from "./resolve-imports.js";
import { findWorkspacePackages, type WorkspacePackage } from "./workspace-packages.js";

/** The tree's paths in the shapes resolvers ask for. */
export class TreeLookup {
  readonly paths: readonly string[];
  readonly byPath = new Map<string, number>();
  /** File name → files with that name (suffix lookups filter these). */
  readonly byName = new Map<string, number[]>();
  /** Folder → its files. */
  readonly byFolder = new Map<string, number[]>();
  /** Workspace package name (from `package.json`) → its folder and entry modules. */
  readonly packages: ReadonlyMap<string, WorkspacePackage>;
  /** Rust crate name (`my_crate`) → its `src` folder, for crates of a workspace. */
  readonly crates = new Map<string, string>();
  /** Folder → the path aliases of the `tsconfig.json`/`jsconfig.json` there. */
  readonly tsConfigs = new Map<string, TsPaths>();
  /** Go module path (from a `go.mod`) → its folder, longest path first (a nested module wins its own imports). */
  readonly goModules: [string, string][] = [];

  constructor(readonly docs: readonly GraphDoc[]) {
    this.paths = docs.map((doc) => doc.path);
    this.packages = findWorkspacePackages(docs);
    docs.forEach((doc, d) => {
      this.byPath.set(doc.path, d);
      const dir = dirOf(doc.path);
      const name = doc.path.slice(dir.length === 0 ? 0 : dir.length + 1);
      push(this.byName, name, d);
      push(this.byFolder, dir, d);
      const tsPaths = doc.links?.tsPaths;
      if (tsPaths && /^(tsconfig[\w.-]*|jsconfig)\.json$/.test(name) && !this.tsConfigs.has(dir)) this.tsConfigs.set(dir, tsPaths);
      const goModule = doc.links?.goModule;
      if (goModule && name === "go.mod") this.goModules.push([goModule, dir]);
      const crate = /(?:^|\/)([^/]+)\/src\/lib\.rs$/.exec(doc.path);
      if (crate) this.crates.set(crate[1].replace(/-/g, "_"), dirOf(doc.path));
    });
    this.goModules.sort((a, b) => b[0].length - a[0].length);
  }

  /**
   * What `spec` stands for under the path aliases of the nearest folder above `from` with a project config that has
   * any (`@/*` → `src/*`): the substituted targets, relative to the tree, in the config's order. TypeScript picks
   * the longest matching prefix; so does this.
   */
  aliasTargets(from: string, spec: string): string[] {
    for (let dir = dirOf(from); ; dir = dirOf(dir)) {
      const config = this.tsConfigs.get(dir);
      if (config) {
        let best: { readonly star: string; readonly targets: readonly string[]; readonly prefix: number } | undefined;
        for (const [pattern, targets] of Object.entries(config.paths)) {
          const star = pattern.indexOf("*");
          const prefix = star < 0 ? pattern : pattern.slice(0, star);
          const suffix = star < 0 ? "" : pattern.slice(star + 1);
          const matches = star < 0 ? spec === pattern
            : spec.length >= prefix.length + suffix.length && spec.startsWith(prefix) && spec.endsWith(suffix);
          if (!matches || (best && best.prefix >= prefix.length)) continue;
          best = { star: star < 0 ? "" : spec.slice(prefix.length, spec.length - suffix.length), targets, prefix: prefix.length };
        }
        if (!best) return [];
        const base = joinPath(dir, config.baseUrl ?? ".");
        return best.targets.map((target) => joinPath(base, target.replace("*", best.star)));
      }
      if (dir === "") return [];
    }
  }

  /** The first of `candidates` that is a file of the tree (as a list of zero or one). */
  firstFile(candidates: readonly string[]): number[] {
    for (const path of candidates) {
      const d = this.byPath.get(normalisePath(path));
      if (d !== undefined) return [d];
    }
    return [];
  }

  /** Files whose path is one of `tails` or ends with `/` + one of them. */
  bySuffix(tails: readonly string[]): number[] {
    const out: number[] = [];
    for (const tail of tails) {
      const slash = tail.lastIndexOf("/");
      // A tail with a folder is looked up by its last two parts: `x/y/__init__.py` would otherwise test every
      // `__init__.py` of the tree (hundreds in a Python project, for each import of the tree).
      const candidates = slash < 0 ? this.byName.get(tail) : this.byLastTwo().get(lastTwo(tail, slash));
      for (const d of candidates ?? []) {
        const p = this.paths[d];
        if ((p === tail || p.endsWith(`/${tail}`)) && !out.includes(d)) out.push(d);
      }
    }
    return out;
  }

  #lastTwo: Map<string, number[]> | undefined;

  /** `folder/name` (the last folder and the file name) → the files with that ending, in tree order. */
  private byLastTwo(): Map<string, number[]> {
    if (!this.#lastTwo) {
      this.#lastTwo = new Map();
      this.paths.forEach((p, d) => {
        const slash = p.lastIndexOf("/");
        if (slash >= 0) push(this.#lastTwo!, lastTwo(p, slash), d);
      });
    }
    return this.#lastTwo;
  }

  /** Files of `languages` in the folders whose path is `tail` or ends with `/tail` (at most `limit`, else none). */
  folderFiles(tail: string, languages: ReadonlySet<Language>, limit: number, keep: (path: string) => boolean = () => true): number[] {
    const out: number[] = [];
    const last = tail.slice(tail.lastIndexOf("/") + 1);
    for (const [dir, files] of this.folderIndex().get(last) ?? []) {
      if (dir !== tail && !dir.endsWith(`/${tail}`)) continue;
      for (const d of files) if (languages.has(this.docs[d].language) && keep(this.paths[d])) out.push(d);
    }
    return out.length <= limit ? out : [];
  }

  #folders: Map<string, [string, number[]][]> | undefined;

  /** Last folder name → the folders with that name and their files. */
  private folderIndex(): Map<string, [string, number[]][]> {
    if (!this.#folders) {
      this.#folders = new Map();
      for (const [dir, files] of this.byFolder) {
        const last = dir.slice(dir.lastIndexOf("/") + 1);
        const list = this.#folders.get(last);
        if (list) list.push([dir, files]);
        else this.#folders.set(last, [[dir, files]]);
      }
    }
    return this.#folders;
  }
}

/** The last folder and the name of a path whose last `/` is at `slash`: `a/b/c.py` → `b/c.py`. */
function lastTwo(path: string, slash: number): string {
  return path.slice(path.lastIndexOf("/", slash - 1) + 1);
}

function push(map: Map<string, number[]>, key: string, d: number): void {
  const list = map.get(key);
  if (list) list.push(d);
  else map.set(key, [d]);
}

/** The folder of a path (`""` at the top). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

export function joinPath(dir: string, rest: string): string {
  return dir === "" ? rest : `${dir}/${rest}`;
}

/** `a/./b/../c` → `a/c`; a path climbing above the top resolves to nothing (`\0`, never a tree path). */
export function normalisePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return "\0";
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out.join("/");
}
