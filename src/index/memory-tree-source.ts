import type { TreeEntry, TreeSource } from "./tree-source.js";

/** A `TreeSource` over files held in memory (path → bytes), e.g. the files a push changed. */
export function createMemoryTreeSource(files: ReadonlyMap<string, Uint8Array>): TreeSource {
  const dirs = new Map<string, Map<string, TreeEntry["kind"]>>([["", new Map()]]);
  for (const path of files.keys()) {
    const parts = path.split("/");
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join("/");
      const entries = dirs.get(parent) ?? new Map<string, TreeEntry["kind"]>();
      dirs.set(parent, entries);
      entries.set(parts[i], i === parts.length - 1 ? "file" : "directory");
    }
  }
  const file = (path: string): Uint8Array => {
    const bytes = files.get(path);
    if (!bytes) throw new Error(`no file ${path}`);
    return bytes;
  };
  return {
    listDirectory(path) {
      const entries = dirs.get(path);
      if (!entries) throw new Error(`no directory ${path}`);
      return [...entries].map(([name, kind]) => ({ name, kind }));
    },
    fileSize: (path) => file(path).length,
    readFile: file,
  };
}
