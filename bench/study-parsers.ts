/**
 * What the offline pointer studies that read the trees' sources share (study-prose-words.ts, study-string-words.ts,
 * study-proximity.ts): the gold file's text at its base commit, and tree-sitter parsers, one per grammar, loaded on
 * first use. Bench only.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Language as TsLanguage, Parser, type Node } from "web-tree-sitter";

const GRAMMARS: Record<string, string> = {
  python: "python", javascript: "javascript", typescript: "typescript", tsx: "tsx", java: "java", go: "go", rust: "rust", c: "c", cpp: "cpp",
};

/** A loader of the parser for a benchmark row's language (undefined for a language without a grammar here). */
async function createParsers(): Promise<(lang: string) => Promise<Parser | undefined>> {
  const require = createRequire(import.meta.url);
  await Parser.init();
  const parsers = new Map<string, Parser>();
  return async (lang) => {
    const grammar = GRAMMARS[lang];
    if (!grammar) return undefined;
    let p = parsers.get(grammar);
    if (!p) {
      p = new Parser();
      p.setLanguage(await TsLanguage.load(require.resolve(`tree-sitter-wasms/out/tree-sitter-${grammar}.wasm`)));
      parsers.set(grammar, p);
    }
    return p;
  };
}

/**
 * A reader that parses a row's gold file and hands its lines and syntax tree's root (undefined for a language
 * without a grammar here) to `use`, deleting the tree after; undefined when the file cannot be read.
 */
export async function createSourceParser(args: { one(name: string, fallback: string): string }):
Promise<<T>(row: { readonly id: string; readonly path: string; readonly lang: string }, use: (lines: readonly string[], root: Node | undefined) => T) => Promise<T | undefined>> {
  const readSource = createSourceReader(args);
  const parserFor = await createParsers();
  return async (row, use) => {
    const text = readSource(row);
    if (text === undefined) return undefined;
    const tree = (await parserFor(row.lang))?.parse(text);
    try {
      return use(text.split("\n"), tree?.rootNode ?? undefined);
    } finally {
      tree?.delete();
    }
  };
}

/**
 * A reader of a gold file's source at its row's base commit, from the exported trees (`--dataset` names each row's
 * commit, `--trees` the folder, default ~/.cache/bench-trees); undefined when the file cannot be read.
 */
export function createSourceReader(args: { one(name: string, fallback: string): string }): (row: { readonly id: string; readonly path: string }) => string | undefined {
  const dataset = readFileSync(args.one("dataset", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; base_commit: string });
  const baseOf = new Map(dataset.map((r) => [r.id, r.base_commit]));
  const trees = args.one("trees", `${process.env.HOME}/.cache/bench-trees`);
  return (row) => {
    try {
      return readFileSync(join(trees, baseOf.get(row.id) ?? "", row.path), "utf8");
    } catch {
      return undefined;
    }
  };
}
