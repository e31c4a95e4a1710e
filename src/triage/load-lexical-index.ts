import { readdirSync, readFileSync } from "node:fs";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import { CONTENT_VERSION_KEY } from "../index/index-tree.js";
import { buildLexicalIndex, type LexicalIndex } from "../rank/lexical/lexical-index.js";
import type { PreparedContents } from "../rank/lexical/prepared-contents.js";
import { layOutLexicalIndex, readLexicalSnapshot } from "../rank/lexical/lexical-snapshot.js";
import type { SqliteIndexStore } from "../store/open-index-store.js";
import { createSnapshotRepo } from "../store/snapshot-repo.js";
import { IndexStoreError } from "../store/store-error.js";

/** A loaded index and the release of what it reads from (the snapshot file); release it before closing the store. */
export interface LoadedLexicalIndex {
  readonly index: LexicalIndex;
  release(): void;
  /**
   * Saves an index that was built, not read, for the next process (with `saveLater`; otherwise it was saved when
   * built): the layout and the write, ~0.4 s on django, done once the answer is out. Safe to call more than once,
   * and does nothing for an index read from a saved one. Call it before closing the store.
   */
  save(): void;
}

/** Options of {@link loadLexicalIndex}. */
export interface LoadLexicalIndexOptions {
  /** An index that has to be built is saved by `save()` rather than before it is returned. */
  readonly saveLater?: boolean;
}

/**
 * The store's lexical index for a short-lived process (the CLI): the saved snapshot when it was built from the
 * store's current generation, its content version and this build's ranking code; else built from the corpus and
 * saved for the next process. Building costs 0.6 s on django; opening the snapshot reads its per-file columns (~1 MB)
 * and a ranking reads its terms and their postings from the file. A snapshot that cannot be saved (a read-only store,
 * a busy writer) or read back costs only the build. A snapshot index reads its files' analyses from the store on
 * first use: the store must stay open while it ranks, and a ranking throws an `IndexStoreError` ("changed") if
 * another process changed the index in between.
 */
export function loadLexicalIndex(
  store: SqliteIndexStore,
  codeVersion: string = rankCodeVersion(),
  options: LoadLexicalIndexOptions = {},
): LoadedLexicalIndex {
  const { repo, saved, generation, contentVersion } = openSaved(store, codeVersion);
  if (saved) {
    try {
      // Analyses are read when a ranking first needs them, from the state the snapshot was saved from.
      const analyses = (hash: string) => repo.readAnalysis(hash, generation, CONTENT_VERSION_KEY, contentVersion);
      return { index: readLexicalSnapshot(saved.readAt, saved.length, analyses), release: () => saved.close(), save: () => {} };
    } catch {
      // A damaged or foreign file is rebuilt below, never trusted.
      saved.close();
    }
  }
  const { index, save } = buildIndex(repo, codeVersion);
  if (!options.saveLater) save();
  return { index, release: () => {}, save };
}

/**
 * Makes sure the store holds a saved index for its current state and this build (`bugscout index`, so that the next
 * `rank` opens it): builds and saves one when there is none, and does not read a current one. A damaged snapshot is
 * found and rebuilt by the next {@link loadLexicalIndex}. `prepared`: the index run's new contents, numbered while it ran.
 */
export function saveLexicalIndex(store: SqliteIndexStore, codeVersion: string = rankCodeVersion(), prepared?: PreparedContents): void {
  const { repo, saved } = openSaved(store, codeVersion);
  if (saved) {
    saved.close();
    return;
  }
  try {
    // Only saved, never ranked with: when contents were numbered during the run, the analyses the build still needs
    // (the others, issue templates) are read one by one instead of all with the tree. (A re-index after ten changed
    // files on django, reading the rest one by one, was no slower: 1.2–1.7 s either way.)
    buildIndex(repo, codeVersion, prepared, prepared !== undefined).save();
  } catch (error) {
    // Another process replaced the tree while this one read it: it saves its own index; the next rank builds one.
    if (!(error instanceof IndexStoreError && error.code === "changed")) throw error;
  }
}

function snapshotKey(generation: number, contentVersion: string | undefined, codeVersion: string): string {
  return `generation-${generation}|${contentVersion ?? "none"}|code-${codeVersion}`;
}

/** The saved snapshot of the store's current generation and content version for this build, if there is one. */
function openSaved(store: SqliteIndexStore, codeVersion: string) {
  const repo = createSnapshotRepo(store);
  return store.db.transaction(() => {
    const generation = store.generation();
    const contentVersion = store.getMeta(CONTENT_VERSION_KEY);
    return { repo, generation, contentVersion, saved: repo.open(snapshotKey(generation, contentVersion, codeVersion)) };
  })();
}

