/** Precision of each mention kind on the dataset (bench only): how often a mentioned file is the gold file. */
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { buildLexicalIndex, type LexicalDoc } from "../src/rank/lexical-index.js";
import { parseIssue } from "../src/rank/parse-issue.js";
import { resolveMentions } from "../src/rank/resolve-mentions.js";
const rows = parseDataset(readFileSync("/work/shared/bench/swebench_lite.jsonl", "utf8"));
const stats: Record<string, { issues: number; files: number; gold: number; goldTop: number }> = {};
for (const k of ["frame", "path", "module"]) stats[k] = { issues: 0, files: 0, gold: 0, goldTop: 0 };
const dbs = new Map<string, Database.Database>();
for (const row of rows) {
  const db = dbs.get(row.repo) ?? new Database(`${process.env.HOME}/benchwork/evalcache/${row.repo.replace("/", "__")}.sqlite`, { readonly: true });
  dbs.set(row.repo, db);
  const issue = parseIssue(row.body);
  if (issue.frames.length + issue.paths.length + issue.identifiers.filter((i) => i.includes(".")).length === 0) continue;
  const raw = db.prepare(`SELECT f.path, f.hash, b.language, b.line_count, b.analysis, b.symbols FROM tree_files f JOIN blobs b ON b.hash = f.hash WHERE f.tree = ?`).all(row.baseCommit) as any[];
  const docs: LexicalDoc[] = raw.map((r) => ({ path: r.path, hash: r.hash, language: r.language, lineCount: r.line_count, symbols: [], analysis: new Uint8Array(r.analysis) }));
  const index = buildLexicalIndex(docs);
  const m = resolveMentions(index, issue);
  for (const [k, map] of [["frame", m.frame], ["path", m.path], ["module", m.module]] as const) {
    if (map.size === 0) continue;
    const s = stats[k];
    s.issues++;
    s.files += map.size;
    const gold = [...map.keys()].some((d) => row.goldFiles.includes(index.files[d].path));
    if (gold) s.gold++;
    const best = [...map].sort((a, b) => b[1] - a[1])[0][0];
    if (row.goldFiles.includes(index.files[best].path)) s.goldTop++;
    if (process.argv[2] === k) console.log(row.id, gold ? "GOLD" : "----", [...map].map(([d, v]) => `${index.files[d].path}:${v.toFixed(2)}`).join(" ").slice(0, 300));
  }
}
console.log(JSON.stringify(stats));
