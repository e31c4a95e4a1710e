/**
 * Fast ranking experiments over the experiment cache written by bench/eval-cache.ts: builds each tree's index
 * once and ranks every issue with several option sets, printing one summary line per set (and per repository
 * with --per-repo). Bench only.
 *
 *   npx tsx bench/eval-quick.ts [--repo django/django] [--limit 40] [--configs default,plain] [--per-repo]
 *     [--set '{"signals":{"frame":0.8}}'] [--misses default]
 */
import Database from "better-sqlite3";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseDataset, type EvalRow } from "../src/eval/dataset.js";
import { scoreRanking, summarizeMetrics, type QueryMetrics } from "../src/eval/metrics.js";
import { buildLexicalIndex, type LexicalDoc } from "../src/rank/lexical-index.js";
import { rankLexical } from "../src/rank/rank-lexical.js";
import { resolveLexicalOptions, type LexicalRankOptionsInput } from "../src/rank/rank-options.js";
import { ABLATION_CONFIGS } from "./eval-configs.js";
import type { Language, SymbolInfo } from "../src/index/types.js";
import { groupRowsByTree } from "../src/eval/group-rows.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const k = process.argv[i].replace(/^--/, "");
  const v = process.argv[i + 1];
  if (v === undefined || v.startsWith("--")) args.set(k, "true");
  else (args.set(k, v), i++);
}
const cacheDir = args.get("cache") ?? `${process.env.HOME}/benchwork/evalcache`;
let rows = parseDataset(readFileSync(args.get("dataset") ?? "/work/shared/bench/swebench_lite.jsonl", "utf8"));
if (args.has("repo")) rows = rows.filter((r) => r.repo === args.get("repo"));
if (args.has("limit")) rows = rows.slice(0, Number(args.get("limit")));
const names = (args.get("configs") ?? "default").split(",");
const configs: [string, LexicalRankOptionsInput][] = names.map((n) => [n, ABLATION_CONFIGS[n] ?? (() => { throw new Error(`no config ${n}`); })()]);
if (args.has("set")) configs.push(["set", resolveLexicalOptions(JSON.parse(args.get("set")!), resolveLexicalOptions(ABLATION_CONFIGS[names[0]]))]);
// --sets '{"name": {partial options}, ...}': each merged over the first named config.
for (const [name, partial] of Object.entries(JSON.parse(args.get("sets") ?? "{}") as Record<string, LexicalRankOptionsInput>)) {
  configs.push([name, resolveLexicalOptions(partial, resolveLexicalOptions(ABLATION_CONFIGS[names[0]]))]);
}

const metrics = new Map<string, { row: EvalRow; m: QueryMetrics; top: string[] }[]>(configs.map(([n]) => [n, []]));
let buildMs = 0;
let rankMs = 0;
let trees = 0;
for (const { repo, trees: commits } of groupRowsByTree(rows)) {
  const file = join(cacheDir, `${repo.replace("/", "__")}.sqlite`);
  if (!existsSync(file)) continue;
  const db = new Database(file, { readonly: true });
  const q = db.prepare(`SELECT f.path, f.hash, b.language, b.line_count, b.analysis, b.symbols FROM tree_files f JOIN blobs b ON b.hash = f.hash WHERE f.tree = ? ORDER BY f.path`);
  for (const [commit, treeRows] of commits) {
    const raw = q.all(commit) as { path: string; hash: string; language: Language; line_count: number; analysis: Buffer; symbols: string }[];
    if (raw.length === 0) continue;
    const t0 = performance.now();
    const symCache = new Map<string, SymbolInfo[]>();
    const docs: LexicalDoc[] = raw.map((r) => {
      let symbols = symCache.get(r.hash);
      if (!symbols) symCache.set(r.hash, (symbols = JSON.parse(r.symbols) as SymbolInfo[]));
      return { path: r.path, hash: r.hash, language: r.language, lineCount: r.line_count, symbols, analysis: new Uint8Array(r.analysis) };
    });
    const index = buildLexicalIndex(docs);
    buildMs += performance.now() - t0;
    trees++;
    for (const row of treeRows) {
      for (const [name, options] of configs) {
        const t1 = performance.now();
        const ranked = rankLexical(index, row.body, options);
        rankMs += performance.now() - t1;
        const top = ranked.map((f) => f.path);
        metrics.get(name)!.push({ row, m: scoreRanking(top, row.goldFiles), top: top.slice(0, 5) });
      }
    }
  }
  db.close();
}

const fmt = (x: number): string => x.toFixed(3);
for (const [name, list] of metrics) {
  const s = summarizeMetrics(list.map((x) => x.m));
  console.log(`${name.padEnd(16)} n=${s.count} H@1 ${fmt(s.hit[1])} H@3 ${fmt(s.hit[3])} H@5 ${fmt(s.hit[5])} H@10 ${fmt(s.hit[10])} MRR ${fmt(s.mrr)}`);
  if (args.has("per-repo")) {
    for (const repo of [...new Set(list.map((x) => x.row.repo))].sort()) {
      const r = summarizeMetrics(list.filter((x) => x.row.repo === repo).map((x) => x.m));
      console.log(`    ${repo.padEnd(28)} n=${String(r.count).padStart(3)} H@1 ${fmt(r.hit[1])} H@5 ${fmt(r.hit[5])} MRR ${fmt(r.mrr)}`);
    }
  }
}
if (args.has("misses")) {
  for (const x of metrics.get(args.get("misses")!) ?? []) {
    if (x.m.hit[1] === 1) continue;
    console.log(`MISS ${x.row.id} rr=${fmt(x.m.reciprocalRank)} gold=${x.row.goldFiles.join(",")} top=${x.top.join(" ")}`);
  }
}
console.log(`trees ${trees}, build ${Math.round(buildMs / Math.max(1, trees))} ms/tree, rank ${fmt(rankMs / Math.max(1, rows.length * configs.length))} ms/query`);
