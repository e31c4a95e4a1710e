import type { FileLinks, Language, SymbolInfo, TsPaths } from "../index/types.js";
import { findWorkspacePackages, type WorkspacePackage } from "./workspace-packages.js";

/** What resolving needs of one file of the tree. */
export interface GraphDoc {
  readonly path: string;
  readonly language: Language;
  readonly symbols: readonly SymbolInfo[];
  readonly links?: FileLinks;
}

/** A specifier that matches more files than this is too vague to be an edge (a bare `utils`, `<config.h>`). */
const MAX_TARGETS = 3;
/** A package folder or wildcard import lends at most this many of its files. */
const MAX_FOLDER_TARGETS = 12;

const JS_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".vue", ".svelte", ".d.ts"];
const JVM_EXTENSIONS = [".java", ".kt", ".kts", ".scala", ".groovy"];
const JS_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["javascript", "typescript", "tsx"]);
const JVM_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["java", "kotlin", "scala"]);

/**
 * Resolves every file's import specifiers to files of the tree, language by language, the way the language's own
 * tooling would find them where the tree alone tells (relative paths, packages, source roots found from the paths
 * themselves); a specifier that names something outside the tree (the standard library, a dependency) resolves to
 * nothing. Returns, per file, the sorted distinct files it imports (never itself). Pure.
 */
export function resolveImports(docs: readonly GraphDoc[]): Int32Array[] {
  const tree = new TreeLookup(docs);
  return docs.map((doc, d) => {
    const specs = doc.links?.imports ?? [];
    if (specs.length === 0) return EMPTY;
    const out = new Set<number>();
    for (const spec of specs) {
      for (const target of resolveOne(tree, d, doc, spec)) if (target !== d) out.add(target);
    }
    return Int32Array.from(out).sort();
  });
}

const EMPTY = new Int32Array(0);

function resolveOne(tree: TreeLookup, d: number, doc: GraphDoc, spec: string): readonly number[] {
  switch (doc.language) {
    case "python": return resolvePython(tree, doc.path, spec);
    case "javascript": case "typescript": case "tsx": return resolveJs(tree, doc.path, spec);
    case "java": case "kotlin": case "scala": return resolveJvm(tree, spec);
    case "go": return resolveGo(tree, spec);
    case "rust": return resolveRust(tree, doc.path, spec);
    case "c": case "cpp": return resolveInclude(tree, doc.path, spec);
    case "ruby": return resolveRuby(tree, doc.path, spec);
    case "php": return resolvePhp(tree, spec);
    default: return [];
  }
}

function resolvePython(tree: TreeLookup, from: string, spec: string): readonly number[] {
  const dots = /^\.*/.exec(spec)![0].length;
  const parts = spec.slice(dots).split(".").filter((p) => p !== "");
  if (dots > 0) {
    // `from ..a import b`: up from the importer's package, one folder per dot past the first.
    let base = dirOf(from);
    for (let i = 1; i < dots; i++) base = dirOf(base);
    const stem = joinPath(base, parts.join("/"));
    return tree.firstFile([`${stem}.py`, `${stem}/__init__.py`, `${stem}.pyi`]);
  }
  if (parts.length === 0) return [];
  const tail = parts.join("/");
  const found = tree.bySuffix([`${tail}.py`, `${tail}/__init__.py`]);
  // A one-word module (`import utils`) is only the importer's neighbour or a top-level module: the same word deep
  // in the tree is some other package's module, and `json`, `os` are the standard library's.
  if (parts.length === 1) {
    const near = found.filter((t) => containingFolder(tree.paths[t]) === dirOf(from) || isTopLevel(tree.paths[t]));
    return near.length <= MAX_TARGETS ? near : [];
  }
  return found.length <= MAX_TARGETS ? found : nearest(tree, from, found);
}

/** The folder a module lives in, where `import name` finds it: `a/b.py` → `a`, `a/b/__init__.py` → `a`. */
function containingFolder(path: string): string {
  return path.endsWith("/__init__.py") ? dirOf(dirOf(path)) : dirOf(path);
}

function isTopLevel(path: string): boolean {
  return /^(src|lib)?$/.test(containingFolder(path));
}

