/**
 * Dumps, per issue, every candidate `locate` could pack (each ranked file whole, its pointers, its ten best-scored
 * symbols, the first 80 of the cross-file symbol ranking) with its cost in cl100k tokens as a code item and whether it
 * meets the fix's lines, plus what `packLocate` actually returned at 1,000 / 2,000 / 4,000 / 8,000 tokens. For
 * studying the packing order offline (`bench/locate-order-study.ts`) without re-ranking. Bench only.
 *
 *   npx tsx bench/dump-locate-candidates.ts <set.jsonl> <store dir> <out.jsonl>
 */
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDataset } from "../src/eval/dataset.js";
import { pointerMeets } from "../src/eval/pointer-metrics.js";
import { packLocate, prepareLocate } from "../src/mcp/locate-code.js";
import { createRepoContextCache } from "../src/mcp/repo-context.js";
import { loadCl100k } from "../src/mcp/token-counter.js";
import { forEachIndexedTree } from "./indexed-trees.js";

const [dataset, storeDir, out] = process.argv.slice(2);
const trees = `${process.env.HOME}/.cache/bench-trees`;
const rows = parseDataset(readFileSync(dataset, "utf8")).filter((r) => r.goldLines.size > 0);
const counter = await loadCl100k();
const fs = { realpath: (p: string) => realpathSync(p), readText: (p: string) => readFileSync(p, "utf8") };
const lines: string[] = [];
let generation = 0;
await forEachIndexedTree({ rows, trees, storeDir }, async ({ index, rows: treeRows }) => {
  const root = join(trees, treeRows[0].baseCommit);
  const context = createRepoContextCache(fs).context({ root, generation: ++generation, index }, counter);
  for (const row of treeRows) {
    const prepared = await prepareLocate(context, { issue: row.body, top: 5 });
    const item = (s: { id: string; path: string; startLine: number; endLine: number }) => {
      const view = { id: s.id, path: s.path, start_line: s.startLine, end_line: s.endLine, source: context.lines(s.path).slice(s.startLine, s.endLine) };
      return { id: s.id, path: s.path, s: s.startLine, e: s.endLine, cost: counter.count(JSON.stringify(view)) + 1, meets: pointerMeets({ path: s.path, start: s.startLine, end: s.endLine }, row.goldLines) };
    };
    const files = prepared.located.map((l, rank) => {
      const n = context.lines(l.file.path).count;
      return {
        rank, path: l.file.path, fileTokens: context.fileTokens(l.file.path),
        whole: item({ id: l.file.path, path: l.file.path, startLine: 1, endLine: n }),
        pointers: l.pointers.map(item),
        scored: l.scored.slice(0, 10).map((x) => ({ ...item(x.symbol), score: x.score })),
      };
    });
    const ranked = prepared.ranked.slice(0, 80).map(item);
    const actual: Record<number, { tokens: number; meets: boolean; code: number }> = {};
    for (const b of [1000, 2000, 4000, 8000]) {
      const a = packLocate(context, prepared, b);
      const code = a.answer.code;
      const codeCost = code.reduce((sum, c) => sum + counter.count(JSON.stringify(c)) + 1, 0);
      actual[b] = { tokens: a.answer.tokens, code: codeCost, meets: code.some((c) => pointerMeets({ path: c.path, start: c.start_line, end: c.end_line }, row.goldLines)) };
    }
    lines.push(JSON.stringify({ id: row.id, repo: row.repo, lang: row.lang, files, ranked, actual }));
  }
});
writeFileSync(out, lines.join("\n") + "\n");
