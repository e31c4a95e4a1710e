import { lstatSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { FileStat, TreeEntry, TreeSource } from "./tree-source.js";

/** A `TreeSource` over a directory on the local disk. */
export function createFsTreeSource(root: string): TreeSource {
  const absolute = (path: string): string => (path === "" ? root : join(root, path));
  return {
    listDirectory(path: string): TreeEntry[] {
      const entries = readdirSync(absolute(path), { withFileTypes: true });
      return entries.map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
    },
    fileSize: (path) => lstatSync(absolute(path)).size,
    readFile: (path) => readFileSync(absolute(path)),
    stat(path): FileStat {
      const s = lstatSync(absolute(path), { bigint: true });
      const changedNs = s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
      return { size: Number(s.size), fingerprint: `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`, changedMs: Number(changedNs / 1_000_000n) };
    },
  };
}

function kindOf(entry: Dirent): TreeEntry["kind"] {
  if (entry.isSymbolicLink()) return "symlink";
  if (entry.isDirectory()) return "directory";
  return entry.isFile() ? "file" : "other";
}
