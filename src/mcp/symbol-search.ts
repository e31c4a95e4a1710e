import { okapiIdf, okapiTerm } from "../rank/lexical/okapi.js";
import { tokenize } from "../rank/query/tokenize.js";
import type { CatalogSymbol, SymbolCatalog } from "./symbol-catalog.js";

/** BM25 parameters of the symbol search: the common defaults (Robertson & Zaragoza), not tuned. */
export interface SymbolBm25Options {
  /** Term-frequency saturation. Default 1.2. */
  readonly k1?: number;
  /** Length normalisation. Default 0.75. */
  readonly b?: number;
  /** Times a word of the bare name counts against a word of the enclosing names (`Model` in `Model.save`). Default 2. */
  readonly nameWeight?: number;
}

/** An inverted index over the words of every named symbol (line windows left out). Immutable. */
export interface SymbolSearchIndex {
  readonly symbols: readonly CatalogSymbol[];
  readonly postings: ReadonlyMap<string, { readonly docs: Int32Array; readonly tf: Float32Array }>;
  readonly lengths: Float32Array;
  readonly avgLength: number;
}

/** A scored symbol. */
export interface SymbolHit {
  readonly symbol: CatalogSymbol;
  readonly score: number;
}

/**
 * Indexes the symbols' names split into words as the file ranker splits identifiers (`getUserName` → `getusername`,
 * `get`, `user`, `name`; `run_validators` → `run_validators`, `run`, `validators`), bare name words counted
 * `nameWeight` times.
 */
export function buildSymbolSearchIndex(catalog: SymbolCatalog, options: SymbolBm25Options = {}): SymbolSearchIndex {
  const nameWeight = options.nameWeight ?? 2;
  const symbols: CatalogSymbol[] = [];
  const lists = new Map<string, { docs: number[]; tf: number[] }>();
  const lengths: number[] = [];
  for (const file of catalog.files) {
    for (const s of file.symbols) {
      if (s.kind === "window") continue;
      const doc = symbols.length;
      symbols.push(s);
      const counts = new Map<string, number>();
      for (const t of tokenize(s.name)) counts.set(t, (counts.get(t) ?? 0) + nameWeight);
      const parent = s.qualifiedName.slice(0, Math.max(0, s.qualifiedName.length - s.name.length));
      for (const t of tokenize(parent)) counts.set(t, (counts.get(t) ?? 0) + 1);
      let length = 0;
      for (const [term, tf] of counts) {
        length += tf;
        let list = lists.get(term);
        if (!list) lists.set(term, (list = { docs: [], tf: [] }));
        list.docs.push(doc);
        list.tf.push(tf);
      }
      lengths.push(length);
    }
  }
  const postings = new Map([...lists].map(([term, l]) => [term, { docs: Int32Array.from(l.docs), tf: Float32Array.from(l.tf) }]));
  const total = lengths.reduce((a, b) => a + b, 0);
  return { symbols, postings, lengths: Float32Array.from(lengths), avgLength: symbols.length > 0 ? total / symbols.length : 0 };
}

/**
 * Scores the symbols that pass `accept` against the query's words (each distinct word once), times `weight`, best
 * first; ties keep
 * catalog order (path, then line) unless `tieBreak` orders them. Symbols matching no word are not returned.
 */
export function searchSymbols(
  index: SymbolSearchIndex,
  query: string,
  limit: number,
  options: SymbolBm25Options & {
    readonly accept?: (s: CatalogSymbol) => boolean;
    /** A factor on each symbol's score (default 1). */
    readonly weight?: (s: CatalogSymbol) => number;
    readonly tieBreak?: (s: CatalogSymbol) => number;
  } = {},
): SymbolHit[] {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const n = index.symbols.length;
  const scores = new Map<number, number>();
  for (const term of new Set(tokenize(query))) {
    const list = index.postings.get(term);
    if (!list) continue;
    const df = list.docs.length;
    const idf = okapiIdf(n, df);
    for (let i = 0; i < df; i++) {
      const doc = list.docs[i];
      scores.set(doc, (scores.get(doc) ?? 0) + okapiTerm(idf, list.tf[i], index.lengths[doc], index.avgLength, k1, b));
    }
  }
  const accept = options.accept ?? (() => true);
  const tie = options.tieBreak ?? (() => 0);
  const weight = options.weight ?? (() => 1);
  return [...scores]
    .filter(([doc]) => accept(index.symbols[doc]))
    .map(([doc, score]) => ({ doc, score: score * weight(index.symbols[doc]), tie: tie(index.symbols[doc]) }))
    .sort((x, y) => y.score - x.score || x.tie - y.tie || x.doc - y.doc)
    .slice(0, limit)
    .map(({ doc, score }) => ({ symbol: index.symbols[doc], score }));
}
