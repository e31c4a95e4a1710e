import { resolveImports, type GraphDoc } from "./resolve-imports.js";
import { dirOf } from "./tree-lookup.js";
import { findWorkspacePackages } from "./workspace-packages.js";

/** A type declared in a file of the tree. */
export interface TypeRef {
  /** The file's number in the index. */
  readonly file: number;
  readonly name: string;
  /** The 1-based line of its name (0 when only the defining file is known). */
  readonly line: number;
}

/**
 * The tree's code graph: which files import which, and which types extend which. Files are the index's numbers;
 * type names are bare names as symbols carry them. Immutable once built.
 */
export interface CodeGraph {
  /** The files `file` imports (sorted, distinct, never itself). */
  importsOf(file: number): Int32Array;
  /** The files that import `file` (sorted, distinct). */
  importersOf(file: number): Int32Array;
  /** The types that name `type` as a base class, interface, trait or embedded struct. */
  subtypesOf(type: string): readonly TypeRef[];
  /**
   * The supertypes `type` names, each at the files defining it: the definitions among the files its own file
   * imports or its folder when there are such, else every definition when there are at most three.
   */
  supertypesOf(type: string): readonly TypeRef[];
  /** Number of import edges (for reports). */
  readonly importCount: number;
  /** The tree's own npm packages (name and folder), from its `package.json` files. */
  readonly packages: readonly { readonly name: string; readonly dir: string }[];
}

/** The graph's contents as plain columns: what a snapshot saves and restores. */
export interface CodeGraphColumns {
  /** Import edges in compressed rows: file `d` imports `importTargets[importStart[d] .. importStart[d+1]-1]`. */
  readonly importStart: Int32Array;
  readonly importTargets: Int32Array;
  /** One row per (type, supertype) pair: the type's file and line, its name and the supertype's name. */
  readonly relationFile: Int32Array;
  readonly relationLine: Int32Array;
  readonly relationType: readonly string[];
  readonly relationSuper: readonly string[];
  /** The tree's npm packages: names and folders, aligned. */
  readonly packageNames: readonly string[];
  readonly packageDirs: readonly string[];
}

/** Builds the columns of a tree's graph from its files' links. Pure. */
export function buildGraphColumns(docs: readonly GraphDoc[]): CodeGraphColumns {
  const imports = resolveImports(docs);
  const importStart = new Int32Array(docs.length + 1);
  imports.forEach((targets, d) => (importStart[d + 1] = importStart[d] + targets.length));
  const importTargets = new Int32Array(importStart[docs.length]);
  imports.forEach((targets, d) => importTargets.set(targets, importStart[d]));
  const relationFile: number[] = [];
  const relationLine: number[] = [];
  const relationType: string[] = [];
  const relationSuper: string[] = [];
  docs.forEach((doc, d) => {
    for (const link of doc.links?.types ?? []) {
      for (const parent of link.supers) {
        relationFile.push(d);
        relationLine.push(link.line);
        relationType.push(link.name);
        relationSuper.push(parent);
      }
    }
  });
  const packages = [...findWorkspacePackages(docs).values()];
  return {
    importStart, importTargets, relationFile: Int32Array.from(relationFile), relationLine: Int32Array.from(relationLine),
    relationType, relationSuper, packageNames: packages.map((p) => p.name), packageDirs: packages.map((p) => p.dir),
  };
}

/** What the graph asks of the index it belongs to, to place supertypes. */
export interface GraphContext {
  /** The files defining a name (the lexical index's definition table). */
  definedIn(name: string): readonly number[];
  /** A file's path. */
  pathOf(file: number): string;
}

/** The graph over its columns. Lookup tables are built on first use: most rankings ask nothing of the graph. */
export function codeGraphOf(columns: CodeGraphColumns, context: GraphContext): CodeGraph {
  const { importStart, importTargets, relationFile, relationLine, relationType, relationSuper } = columns;
  const files = importStart.length - 1;
  let importers: Int32Array[] | undefined;
  let bySuper: Map<string, number[]> | undefined;
  let byType: Map<string, number[]> | undefined;
  const rowsBy = (names: readonly string[]): Map<string, number[]> => {
    const map = new Map<string, number[]>();
    names.forEach((name, row) => {
      const list = map.get(name);
      if (list) list.push(row);
      else map.set(name, [row]);
    });
    return map;
  };
  const importsOf = (file: number): Int32Array => (file >= 0 && file < files
    ? importTargets.subarray(importStart[file], importStart[file + 1]) : new Int32Array(0));
  return {
    importCount: importTargets.length,
    packages: columns.packageNames.map((name, i) => ({ name, dir: columns.packageDirs[i] })),
    importsOf,
    importersOf(file) {
      if (!importers) {
        const counts = new Int32Array(files);
        for (let i = 0; i < importTargets.length; i++) counts[importTargets[i]]++;
        importers = Array.from(counts, (n) => new Int32Array(n));
        const fill = new Int32Array(files);
        for (let d = 0; d < files; d++) {
          for (let i = importStart[d]; i < importStart[d + 1]; i++) importers[importTargets[i]][fill[importTargets[i]]++] = d;
        }
      }
      return file >= 0 && file < files ? importers[file] : new Int32Array(0);
    },
    subtypesOf(type) {
      bySuper ??= rowsBy(relationSuper);
      return (bySuper.get(type) ?? []).map((row) => ({ file: relationFile[row], name: relationType[row], line: relationLine[row] }));
    },
    supertypesOf(type) {
      byType ??= rowsBy(relationType);
      const out: TypeRef[] = [];
      for (const row of byType.get(type) ?? []) {
        const from = relationFile[row];
        const parent = relationSuper[row];
        const defined = context.definedIn(parent).filter((d) => d !== from || parent !== type);
        const own = new Set(importsOf(from));
        const near = defined.filter((d) => d === from || own.has(d) || dirOf(context.pathOf(d)) === dirOf(context.pathOf(from)));
        const chosen = near.length > 0 ? near : defined.length <= 3 ? defined : [];
        for (const file of chosen) if (!out.some((t) => t.file === file && t.name === parent)) out.push({ file, name: parent, line: 0 });
      }
      return out;
    },
  };
}