function resolveJs(tree: TreeLookup, from: string, spec: string): readonly number[] {
  if (spec.startsWith(".")) return tree.firstFile(jsCandidates(joinPath(dirOf(from), spec)));
  if (spec.startsWith("/")) return [];
  // The nearest project config's path aliases (`@/components/x` → `src/components/x`) come before packages.
  const aliased = tree.aliasTargets(from, spec);
  if (aliased.length > 0) {
    const found = tree.firstFile(aliased.flatMap(jsCandidates));
    if (found.length > 0) return found;
  }
  // A bare specifier: a workspace package of this tree (`@scope/pkg`, `@scope/pkg/sub`), else a dependency.
  const m = /^(@[^/]+\/[^/]+|[^@/][^/]*)(\/.*)?$/.exec(spec);
  if (!m) return [];
  const pkg = tree.packages.get(m[1]);
  if (!pkg) return [];
  if (m[2]) {
    const sub = joinPath(pkg.dir, m[2].slice(1));
    return tree.firstFile([...jsCandidates(sub), ...jsCandidates(joinPath(pkg.dir, `src/${m[2].slice(1)}`))]);
  }
  return tree.firstFile([
    // The package's source entry before its built one: a fix goes into `src/index.ts`, not `dist/index.js`.
    ...jsCandidates(joinPath(pkg.dir, "src/index")),
    ...pkg.entries.flatMap((entry) => jsCandidates(joinPath(pkg.dir, entry))),
    ...jsCandidates(joinPath(pkg.dir, "index")),
  ]);
}

function jsCandidates(stem: string): string[] {
  const out = [stem];
  // TypeScript's ESM style imports `./x.js` for `./x.ts`.
  const js = /\.(m|c)?jsx?$/.exec(stem);
  const bare = js ? stem.slice(0, -js[0].length) : stem;
  for (const ext of JS_EXTENSIONS) out.push(bare + ext);
  for (const ext of JS_EXTENSIONS) out.push(`${stem}/index${ext}`);
  return out;
}

function resolveJvm(tree: TreeLookup, spec: string): readonly number[] {
  const parts = spec.split(".").filter((p) => p !== "");
  if (parts.at(-1) === "*") return tree.folderFiles(parts.slice(0, -1).join("/"), JVM_LANGUAGES, MAX_FOLDER_TARGETS);
  // `a.b.C`, `a.b.C.member` (static import), `a.b.Outer.Inner`: the longest prefix that is a file.
  for (let k = parts.length; k >= 2; k--) {
    const tail = parts.slice(0, k).join("/");
    const found = tree.bySuffix(JVM_EXTENSIONS.map((ext) => tail + ext));
    if (found.length > 0) return found.length <= MAX_TARGETS ? found : [];
  }
  // Kotlin's top-level functions and properties: `a.b.name` is the file of package folder `a/b` defining `name`.
  if (parts.length >= 3) {
    const name = parts.at(-1)!;
    return tree.folderFiles(parts.slice(0, -1).join("/"), JVM_LANGUAGES, Number.POSITIVE_INFINITY)
      .filter((t) => tree.docs[t].symbols.some((s) => s.name === name)).slice(0, MAX_TARGETS);
  }
  return [];
}

function resolveGo(tree: TreeLookup, spec: string): readonly number[] {
  // A module of the tree (its `go.mod`) maps the import path to a folder exactly.
  for (const [module, dir] of tree.goModules) {
    if (spec !== module && !spec.startsWith(`${module}/`)) continue;
    const folder = joinPath(dir, spec.slice(module.length + 1));
    return (tree.byFolder.get(normalisePath(folder)) ?? [])
      .filter((d) => tree.docs[d].language === "go" && !tree.paths[d].endsWith("_test.go")).slice(0, MAX_FOLDER_TARGETS);
  }
  const parts = spec.split("/");
  // A module path ends with the package's folder in this tree; the longest tail that is a Go folder wins. One
  // segment (`fmt`, `errors`) is the standard library's.
  for (let k = Math.min(parts.length, 8); k >= 2; k--) {
    const files = tree.folderFiles(parts.slice(-k).join("/"), GO, MAX_FOLDER_TARGETS, (p) => !p.endsWith("_test.go"));
    if (files.length > 0) return files;
  }
  return [];
}

const GO: ReadonlySet<Language> = new Set<Language>(["go"]);

