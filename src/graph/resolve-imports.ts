import type { FileLinks, Language, SymbolInfo } from "../index/types.js";
import { dirOf, joinPath, normalisePath, TreeLookup } from "./tree-lookup.js";

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
