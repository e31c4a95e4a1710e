import type { CodeGraph } from "../../graph/code-graph.js";
import type { FileRole } from "./file-role.js";

/** A top-level `scripts/` folder (a build role by path: release and maintenance scripts). */
const SCRIPTS = /^scripts\//;

/**
 * Files of a top-level `scripts/` folder that the project's own code imports are code, not build: some projects
 * keep a package there (`scripts/` as the tool itself). Promoted are the files code outside the folder imports, and
 * the folder's files those import in turn. Returns `roles`, changed in place.
 */
export function promoteImportedScripts(roles: FileRole[], docs: readonly { readonly path: string }[], graph: CodeGraph): FileRole[] {
  // Importers to follow: the code outside the folder first, then each file promoted.
  const queue = docs.flatMap((doc, d) => (roles[d] === "code" && !SCRIPTS.test(doc.path) ? [d] : []));
  while (queue.length > 0) {
    for (const target of graph.importsOf(queue.pop()!)) {
      if (roles[target] === "build" && SCRIPTS.test(docs[target].path)) {
        roles[target] = "code";
        queue.push(target);
      }
    }
  }
  return roles;
}
