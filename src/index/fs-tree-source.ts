import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TreeEntry, TreeSource } from "./tree-source.js";

/** A `TreeSource` over a directory on the local disk. */
export function createFsTreeSource(root: string): TreeSource {
  const absolute = (path: string): string => (path === "" ? root : join(root, path));
  return {
    listDirectory(path: string): TreeEntry[] {
      return readdirSync(absolute(path), { withFileTypes: true }).map((entry) => ({
        name: entry.name,
        kind: entry.isSymbolicLink() ? "symlink" : entry.isDirectory() ? "directory" : entry.isFile() ? "file" : "other",
      }));
    },
    fileSize: (path) => lstatSync(absolute(path)).size,
    readFile: (path) => readFileSync(absolute(path)),
  };
}
