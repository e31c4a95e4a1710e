import type { IndexReport } from "../index/index-tree.js";
import { openIndexStore, type SqliteIndexStore } from "../store/open-index-store.js";
import { IndexStoreError } from "../store/store-error.js";
import type { Indexer, RefreshOptions } from "../triage/create-indexer.js";
import { CliError } from "./cli-error.js";
import type { ProgressReporter } from "./progress.js";
import { defaultStorePath } from "./store-path.js";
import { resolveCheckout } from "./resolve-checkout.js";

/** A checkout whose index is up to date, with the report of the refresh that made it so. */
export interface OpenCheckout {
  readonly root: string;
  readonly store: SqliteIndexStore;
  readonly report: IndexReport;
}

/**
 * Opens the checkout's store (default: the user's cache folder) and refreshes it incrementally: only contents not
 * seen before are analysed. A damaged or foreign store file becomes a `CliError` that names the file.
 */
export async function openCheckout(
  indexer: Indexer,
  dir: string | undefined,
  storePath: string | undefined,
  progress: ProgressReporter,
  onContents?: RefreshOptions["onContents"],
): Promise<OpenCheckout> {
  const root = resolveCheckout(dir);
  const path = storePath ?? defaultStorePath(root);
  let store: SqliteIndexStore;
  try {
    store = openIndexStore(path);
  } catch (error) {
    if (error instanceof IndexStoreError) throw new CliError(error.message, 3, { cause: error });
    throw error;
  }
  try {
    return { root, store, report: await refreshCheckout(indexer, store, root, progress, onContents) };
  } catch (error) {
    store.close();
    throw error;
  }
}

/**
 * Brings an open checkout's store up to date (only contents not seen before are analysed; an unchanged tree reads
 * and hashes nothing): what `openCheckout` does after opening, for a process that keeps the store open (`mcp`).
 */
export async function refreshCheckout(
  indexer: Indexer,
  store: SqliteIndexStore,
  root: string,
  progress: ProgressReporter,
  onContents?: RefreshOptions["onContents"],
): Promise<IndexReport> {
  const report = await indexer.refresh(store, root, {
    meta: { root },
    ...(onContents ? { onContents } : {}),
    onProgress: (p) => progress.update(`indexing (${p.phase}): ${p.analyzed} analysed of`, p.files, p.files),
  });
  progress.done();
  return report;
}
