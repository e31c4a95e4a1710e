/** Why a store could not be used. */
export type IndexStoreErrorCode =
  /** The file exists but is not a SQLite database, or is a database of something else. */
  | "not-a-store"
  /** The file is a BugScout store whose pages or schema are damaged. */
  | "corrupt"
  /** The store was written by a newer BugScout with a schema this build does not know. */
  | "newer-schema"
  /** The file cannot be opened or created (permissions, a directory in the way, a full disk). */
  | "unavailable"
  /** The update broke an invariant (a file referencing content that is not stored). Nothing was written. */
  | "invalid-update"
  /** Another process changed the index while this one was reading it; reading again sees the new state. */
  | "changed";

/** An expected failure of the index store, with a message fit to show a user as is. */
export class IndexStoreError extends Error {
  override readonly name = "IndexStoreError";

  constructor(readonly code: IndexStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const CORRUPT_CODES = new Set(["SQLITE_CORRUPT", "SQLITE_CORRUPT_INDEX", "SQLITE_CORRUPT_SEQUENCE"]);
const UNAVAILABLE_CODES = new Set(["SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_PERM"]);

/**
 * Turns a SQLite failure on the file at `path` into an `IndexStoreError` when it is one of the expected kinds
 * (damaged file, not a database, cannot open); anything else is returned unchanged.
 */
export function classifySqliteError(error: unknown, path: string): unknown {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "SQLITE_NOTADB") {
    return new IndexStoreError("not-a-store", `${path} is not a BugScout index (not a SQLite database). ` +
      "Use another path, or delete the file to rebuild the index.", { cause: error });
  }
  if (CORRUPT_CODES.has(code) || code.startsWith("SQLITE_CORRUPT")) {
    return new IndexStoreError("corrupt", `The index at ${path} is damaged (${code}). ` +
      "Delete the file to rebuild the index.", { cause: error });
  }
  if (UNAVAILABLE_CODES.has(code) || code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN")) {
    return new IndexStoreError("unavailable", `The index at ${path} cannot be opened or written (${code}).`,
      { cause: error });
  }
  return error;
}
