/**
 * The benches' walk over a dataset's trees: one store per repository under `storeDir`, each repository's trees
 * refreshed oldest first through the real indexer, the lexical index built from the store, and `visit` called with
 * the rows of that tree. Progress on stderr. Bench only (the CLI's `eval` walks the same groups, evaluate-dataset.ts).
 */
import { join } from "node:path";
import type { EvalRow } from "../src/eval/dataset.js";
import { groupRowsByTree } from "../src/eval/group-rows.js";
import { readTreeTime } from "../src/eval/read-tree-time.js";
import { buildLexicalIndex, type LexicalIndex } from "../src/rank/lexical/lexical-index.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { createIndexer } from "../src/triage/create-indexer.js";

export async function forEachIndexedTree(
  options: { readonly rows: readonly EvalRow[]; readonly trees: string; readonly storeDir: string },
  visit: (tree: { repo: string; index: LexicalIndex; rows: readonly EvalRow[] }) => void | Promise<void>,
): Promise<void> {
  const { rows, trees, storeDir } = options;
  const indexer = await createIndexer();
  const started = performance.now();
  let done = 0;
  try {
    for (const { repo, trees: repoTrees } of groupRowsByTree(rows, (_repo, commit) => readTreeTime(join(trees, commit)))) {
      const store = openIndexStore(join(storeDir, `${repo.replace("/", "__")}.sqlite`));
      try {
        for (const [commit, treeRows] of repoTrees) {
          await indexer.refresh(store, join(trees, commit), { meta: { commit } });
          await visit({ repo, index: buildLexicalIndex(store.loadCorpus()), rows: treeRows });
          done += treeRows.length;
          process.stderr.write(`\r${done}/${rows.length} ${repo} ${Math.round((performance.now() - started) / 1000)} s   `);
        }
      } finally {
        store.close();
      }
    }
  } finally {
    indexer.dispose();
    process.stderr.write("\n");
  }
}
