import type { Database } from "better-sqlite3";
import type { FileLinks } from "../index/types.js";
import type { BlobRecord, TreeUpdate, TreeUpdateResult } from "./index-store.js";
import { IndexStoreError } from "./store-error.js";

/** Meta keys the store owns; an update may not set them. */
export const RESERVED_META_KEYS: ReadonlySet<string> = new Set(["schema_version", "generation"]);

/** Writes contents (blobs, their symbols and links) inside the caller's transaction; a stored hash is replaced. */
function createWriteBlobs(db: Database): (blobs: readonly BlobRecord[]) => void {
  const insertBlob = db.prepare(
    "INSERT OR REPLACE INTO blobs (hash, language, size, line_count, analysis) VALUES (?, ?, ?, ?, ?)");
  const deleteSymbols = db.prepare("DELETE FROM symbols WHERE hash = ?");
  const insertSymbol = db.prepare("INSERT INTO symbols (hash, ord, name, qualified_name, kind, start_line, end_line)" +
    " VALUES (?, ?, ?, ?, ?, ?, ?)");
  const deleteLinks = db.prepare("DELETE FROM links WHERE hash = ?");
  const insertLinks = db.prepare("INSERT INTO links (hash, body) VALUES (?, ?)");
  return (blobs) => {
    for (const blob of blobs) {
      insertBlob.run(blob.hash, blob.language, blob.size, blob.lineCount, blob.analysis);
      deleteSymbols.run(blob.hash);
      blob.symbols.forEach((s, ord) =>
        insertSymbol.run(blob.hash, ord, s.name, s.qualifiedName, s.kind, s.startLine, s.endLine));
      deleteLinks.run(blob.hash);
      if (hasLinks(blob.links)) insertLinks.run(blob.hash, JSON.stringify(blob.links));
    }
  };
}

/** Builds `IndexStore.putContents`: contents written in one transaction of their own, the tree untouched. */
export function createPutContents(db: Database): (blobs: readonly BlobRecord[]) => void {
  const write = db.transaction(createWriteBlobs(db));
  return (blobs) => write.immediate(blobs);
}

/** Builds the one-transaction tree replacement described on `IndexStore.applyTree`. */
export function createApplyTree(db: Database): (update: TreeUpdate) => TreeUpdateResult {
  const writeBlobs = createWriteBlobs(db);
  const selectFiles = db.prepare<[], [string, string, string | null]>("SELECT path, hash, stat FROM files").raw();
  const deleteFile = db.prepare("DELETE FROM files WHERE path = ?");
  const upsertFile = db.prepare("INSERT OR REPLACE INTO files (path, hash, stat) VALUES (?, ?, ?)");
  const updateStat = db.prepare("UPDATE files SET stat = ? WHERE path = ?");
  const hasBlob = db.prepare<[string], number>("SELECT 1 FROM blobs WHERE hash = ?").pluck();
  // Both sides read from covering indexes (the blobs' primary key, files_by_hash): ~1 ms on django, where scanning
  // the blobs table itself read every analysis page (~40 ms the first time in a process).
  const unreferenced = db.prepare<[], string>("SELECT hash FROM blobs EXCEPT SELECT hash FROM files").pluck();
  const deleteBlob = db.prepare("DELETE FROM blobs WHERE hash = ?");
  const deleteSymbols = db.prepare("DELETE FROM symbols WHERE hash = ?");
  const deleteLinks = db.prepare("DELETE FROM links WHERE hash = ?");
  const collectChunks = db.prepare("DELETE FROM chunks WHERE file_hash NOT IN (SELECT hash FROM files)");
  const readGeneration = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'generation'").pluck();
  const writeMeta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");

  // IMMEDIATE takes the write lock up front, so a concurrent writer waits instead of failing half-way.
  const apply = db.transaction((update: TreeUpdate): TreeUpdateResult => {
    for (const key of Object.keys(update.meta ?? {})) {
      if (RESERVED_META_KEYS.has(key)) throw new IndexStoreError("invalid-update", `meta key ${key} is reserved`);
    }
    writeBlobs(update.blobs);

    const rows = selectFiles.all();
    const previous = new Map(rows.map(([path, hash]) => [path, hash]));
    const previousStat = new Map(rows.map(([path, , stat]) => [path, stat]));
    const next = new Map(update.files.map((file) => [file.path, file.hash]));
    const nextStat = new Map(update.files.map((file) => [file.path, file.stat ?? null]));
    let added = 0, changed = 0, removed = 0;
    for (const path of previous.keys()) {
      if (!next.has(path)) {
        deleteFile.run(path);
        removed++;
      }
    }
    const sent = new Set(update.blobs.map((blob) => blob.hash));
    for (const [path, hash] of next) {
      const before = previous.get(path);
      const stat = nextStat.get(path) ?? null;
      if (before === hash) {
        // The same content with a new (or no longer trusted) fingerprint: not a change of the corpus.
        if (previousStat.get(path) !== stat) updateStat.run(stat, path);
        continue;
      }
      if (!sent.has(hash) && hasBlob.get(hash) === undefined) {
        throw new IndexStoreError("invalid-update", `${path} references content ${hash} that is not stored`);
      }
      upsertFile.run(path, hash, stat);
      if (before === undefined) added++;
      else changed++;
    }

    // Only a changed or removed path, or a blob sent (or stored ahead) for no path, can leave a blob unreferenced:
    // skip the scans (the bulk of a no-change re-index) when there is none.
    let collectedBlobs = 0;
    if (changed + removed + update.blobs.length + (update.storedAhead ?? 0) > 0) {
      // A content's symbols and links are written and deleted with its blob, always in one transaction, so they
      // are collected with it, by key. Chunks are written by the embedding fill, which may outlast the tree it read:
      // they are checked against the tree itself.
      for (const hash of unreferenced.all()) {
        collectedBlobs += deleteBlob.run(hash).changes;
        deleteSymbols.run(hash);
        deleteLinks.run(hash);
      }
      collectChunks.run();
    }

    let generation = Number(readGeneration.get() ?? "0");
    if (added + changed + removed + update.blobs.length + collectedBlobs > 0) {
      generation++;
      writeMeta.run("generation", String(generation));
    }
    for (const [key, value] of Object.entries(update.meta ?? {})) writeMeta.run(key, value);
    return { generation, added, changed, removed, collectedBlobs };
  });
  return (update) => apply.immediate(update);
}

/** Whether a content links to anything: a row is kept only then (most contents of a tree link to nothing). */
function hasLinks(links: FileLinks | undefined): links is FileLinks {
  return links !== undefined && (links.imports.length > 0 || links.types.length > 0 || links.package !== undefined ||
    links.tsPaths !== undefined || links.goModule !== undefined || (links.builds?.length ?? 0) > 0);
}
