import { lstat, readFile, realpath } from "node:fs/promises";
import path from "node:path";

/**
 * A file of a checkout by its tree path, for what the index leaves out and a ranking may still read (a built file's
 * source map in `dist/`). Undefined when the path is absolute or climbs (`..`), resolves outside the root through a
 * link, is not a regular file, is over `maxBytes`, or cannot be read: a missing extra is never an error.
 */
export async function readTreeFile(root: string, treePath: string, maxBytes: number): Promise<Uint8Array | undefined> {
  const segments = treePath.split("/");
  if (treePath.includes("\0") || treePath.includes("\\") || treePath.startsWith("/") || segments.includes("..")) return undefined;
  try {
    const base = await realpath(root);
    const target = await realpath(path.join(base, ...segments.filter((s) => s !== "" && s !== ".")));
    if (!target.startsWith(base + path.sep)) return undefined;
    const stat = await lstat(target);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const bytes = await readFile(target);
    return bytes.length > maxBytes ? undefined : bytes;
  } catch {
    return undefined;
  }
}
