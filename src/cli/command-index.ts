import type { Indexer } from "../triage/create-indexer.js";
import type { StoreDense } from "../triage/create-store-dense.js";
import { prepareContents } from "../rank/lexical/prepared-contents.js";
import { saveLexicalIndex } from "../triage/load-lexical-index.js";
import { openCheckout } from "./open-checkout.js";
import type { CliIo } from "./cli-io.js";

/** Options of `bugscout index`. */
export interface IndexCommandOptions {
  readonly dir?: string;
  readonly store?: string;
  readonly json: boolean;
}

/**
 * `bugscout index <dir>`: builds or refreshes the checkout's index and prints what changed. With an embedding key it
 * then embeds every unit that has no vector yet, so the next `rank` can be dense.
 */
export async function runIndexCommand(io: CliIo, indexer: Indexer, options: IndexCommandOptions, dense?: StoreDense): Promise<void> {
  // The saved ranking index's terms are numbered while the run waits on its parsers (new contents only).
  const prepared = prepareContents();
  const { store, report, root } = await openCheckout(indexer, options.dir, options.store, io.progress, prepared.add);
  try {
    // Built and saved now, so the next `rank` starts from the saved index instead of building it; a current one is
    // not read (an unchanged re-index has nothing to rank).
    saveLexicalIndex(store, undefined, prepared);
    const embedding = dense
      ? await dense.fill(store, root, (p) => io.progress.update(`embedding: ${p.embedded} units, files`, p.filesDone, p.files))
      : undefined;
    io.progress.done();
    if (options.json) {
      io.out(JSON.stringify({ store: store.path, ...report, ...(embedding ? { embedding } : {}) }));
      return;
    }
    const skipped = Object.entries(report.skipped)
      .filter(([, n]) => n > 0)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(", ");
    io.out(`Indexed ${report.files} files in ${Math.round(report.ms)} ms: ${report.analyzed} analysed, ` +
      `${report.reused} unchanged, ${report.removed} removed.`);
    if (skipped) io.out(`Skipped: ${skipped}.`);
    if (embedding) {
      io.out(`Embeddings: ${embedding.outcome}, ${embedding.embedded} units embedded` +
        (embedding.error ? ` (${embedding.error.message})` : "") + ".");
    }
    io.out(`Store: ${store.path}`);
  } finally {
    await dense?.release(store);
    store.close();
  }
}
