/**
 * Experiment cache for ranking work (bench only, not product code): for every tree of a dataset, the selected
 * files (path → content hash) and, per distinct content, its analysis bytes and symbols. Lets ranking experiments
 * rebuild an in-memory index per tree in well under a second without re-reading 300 trees.
 *
 *   npx tsx bench/eval-cache.ts --dataset /work/shared/bench/swebench_lite.jsonl --trees ~/.cache/bench-trees \
 *     --cache ~/benchwork/evalcache [--repo django/django]
 *
 * Symbols come from a small Python-only tree-sitter query here; files in other languages get none.
 */
import Database from "better-sqlite3";
import { mkdirSync, readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Language as TsLanguage, Parser, Query } from "web-tree-sitter";
import { createFsTreeSource } from "../src/index/fs-tree-source.js";
import { walkSelection } from "../src/index/select-files.js";
import { decodeText } from "../src/index/decode-text.js";
import type { SymbolInfo } from "../src/index/types.js";
import { analyzeToBytes, countLines } from "../src/rank/analyze-content.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const dataset = args.get("dataset") ?? "/work/shared/bench/swebench_lite.jsonl";
const trees = args.get("trees") ?? `${process.env.HOME}/.cache/bench-trees`;
const cacheDir = args.get("cache") ?? `${process.env.HOME}/benchwork/evalcache`;
const onlyRepo = args.get("repo");
mkdirSync(cacheDir, { recursive: true });

const require = createRequire(import.meta.url);
await Parser.init();
const python = await TsLanguage.load(require.resolve("tree-sitter-wasms/out/tree-sitter-python.wasm"));
const parser = new Parser();
parser.setLanguage(python);
const query = new Query(python, "[(class_definition name: (identifier) @name) (function_definition name: (identifier) @name)] @def");

function pythonSymbols(text: string): SymbolInfo[] {
  const tree = parser.parse(text);
  if (!tree) return [];
  const out: SymbolInfo[] = [];
  for (const m of query.matches(tree.rootNode)) {
    const def = m.captures.find((c) => c.name === "def")!.node;
    const name = m.captures.find((c) => c.name === "name")!.node.text;
    const chain: string[] = [name];
    let isMethod = false;
    for (let p = def.parent; p; p = p.parent) {
      if (p.type === "class_definition" || p.type === "function_definition") {
        chain.unshift(p.childForFieldName("name")?.text ?? "?");
        if (p.type === "class_definition" && chain.length === 2) isMethod = true;
      }
    }
    const kind = def.type === "class_definition" ? "class" : isMethod ? "method" : "function";
    out.push({ name, qualifiedName: chain.join("."), kind, startLine: def.startPosition.row + 1, endLine: def.endPosition.row + 1 });
  }
  tree.delete();
  return out;
}

interface Row { repo: string; base_commit: string }
const rows: Row[] = readFileSync(dataset, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const byRepo = new Map<string, Set<string>>();
for (const r of rows) {
  if (onlyRepo && r.repo !== onlyRepo) continue;
  if (!byRepo.has(r.repo)) byRepo.set(r.repo, new Set());
  byRepo.get(r.repo)!.add(r.base_commit);
}

for (const [repo, commits] of byRepo) {
  const db = new Database(join(cacheDir, `${repo.replace("/", "__")}.sqlite`));
  db.pragma("journal_mode = WAL");
  db.exec(`CREATE TABLE IF NOT EXISTS blobs (hash TEXT PRIMARY KEY, language TEXT, line_count INTEGER, analysis BLOB, symbols TEXT);
           CREATE TABLE IF NOT EXISTS tree_files (tree TEXT, path TEXT, hash TEXT, PRIMARY KEY (tree, path)) WITHOUT ROWID;
           CREATE TABLE IF NOT EXISTS trees (tree TEXT PRIMARY KEY);`);
  const hasTree = db.prepare("SELECT 1 FROM trees WHERE tree = ?");
  const hasBlob = db.prepare("SELECT 1 FROM blobs WHERE hash = ?");
  const putBlob = db.prepare("INSERT INTO blobs VALUES (?, ?, ?, ?, ?)");
  const putFile = db.prepare("INSERT OR REPLACE INTO tree_files VALUES (?, ?, ?)");
  const putTree = db.prepare("INSERT INTO trees VALUES (?)");
  for (const commit of commits) {
    if (hasTree.get(commit)) continue;
    const dir = join(trees, commit);
    if (!existsSync(`${dir}.ok`)) {
      process.stderr.write(`skip ${repo} ${commit}: tree not materialized\n`);
      continue;
    }
    const t0 = performance.now();
    let analysed = 0;
    let files = 0;
    db.transaction(() => {
      for (const ev of walkSelection(createFsTreeSource(dir))) {
        if (ev.kind !== "selected") continue;
        const f = ev.file;
        files++;
        putFile.run(commit, f.path, f.hash);
        if (hasBlob.get(f.hash)) continue;
        const text = decodeText(f.bytes);
        const symbols = f.language === "python" ? pythonSymbols(text) : [];
        putBlob.run(f.hash, f.language, countLines(text), analyzeToBytes({ text, language: f.language, symbols }), JSON.stringify(symbols));
        analysed++;
      }
      putTree.run(commit);
    })();
    process.stderr.write(`${repo} ${commit.slice(0, 8)}: ${files} files, ${analysed} analysed, ${Math.round(performance.now() - t0)} ms\n`);
  }
  db.close();
}