/** Builds the index from the store's corpus; `save` writes it under the state it was built from (once). */
function buildIndex(repo: ReturnType<typeof createSnapshotRepo>, codeVersion: string, prepared?: PreparedContents, analysesOnDemand = false) {
  const built = repo.loadCorpusAt(CONTENT_VERSION_KEY, { analysesOnDemand });
  const index = buildLexicalIndex(built.corpus, prepared);
  let saved = false;
  const save = (): void => {
    if (saved) return;
    saved = true;
    try {
      // Keyed by the generation it was built from: saved after the store moved on, it is simply never opened.
      repo.write(snapshotKey(built.generation, built.meta, codeVersion), layOutLexicalIndex(index));
    } catch {
      // Saving is an optimisation: the next process builds again.
    }
  };
  return { index, save };
}

let cachedCodeVersion: string | undefined;

/**
 * The version `scripts/bundle-cli.mjs` computed from the compiled files the command's bundle was built from, and
 * baked into it; not defined when this module runs as compiled or from source, which compute it below.
 */
declare const BUGSCOUT_RANK_CODE_VERSION: string | undefined;

/**
 * A hash of the code that shapes a built index: every module of rank/ and graph/ (tokenizing, analysis decoding, path terms,
 * file roles, the index and its snapshot format) and the store's corpus loader, read from this installation. Any
 * change to them, in any build, invalidates saved snapshots: no version number to forget to bump. The hash is two
 * 32-bit FNV-1a lanes, not sha256: it only has to tell builds apart, and every `rank` computes it, where loading
 * `node:crypto` alone would cost ~10 ms. The installed command's bundle has it computed at build time from the very
 * files it was bundled from (`scripts/bundle-cli.mjs`), so it reads none of them.
 */
export function rankCodeVersion(): string {
  if (cachedCodeVersion) return cachedCodeVersion;
  if (typeof BUGSCOUT_RANK_CODE_VERSION === "string") return (cachedCodeVersion = BUGSCOUT_RANK_CODE_VERSION);
  const files = [
    ...moduleFiles(new URL("../rank/", import.meta.url)),
    ...moduleFiles(new URL("../graph/", import.meta.url)),
    ...moduleFiles(new URL("../store/", import.meta.url)).filter((f) => /\/load-corpus\.[jt]s$/.test(f)),
  ];
  const hash = new CodeHash();
  for (const file of files) hash.update(Buffer.from(`${file.slice(file.lastIndexOf("/") + 1)}\0`)).update(readFileSync(file)).update(ZERO);
  cachedCodeVersion = hash.hex();
  return cachedCodeVersion;
}

const ZERO = new Uint8Array(1);

/**
 * FNV-1a in two lanes with different offset bases (64 bits, hex), fed four bytes at a time: the loop runs once per
 * process, before V8 has optimised it: 2.7 ms instead of 7 for rank/ here (sha256 with loading node:crypto: 8–12).
 */
class CodeHash {
  private a = 0x811c9dc5;
  private b = 0x050c5d1f;

  update(bytes: Uint8Array): this {
    let { a, b } = this;
    const n = bytes.length >>> 2;
    // Platform byte order: the version only has to be stable on one machine.
    const words = bytes.byteOffset % 4 === 0
      ? new Uint32Array(bytes.buffer, bytes.byteOffset, n)
      : new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + n * 4));
    for (let i = 0; i < n; i++) {
      a = Math.imul(a ^ words[i], 0x01000193);
      b = Math.imul(b ^ words[i], 0x01000193) ^ (b >>> 15);
    }
    for (let i = n << 2; i < bytes.length; i++) {
      a = Math.imul(a ^ bytes[i], 0x01000193);
      b = Math.imul(b ^ bytes[i], 0x01000193) ^ (b >>> 15);
    }
    this.a = a;
    this.b = b;
    return this;
  }

  hex(): string {
    return (this.a >>> 0).toString(16).padStart(8, "0") + (this.b >>> 0).toString(16).padStart(8, "0");
  }
}

function moduleFiles(dir: URL): string[] {
  const path = fileURLToPath(dir);
  // Subfolders too: rank/ groups its modules by concern.
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .map((name) => name.split(sep).join("/"))
    .filter((name) => /\.(js|ts)$/.test(name) && !name.endsWith(".d.ts"))
    .sort()
    .map((name) => path + name);
}
