import type { Language, SymbolInfo } from "../index/types.js";
import type { FileRole } from "../rank/lexical/file-role.js";
import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import { assignSymbolIds } from "./symbol-id.js";

/** A symbol of the current tree with its stable id. Lines are 1-based, inclusive. */
export interface CatalogSymbol extends Pick<SymbolInfo, "name" | "qualifiedName" | "kind" | "startLine" | "endLine"> {
  readonly id: string;
  readonly path: string;
  readonly language: Language;
  /** The file's role as the ranker sees it (code, test, doc, example…). */
  readonly role: FileRole;
}

/** An indexed file as the tools see it. */
export interface CatalogFile {
  readonly path: string;
  readonly hash: string;
  readonly language: Language;
  readonly lineCount: number;
  /** The file's role as the ranker sees it (code, test, doc, example…). */
  readonly role: FileRole;
  readonly symbols: readonly CatalogSymbol[];
}

/** Every symbol of one index generation, by id, by file and by bare name. Immutable. */
export interface SymbolCatalog {
  readonly files: readonly CatalogFile[];
  file(path: string): CatalogFile | undefined;
  symbol(id: string): CatalogSymbol | undefined;
  /** Symbols whose bare name is `name` (exact case), in path order. */
  named(name: string): readonly CatalogSymbol[];
}

/**
 * Copies the index's files and symbols into a catalog with ids. A saved (snapshot) index reads each content's symbols
 * from its file on first access: the copy lets the catalog outlive the snapshot it was read from.
 */
export function buildSymbolCatalog(index: LexicalIndex): SymbolCatalog {
  const files: CatalogFile[] = [];
  const byPath = new Map<string, CatalogFile>();
  const byId = new Map<string, CatalogSymbol>();
  const byName = new Map<string, CatalogSymbol[]>();
  for (const f of index.files) {
    const source = f.symbols;
    const ids = assignSymbolIds(f.path, source);
    const symbols = source.map((s, i): CatalogSymbol => ({
      id: ids[i], path: f.path, language: f.language, role: f.role, name: s.name, qualifiedName: s.qualifiedName, kind: s.kind,
      startLine: s.startLine, endLine: s.endLine,
    }));
    const file: CatalogFile = { path: f.path, hash: f.hash, language: f.language, lineCount: f.lineCount, role: f.role, symbols };
    files.push(file);
    byPath.set(f.path, file);
    for (const s of symbols) {
      byId.set(s.id, s);
      const list = byName.get(s.name);
      if (list) list.push(s);
      else byName.set(s.name, [s]);
    }
  }
  return {
    files,
    file: (path) => byPath.get(path),
    symbol: (id) => byId.get(id),
    named: (name) => byName.get(name) ?? [],
  };
}
