import type { GraphDoc } from "./resolve-imports.js";

/** A JavaScript package of the tree: the folder of a `package.json` and what it declares. */
export interface WorkspacePackage {
  readonly name: string;
  /** Its folder (`""` for the repository's root package). */
  readonly dir: string;
  readonly entries: readonly string[];
}

/**
 * The tree's own npm packages by name, from every `package.json` outside `node_modules` with a name. When two
 * manifests claim one name (a fixture copy deep in tests), the shallowest folder wins.
 */
export function findWorkspacePackages(docs: readonly Pick<GraphDoc, "path" | "links">[]): Map<string, WorkspacePackage> {
  const out = new Map<string, WorkspacePackage>();
  for (const doc of docs) {
    const manifest = doc.links?.package;
    if (!manifest || !/(^|\/)package\.json$/.test(doc.path) || /(^|\/)node_modules\//.test(doc.path)) continue;
    const dir = doc.path.slice(0, Math.max(0, doc.path.length - "package.json".length - 1));
    const known = out.get(manifest.name);
    if (!known || depth(known.dir) > depth(dir)) out.set(manifest.name, { name: manifest.name, dir, entries: manifest.entries });
  }
  return out;
}

function depth(dir: string): number {
  return dir === "" ? 0 : dir.split("/").length;
}
