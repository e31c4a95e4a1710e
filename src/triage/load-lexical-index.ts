import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CONTENT_VERSION_KEY } from "../index/index-tree.js";
import { buildLexicalIndex, type LexicalIndex } from "../rank/lexical-index.js";
import { decodeLexicalIndex, encodeLexicalIndex } from "../rank/lexical-snapshot.js";
import type { SqliteIndexStore } from "../store/open-index-store.js";
import { createSnapshotRepo } from "../store/snapshot-repo.js";

/**
 * The store's lexical index for a short-lived process (the CLI): the saved snapshot when it was built from the
 * store's current generation, its content version and this build's ranking code; else built from the corpus and
 * saved for the next process. Building costs 0.6 s on django, mapping the snapshot a few tens of milliseconds. A
 * snapshot that cannot be saved (a read-only store, a busy writer) or read back costs only the build.
 */
export function loadLexicalIndex(store: SqliteIndexStore, codeVersion: string = rankCodeVersion()): LexicalIndex {
  const repo = createSnapshotRepo(store);
  const keyOf = (generation: number, contentVersion: string | undefined) =>
    `generation-${generation}|${contentVersion ?? "none"}|code-${codeVersion}`;
  const saved = store.db.transaction(() => repo.read(keyOf(store.generation(), store.getMeta(CONTENT_VERSION_KEY))))();
  if (saved) {
    try {
      return decodeLexicalIndex(saved);
    } catch {
      // A damaged or foreign blob is rebuilt below, never trusted.
    }
  }
  const { corpus, generation, meta } = repo.loadCorpusAt(CONTENT_VERSION_KEY);
  const index = buildLexicalIndex(corpus);
  try {
    repo.write(keyOf(generation, meta), encodeLexicalIndex(index));
  } catch {
    // Saving is an optimisation: the next process builds again.
  }
  return index;
}

let cachedCodeVersion: string | undefined;

/**
 * A hash of the code that shapes a built index: every module of rank/ (tokenizing, analysis decoding, path terms,
 * file roles, the index and its snapshot format) and the store's corpus loader, read from this installation. Any
 * change to them, in any build, invalidates saved snapshots: no version number to forget to bump.
 */
export function rankCodeVersion(): string {
  if (cachedCodeVersion) return cachedCodeVersion;
  const hash = createHash("sha256");
  const files = [
    ...moduleFiles(new URL("../rank/", import.meta.url)),
    ...moduleFiles(new URL("../store/", import.meta.url)).filter((f) => /\/load-corpus\.[jt]s$/.test(f)),
  ];
  for (const file of files) hash.update(file.slice(file.lastIndexOf("/") + 1)).update("\0").update(readFileSync(file)).update("\0");
  cachedCodeVersion = hash.digest("hex").slice(0, 16);
  return cachedCodeVersion;
}

function moduleFiles(dir: URL): string[] {
  const path = fileURLToPath(dir);
  return readdirSync(path).filter((name) => /\.(js|ts)$/.test(name) && !name.endsWith(".d.ts")).sort().map((name) => path + name);
}
