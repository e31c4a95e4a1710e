/**
 * Where a `locate` call's time goes, in-process (docs/benchmarks.md, "Warm tool latency"): on one indexed tree, the
 * first 25 issues of the repository are prepared (`prepareLocate`: the ranking, the pointers, the symbol ranking)
 * and packed at 4,000 tokens (`--budget`; `packLocate`), each timed, in turn with excerpts off (`excerptShare` and
 * `fileExcerptShare` 0: what the excerpts of pointers too large to show and of the first file add); medians are
 * printed with the characters tokenized per pack.
 *
 *   npx tsx bench/locate-cost.ts --dataset ../shared/bench/swebench_lite.jsonl --repo django/django \
 *     --id django__django-15202 --trees ~/.cache/bench-trees --store-dir <stores>
 */
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { parseDataset } from "../src/eval/dataset.js";
import { packLocate, prepareLocate } from "../src/mcp/locate-code.js";
import { createRepoContextCache } from "../src/mcp/repo-context.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { parseBenchArgs } from "./bench-args.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const args = parseBenchArgs();
/** No excerpt of a pointer too large to show, none of the first file: what the excerpts add. */
const NO_EXCERPTS = { excerptShare: 0, fileExcerptShare: 0 } as const;
const all = parseDataset(readFileSync(args.one("dataset", ""), "utf8")).filter((r) => r.repo === args.one("repo", ""));
const id = args.one("id", all[0]?.id ?? "");
const texts = all.slice(0, 25).map((r) => r.body);
const counter = await loadCl100k();
const fs = { realpath: (p: string) => realpathSync(p), readText: (p: string) => readFileSync(p, "utf8") };
const trees = args.one("trees", `${process.env.HOME}/.cache/bench-trees`);
await forEachIndexedTree({ rows: all.filter((r) => r.id === id), trees, storeDir: args.one("store-dir", "") }, async ({ index, rows }) => {
  let chars = 0;
  const measuring = { count: (text: string) => ((chars += text.length), counter.count(text)) };
  const context = createRepoContextCache(fs).context({ root: join(trees, rows[0].baseCommit), generation: 1, index }, measuring);
  // Excerpts off in a context of their own: each keeps its own memo of token counts, so neither run warms the other's.
  const plain = createRepoContextCache(fs).context({ root: join(trees, rows[0].baseCommit), generation: 1, index }, counter);
  const warm = await prepareLocate(context, { issue: texts[0], top: 5 });
  packLocate(context, warm, 4000); // warm-up: catalog, JIT
  packLocate(plain, warm, 4000, NO_EXCERPTS);
  const prepare: number[] = [];
  const budget = Number(args.one("budget", "4000"));
  const pack: number[] = [];
  const packPlain: number[] = [];
  const tokenized: number[] = [];
  for (const text of texts) {
    let start = performance.now();
    const prepared = await prepareLocate(context, { issue: text, top: 5 });
    prepare.push(performance.now() - start);
    start = performance.now();
    packLocate(plain, prepared, budget, NO_EXCERPTS);
    packPlain.push(performance.now() - start);
    chars = 0;
    start = performance.now();
    packLocate(context, prepared, budget);
    pack.push(performance.now() - start);
    tokenized.push(chars);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(`${texts.length} issues on ${index.files.length} files: prepareLocate ${median(prepare).toFixed(1)} ms, ` +
    `packLocate(${budget}) ${median(pack).toFixed(1)} ms (${median(packPlain).toFixed(1)} ms without excerpts), ` +
    `${median(tokenized)} characters tokenized (medians)`);
});
