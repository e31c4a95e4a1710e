/**
 * Child process for the kill test: indexes `root` into `store` and writes the indexing phase to stdout as it goes,
 * so the parent can kill it at a chosen moment. Usage: node --import tsx index-child.ts <root> <store>
 */
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";

const [root, storePath] = process.argv.slice(2);
const store = openIndexStore(storePath);
const indexer = await createIndexer();
process.stdout.write("ready\n");
await indexer.refresh(store, root, {
  onProgress: (p) => {
    process.stdout.write(`${p.phase} ${p.files}\n`);
  },
});
process.stdout.write("finished\n");
