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
  /**
   * The file's size and change fingerprint in one call, without reading it; only sources that can tell an unchanged
   * file from its metadata have it. Throws when the file cannot be read.
   */
  stat?(path: string): FileStat;
}

/** What a file's metadata says about its content. */
export interface FileStat {
  readonly size: number;
  /**
   * Equal fingerprints mean unchanged bytes, as far as metadata can tell: size, modification and status-change
   * times in nanoseconds and the inode, so a rewrite, a rename over the file or a checkout that restores an old
   * modification time all change it.
   */
  readonly fingerprint: string;
  /** The later of the modification and status-change times, in milliseconds since the epoch. */
  readonly changedMs: number;
}
