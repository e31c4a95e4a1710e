import type { Indexer } from "../triage/create-indexer.js";
import { openCheckout } from "./open-checkout.js";
import type { CliIo } from "./cli-io.js";

/** Options of `bugscout index`. */
export interface IndexCommandOptions {
  readonly dir?: string;
  readonly store?: string;
  readonly json: boolean;
}

/** `bugscout index <dir>`: builds or refreshes the checkout's index and prints what changed. */
export async function runIndexCommand(io: CliIo, indexer: Indexer, options: IndexCommandOptions): Promise<void> {
  const { store, report } = await openCheckout(indexer, options.dir, options.store, io.progress);
  try {
    if (options.json) {
      io.out(JSON.stringify({ store: store.path, ...report }));
      return;
    }
    const skipped = Object.entries(report.skipped)
      .filter(([, n]) => n > 0)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(", ");
    io.out(`Indexed ${report.files} files in ${Math.round(report.ms)} ms: ${report.analyzed} analysed, ` +
      `${report.reused} unchanged, ${report.removed} removed.`);
    if (skipped) io.out(`Skipped: ${skipped}.`);
    io.out(`Store: ${store.path}`);
  } finally {
    store.close();
  }
}
