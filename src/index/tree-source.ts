/** One entry of a directory listing. Symlinks are reported as such and never followed. */
export interface TreeEntry {
  readonly name: string;
  readonly kind: "file" | "directory" | "symlink" | "other";
}

/**
 * Read access to a source tree (a checkout on disk, an unpacked tarball, an in-memory fixture). Paths are POSIX and
 * relative to the tree root; `""` is the root. Synchronous on purpose: walking and reading thousands of small files
 * through the promise API costs several times more than the work itself (measured on django: 1.0 s vs 0.13 s).
 */
export interface TreeSource {
  /** The entries of a directory, in any order. Throws when the directory cannot be read. */
  listDirectory(path: string): readonly TreeEntry[];
  /** The size in bytes of a file, without reading it. Throws when the file cannot be read. */
  fileSize(path: string): number;
  /** The raw bytes of a file. Throws when the file cannot be read. */
  readFile(path: string): Uint8Array;
}
