// Indexes the tree at argv[2] into the store at argv[3] with two index workers and never disposes the indexer: the
// process must still exit once the work is done (idle workers do not keep it alive). Prints the report's counts.
// With argv[4] = "warm-only", it starts the workers (as before a download) and indexes nothing.
import { openIndexStore } from "../../../src/store/open-index-store.js";
import { createIndexer } from "../../../src/triage/create-indexer.js";

const indexer = await createIndexer(undefined, { threads: 2 });
indexer.warm();
if (process.argv[4] === "warm-only") {
  process.stdout.write("warmed\n");
} else {
  const store = openIndexStore(process.argv[3]!);
  const report = await indexer.refresh(store, process.argv[2]!);
  process.stdout.write(`${report.files} files, ${report.analyzed} analysed\n`);
}
