/** The file beside a store that holds its saved lexical index: `<store>.lexical`. */
export const SNAPSHOT_FILE_SUFFIX = ".lexical";

/**
 * Every file an index store at `path` may have on disk: the database, SQLite's WAL, shared-memory and rollback
 * journal files, and the saved lexical index. Deleting a store means deleting all of them.
 */
export function indexStoreFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`, `${path}-journal`, `${path}${SNAPSHOT_FILE_SUFFIX}`];
}
