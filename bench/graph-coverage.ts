/**
 * How much of each repository's import wiring the code graph resolves, per language: over the first tree of each
 * repository of a dataset, the code files with import specifiers, the share of them with at least one resolved
 * import, the resolved edges, the type relations, and the time `buildGraphColumns` takes on that tree.
 *
 *   npx tsx bench/graph-coverage.ts --dataset /work/shared/bench/multilang_dev.jsonl \
 *     --trees ~/.cache/bench-trees --store-dir ~/benchwork/stores-ml
 */
import { readFileSync, mkdirSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { buildGraphColumns } from "../src/graph/code-graph.js";
import { forEachIndexedTree } from "./indexed-trees.js";
import { parseBenchArgs } from "./bench-args.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { join } from "node:path";

const args = parseBenchArgs();
const one = args.one;
const all = parseDataset(readFileSync(one("dataset", "/work/shared/bench/multilang_dev.jsonl"), "utf8"));
const firstOfRepo = new Map<string, (typeof all)[number]>();
for (const row of all) if (!firstOfRepo.has(row.repo)) firstOfRepo.set(row.repo, row);
const rows = [...firstOfRepo.values()];
const trees = one("trees", `${process.env.HOME}/.cache/bench-trees`);
const storeDir = one("store-dir", `${process.env.HOME}/benchwork/stores-graph`);
mkdirSync(storeDir, { recursive: true });

console.log("| repository | language | code files with imports | with a resolved import | edges | type relations | resolve ms |");
console.log("|---|---|---:|---:|---:|---:|---:|");
await forEachIndexedTree({ rows, trees, storeDir }, ({ repo, index }) => {
  // The corpus again with its links (the index keeps only the resolved graph).
  const store = openIndexStore(join(storeDir, `${repo.replace("/", "__")}.sqlite`));
  const corpus = store.loadCorpus();
  store.close();
  const started = performance.now();
  const columns = buildGraphColumns(corpus);
  const ms = performance.now() - started;
  const byLanguage = new Map<string, { withImports: number; resolved: number }>();
  corpus.forEach((f, d) => {
    if (index.files[d].role !== "code" || (f.links?.imports.length ?? 0) === 0) return;
    const s = byLanguage.get(f.language) ?? { withImports: 0, resolved: 0 };
    s.withImports++;
    if (columns.importStart[d + 1] > columns.importStart[d]) s.resolved++;
    byLanguage.set(f.language, s);
  });
  const main = [...byLanguage].sort((a, b) => b[1].withImports - a[1].withImports)[0];
  if (!main) return;
  const [language, s] = main;
  console.log(`| ${repo} | ${language} | ${s.withImports} | ${(s.resolved / s.withImports).toFixed(2)} | ${columns.importTargets.length} | ${columns.relationFile.length} | ${ms.toFixed(0)} |`);
});
