/**
 * Explains one dataset row's ranking from the experiment cache: the parsed issue, and for the top files and the
 * gold files, each signal's contribution. Bench only.   npx tsx bench/eval-explain.ts <row id> [options JSON]
 */
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { parseDataset } from "../src/eval/dataset.js";
import { buildLexicalIndex, type LexicalDoc } from "../src/rank/lexical-index.js";
import { rankLexical } from "../src/rank/rank-lexical.js";
import { parseIssue } from "../src/rank/parse-issue.js";
import { resolveLexicalOptions } from "../src/rank/rank-options.js";
import { buildQueryTerms } from "../src/rank/build-query.js";
import { scoreBm25f } from "../src/rank/score-bm25f.js";
import { resolveMentions } from "../src/rank/resolve-mentions.js";
import { scoreDefinitions } from "../src/rank/score-definitions.js";

const [id, json] = process.argv.slice(2);
const row = parseDataset(readFileSync("/work/shared/bench/swebench_lite.jsonl", "utf8")).find((r) => r.id === id)!;
const db = new Database(`${process.env.HOME}/benchwork/evalcache/${row.repo.replace("/", "__")}.sqlite`, { readonly: true });
const raw = db.prepare(`SELECT f.path, f.hash, b.language, b.line_count, b.analysis, b.symbols FROM tree_files f JOIN blobs b ON b.hash = f.hash WHERE f.tree = ? ORDER BY f.path`).all(row.baseCommit) as any[];
const docs: LexicalDoc[] = raw.map((r) => ({ path: r.path, hash: r.hash, language: r.language, lineCount: r.line_count, symbols: JSON.parse(r.symbols), analysis: new Uint8Array(r.analysis) }));
const index = buildLexicalIndex(docs);
const o = resolveLexicalOptions(json ? JSON.parse(json) : {});
const issue = parseIssue(row.body);
console.log("title:", issue.title);
console.log("identifiers:", issue.identifiers.join(" "));
console.log("frames:", issue.frames.map((f) => `${f.path}:${f.line}:${f.symbol}`).join(" | "));
console.log("paths:", issue.paths.map((p) => p.path).join(" "), " errors:", issue.errors.map((e) => e.type).join(" "));
const terms = buildQueryTerms(issue, o.query, true);
console.log("terms:", terms.slice(0, 30).map((t) => `${t.term}:${t.weight.toFixed(1)}`).join(" "));
const { scores } = scoreBm25f(index, terms, o.bm25);
const maxLex = Math.max(...scores);
const m = resolveMentions(index, issue);
const defs = scoreDefinitions(index, issue, o.definitions);
const maxDef = Math.max(1e-9, ...defs.score.values());
const ranked = rankLexical(index, row.body, o);
const show = (path: string, rank: number) => {
  const d = index.files.findIndex((f) => f.path === path);
  const r = ranked.find((f) => f.path === path);
  console.log(`${String(rank).padStart(3)} ${path.padEnd(60)} final ${(r?.score ?? 0).toFixed(3)} lex ${(scores[d] / maxLex).toFixed(3)} frame ${(m.frame.get(d) ?? 0).toFixed(2)} path ${(m.path.get(d) ?? 0).toFixed(2)} mod ${(m.module.get(d) ?? 0).toFixed(2)} def ${((defs.score.get(d) ?? 0) / maxDef).toFixed(2)} [${(defs.names.get(d) ?? []).join(",")}] ${index.files[d].role} lines ${index.files[d].lineCount}`);
};
ranked.slice(0, 10).forEach((f, i) => show(f.path, i + 1));
for (const g of row.goldFiles) show(g, ranked.findIndex((f) => f.path === g) + 1);
