import { lstatSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createMemoryTreeSource } from "../index/memory-tree-source.js";
import type { TreeSource } from "../index/tree-source.js";

/**
 * Files written at once while the archive keeps streaming. One file waiting on its own `mkdir` and `writeFile` per
 * archive entry made extraction a chain of thread-pool round trips (django's 5,158 files: ~4 s); with writes in
 * flight the next entries are read meanwhile. Each holds at most one file's bytes (≤ the per-file cap).
 */
const MAX_IN_FLIGHT = 16;

/** Writes an archive's files under a fresh root while it streams (see {@link createSnapshotWriter}). */
export interface SnapshotWriter {
  /**
   * Claims `relative` (a safe, `/`-separated path under the root) for this archive, in archive order: the reason it
   * cannot be written when an earlier entry holds the same path, a file where this one needs a directory, or a
   * directory where this one is a file; undefined once claimed. Decided here, not by the file system, so the first
   * entry wins whatever order the writes finish in.
   */
  claim(relative: string): string | undefined;
  /**
   * Keeps a claimed file: in memory while the memory allowance lasts, else written to `target` (its checked
   * absolute path, `safeEntryPath`); resolves when another write may start. `failed` gets the reason if the write
   * fails.
   */
  write(relative: string, target: string, bytes: Buffer, failed: (reason: string) => void): Promise<void>;
  /** Resolves when every write started has finished. */
  finish(): Promise<void>;
  /**
   * After {@link finish}: the snapshot's files as a tree (those held in memory and those written under the root),
   * or undefined when none is held in memory — the root alone is then the snapshot.
   */
  tree(): TreeSource | undefined;
}

/** Options for {@link createSnapshotWriter}. */
export interface SnapshotWriterOptions {
  /**
   * Bytes of files kept in memory instead of written (0, the default: all are written). Unpacking django's 5,158
   * files to disk costs ~2.4 s of a first comment, and removing them again more; a snapshot that is indexed and
   * dropped need not touch the disk at all. Past the allowance, files go to the root as usual.
   */
  readonly memoryBytes?: number;
}

/**
 * A writer for `root`: files are created with `wx` (never overwriting, never following anything already there),
 * each directory is made once, and at most {@link MAX_IN_FLIGHT} files are being written at a time.
 */
export function createSnapshotWriter(root: string, options: SnapshotWriterOptions = {}): SnapshotWriter {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const made = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  const held = new Map<string, Uint8Array>();
  let heldBytes = 0;
  const memoryBytes = options.memoryBytes ?? 0;

  const makeDir = (dir: string): Promise<unknown> => {
    let pending = made.get(dir);
    if (!pending) {
      pending = mkdir(dir, { recursive: true });
      made.set(dir, pending);
    }
    return pending;
  };
  const rootDir = path.resolve(root);

  return {
    claim(relative) {
      if (files.has(relative)) return "duplicate entry";
      if (dirs.has(relative)) return "path conflict (a directory where a file is needed)";
      const parents: string[] = [];
      for (let dir = path.posix.dirname(relative); dir !== "." && dir !== "/"; dir = path.posix.dirname(dir)) parents.push(dir);
      if (parents.some((dir) => files.has(dir))) return "path conflict (a file where a directory is needed)";
      files.add(relative);
      for (const dir of parents) dirs.add(dir);
      return undefined;
    },
    async write(relative, target, bytes, failed) {
      if (heldBytes + bytes.length <= memoryBytes) {
        held.set(relative, bytes);
        heldBytes += bytes.length;
        return;
      }
      const dir = path.dirname(target);
      const job = (dir === rootDir ? Promise.resolve() : makeDir(dir))
        .then(() => writeFile(target, bytes, { flag: "wx", mode: 0o644 }))
        .catch((err: unknown) => {
          files.delete(relative);
          failed(`could not write (${(err as NodeJS.ErrnoException).code ?? "error"})`);
        })
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    },
    async finish() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    tree() {
      if (held.size === 0) return undefined;
      return held.size === files.size ? createMemoryTreeSource(held) : mixedTree(rootDir, files, held);
    },
  };
}

/**
 * The written and the held files as one tree: listed from the claimed paths, read from memory or from under the root.
 * The paths were checked when claimed, and only claimed paths are read.
 */
function mixedTree(root: string, files: ReadonlySet<string>, held: ReadonlyMap<string, Uint8Array>): TreeSource {
  const listing = createMemoryTreeSource(new Map([...files].map((p) => [p, EMPTY])));
  const onDisk = (relative: string): string => {
    if (!files.has(relative)) throw new Error(`no file ${relative}`);
    return `${root}/${relative}`;
  };
  return {
    listDirectory: (dir) => listing.listDirectory(dir),
    fileSize: (relative) => held.get(relative)?.length ?? lstatSync(onDisk(relative)).size,
    readFile: (relative) => held.get(relative) ?? readFileSync(onDisk(relative)),
  };
}

const EMPTY = new Uint8Array(0);
