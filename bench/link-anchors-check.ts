/**
 * Checks that querying links only on anchored lines (`anchoredMatches`, `LINK_ANCHORS`) finds exactly the links a
 * walk of the whole tree finds, file by file, and times both. Bench only.
 *
 *   npx tsx bench/link-anchors-check.ts <tree>…
 */
import { createRequire } from "node:module";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { detectLanguage } from "../src/index/detect-language.js";
import { LANGUAGE_RULES } from "../src/index/symbols/language-rules.js";
import { LINK_ANCHORS, LINK_QUERIES } from "../src/index/symbols/link-rules.js";
import { collectLinks } from "../src/index/symbols/collect-links.js";
import { anchoredMatches } from "../src/index/symbols/anchored-matches.js";
import type { Language } from "../src/index/types.js";

const require = createRequire(import.meta.url);
const { Parser, Language: Grammar, Query } = await import("web-tree-sitter");
await Parser.init();
const parser = new Parser();
const loaded = new Map<Language, { grammar: InstanceType<typeof Grammar>; query: InstanceType<typeof Query> }>();
async function load(language: Language) {
  let entry = loaded.get(language);
  if (!entry) {
    const grammar = await Grammar.load(require.resolve(`tree-sitter-wasms/out/tree-sitter-${LANGUAGE_RULES[language]!.grammar}.wasm`));
    entry = { grammar, query: new Query(grammar, LINK_QUERIES[language]!) };
    loaded.set(language, entry);
  }
  return entry;
}
function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === ".git" || name === "node_modules") continue;
    const path = join(dir, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) yield* walk(path);
    else if (st.isFile() && st.size < 1 << 20) yield path;
  }
}
const stats = new Map<Language, { files: number; full: number; anchored: number; differ: number }>();
for (const tree of process.argv.slice(2)) {
  for (const path of walk(tree)) {
    const language = detectLanguage(path);
    if (!LINK_QUERIES[language] || !LANGUAGE_RULES[language]) continue;
    const text = readFileSync(path, "utf8");
    const { grammar, query } = await load(language);
    parser.setLanguage(grammar);
    const parsed = parser.parse(text);
    if (!parsed) continue;
    const s = stats.get(language) ?? { files: 0, full: 0, anchored: 0, differ: 0 };
    stats.set(language, s);
    let t = performance.now();
    const full = JSON.stringify(collectLinks(query.matches(parsed.rootNode, { matchLimit: 10_000 }), language));
    s.full += performance.now() - t;
    t = performance.now();
    const anchored = JSON.stringify(collectLinks(anchoredMatches(query, parsed.rootNode, text, LINK_ANCHORS[language], 10_000), language));
    s.anchored += performance.now() - t;
    s.files++;
    if (full !== anchored) {
      s.differ++;
      if (s.differ <= 3) console.log("DIFFER", path, "\n  full    ", full.slice(0, 400), "\n  anchored", anchored.slice(0, 400));
    }
    parsed.delete();
  }
}
for (const [language, s] of stats) {
  console.log(`${language}\tfiles ${s.files}\tdiffer ${s.differ}\tfull ${s.full.toFixed(0)} ms\tanchored ${s.anchored.toFixed(0)} ms`);
}