function resolveRust(tree: TreeLookup, from: string, spec: string): readonly number[] {
  const dir = dirOf(from);
  const file = from.slice(dir.length === 0 ? 0 : dir.length + 1);
  // The folder a file's own child modules live in: `a/mod.rs`, `lib.rs`, `main.rs` → their folder; `a/b.rs` → `a/b`.
  const moduleFolder = /^(mod|lib|main)\.rs$/.test(file) ? dir : joinPath(dir, file.replace(/\.rs$/, ""));
  if (spec.startsWith("mod:")) {
    const name = spec.slice(4);
    return tree.firstFile([`${joinPath(moduleFolder, name)}.rs`, `${joinPath(moduleFolder, name)}/mod.rs`]);
  }
  const parts = spec.split("::").filter((p) => p !== "" && p !== "*");
  let base: string | undefined;
  if (parts[0] === "crate") base = crateRoot(from);
  else if (parts[0] === "self") base = moduleFolder;
  else if (parts[0] === "super") base = dirOf(moduleFolder);
  else base = tree.crates.get(parts[0]);
  if (base === undefined) return [];
  parts.shift();
  while (parts[0] === "super") {
    base = dirOf(base);
    parts.shift();
  }
  // `a::b::C` is `a/b.rs` holding `C`, or `a/b/C.rs` when `C` is a module: the longest path that is a file.
  for (let k = parts.length; k >= 1; k--) {
    const stem = joinPath(base, parts.slice(0, k).join("/"));
    const found = tree.firstFile([`${stem}.rs`, `${stem}/mod.rs`]);
    if (found.length > 0) return found;
  }
  // An item of the module itself (`super::helper`): the module's own file.
  return tree.firstFile([joinPath(base, "mod.rs"), `${base}.rs`, joinPath(base, "lib.rs"), joinPath(base, "main.rs")]);
}

/** The `src` folder a Rust file's crate starts at (the nearest `src` above it), else its own folder. */
function crateRoot(path: string): string {
  const i = path.lastIndexOf("src/");
  return i >= 0 && (i === 0 || path[i - 1] === "/") ? path.slice(0, i + 3) : dirOf(path);
}

function resolveInclude(tree: TreeLookup, from: string, spec: string): readonly number[] {
  const name = spec.slice(1, -1).replace(/^\.\//, "");
  if (name === "") return [];
  if (spec.startsWith('"')) {
    const beside = tree.firstFile([joinPath(dirOf(from), name)]);
    if (beside.length > 0) return beside;
  }
  // Include paths are the build's; any file whose path ends with the included one stands in (`<lib/x.h>` is
  // `include/lib/x.h`), the nearest when several do.
  const found = tree.bySuffix([name]);
  return found.length <= MAX_TARGETS ? found : nearest(tree, from, found);
}

function resolveRuby(tree: TreeLookup, from: string, spec: string): readonly number[] {
  const name = spec.endsWith(".rb") ? spec : `${spec}.rb`;
  if (spec.startsWith(".")) return tree.firstFile([joinPath(dirOf(from), name)]);
  const found = tree.bySuffix([name]);
  return found.length <= MAX_TARGETS ? found : [];
}

function resolvePhp(tree: TreeLookup, spec: string): readonly number[] {
  const parts = spec.split("\\").filter((p) => p !== "");
  // PSR-4 maps a namespace prefix to a folder, so the class's last namespace parts are the last folders of its path.
  for (let k = Math.min(parts.length, 4); k >= 2; k--) {
    const found = tree.bySuffix([`${parts.slice(-k).join("/")}.php`]);
    if (found.length > 0) return found.length <= MAX_TARGETS ? found : [];
  }
  return [];
}

/** The candidates sharing the longest folder prefix with `from`, when that picks at most `MAX_TARGETS`. */
function nearest(tree: TreeLookup, from: string, found: readonly number[]): number[] {
  let best = -1;
  let out: number[] = [];
  for (const t of found) {
    const shared = sharedPrefix(from, tree.paths[t]);
    if (shared > best) {
      best = shared;
      out = [t];
    } else if (shared === best) {
      out.push(t);
    }
  }
  return out.length <= MAX_TARGETS ? out : [];
}

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  const pa = a.split("/");
  const pb = b.split("/");
  while (n < pa.length - 1 && n < pb.length - 1 && pa[n] === pb[n]) n++;
  return n;
}

/** The tree's paths in the shapes resolvers ask for. */
class TreeLookup {
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
      const name = tail.slice(tail.lastIndexOf("/") + 1);
      for (const d of this.byName.get(name) ?? []) {
        const p = this.paths[d];
        if ((p === tail || p.endsWith(`/${tail}`)) && !out.includes(d)) out.push(d);
      }
    }
    return out;
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

function joinPath(dir: string, rest: string): string {
  return dir === "" ? rest : `${dir}/${rest}`;
}

/** `a/./b/../c` → `a/c`; a path climbing above the top resolves to nothing (`\0`, never a tree path). */
function normalisePath(path: string): string {
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
