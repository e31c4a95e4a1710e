import type { Database } from "better-sqlite3";
import type { FileLinks, Language, SymbolInfo, SymbolKind } from "../index/types.js";
import type { CorpusFile, ReadAnalysis } from "./index-store.js";

type FileRow = [path: string, hash: string, language: Language, lineCount: number, analysis: Uint8Array];
type LeanFileRow = [path: string, hash: string, language: Language, lineCount: number];
type SymbolRow = [hash: string, name: string, qualifiedName: string, kind: SymbolKind, startLine: number,
  endLine: number];

const NO_SYMBOLS: readonly SymbolInfo[] = Object.freeze([]);

/**
 * Builds the corpus loader: one query for the tree joined with its blobs, one for all symbols in primary-key
 * order (the garbage collection keeps only referenced hashes, so no join is needed), grouped in memory. Given
 * `readAnalysis`, the analyses are not read with the tree: each file's `analysis` is read through it when first
 * asked for (a build whose contents were numbered during the index run reads few: on a 40,000-file tree the
 * analyses are ~80 MB that such a build would only hold).
 */
export function createLoadCorpus(db: Database): (readAnalysis?: ReadAnalysis) => CorpusFile[] {
  const selectFiles = db.prepare<[], FileRow>(
    "SELECT f.path, f.hash, b.language, b.line_count, b.analysis FROM files f JOIN blobs b ON b.hash = f.hash" +
    " ORDER BY f.path").raw();
  const selectLeanFiles = db.prepare<[], LeanFileRow>(
    "SELECT f.path, f.hash, b.language, b.line_count FROM files f JOIN blobs b ON b.hash = f.hash ORDER BY f.path").raw();
  const selectSymbols = db.prepare<[], SymbolRow>(
    "SELECT hash, name, qualified_name, kind, start_line, end_line FROM symbols ORDER BY hash, ord").raw();
  const selectLinks = db.prepare<[], [hash: string, body: string]>("SELECT hash, body FROM links").raw();

  // One read transaction, so both queries see the same tree even while another process writes.
  return db.transaction((readAnalysis?: ReadAnalysis) => {
    const byHash = new Map<string, SymbolInfo[]>();
    // Each row brings its own copy of every string: one string per kind, and a qualified name equal to the name as
    // the name itself (top-level definitions, line windows), save ~13 % of what a large tree's corpus keeps.
    const kinds = new Map<string, SymbolKind>();
    let current: SymbolInfo[] = [];
    let currentHash = "";
    for (const [hash, name, qualifiedName, kind, startLine, endLine] of selectSymbols.iterate()) {
      if (hash !== currentHash) {
        current = [];
        currentHash = hash;
        byHash.set(hash, current);
      }
      let sharedKind = kinds.get(kind);
      if (sharedKind === undefined) kinds.set(kind, (sharedKind = kind));
      current.push({ name, qualifiedName: qualifiedName === name ? name : qualifiedName, kind: sharedKind, startLine, endLine });
    }
    const links = new Map<string, FileLinks>();
    for (const [hash, body] of selectLinks.iterate()) {
      try {
        links.set(hash, JSON.parse(body) as FileLinks);
      } catch {
        // A damaged row costs its content's links, never the corpus.
      }
    }
    // A file whose content has no links has no `links` key.
    const linksOf = (hash: string): { links?: FileLinks } => {
      const own = links.get(hash);
      return own ? { links: own } : {};
    };
    if (readAnalysis) {
      return selectLeanFiles.all().map(([path, hash, language, lineCount]): CorpusFile => ({
        path, hash, language, lineCount, symbols: byHash.get(hash) ?? NO_SYMBOLS, ...linksOf(hash),
        get analysis() {
          return readAnalysis(hash);
        },
      }));
    }
    return selectFiles.all().map(([path, hash, language, lineCount, analysis]): CorpusFile => ({
      path, hash, language, lineCount, analysis, symbols: byHash.get(hash) ?? NO_SYMBOLS, ...linksOf(hash),
    }));
  });
}
