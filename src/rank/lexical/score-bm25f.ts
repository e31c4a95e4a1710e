import type { WeightedTerm } from "../query/build-query.js";
import type { LexicalIndex, TermPostings } from "./lexical-index.js";
import { okapiIdf } from "./okapi.js";

/** BM25F parameters. A field weight of 0 switches the field off (its terms then neither score nor count in df). */
export interface Bm25fOptions {
  /** Term-frequency saturation (Robertson/Lucene default 1.2). */
  readonly k1: number;
  /** Weight of whole words in file content. */
  readonly word: number;
  /** Weight of identifier sub-words in file content (`user` in `getUserName`); 0 = no identifier splitting. */
  readonly part: number;
  /** Weight of the names the file defines (classes, functions, methods). */
  readonly symbol: number;
  /** Weight of folder names in the path. */
  readonly dir: number;
  /** Weight of the file name (or the package folder name for `__init__.py`, `index.ts`, `mod.rs`). */
  readonly name: number;
  /** Length normalisation of content (word + part counted as one field), 0..1 (Robertson default 0.75). */
  readonly bContent: number;
  /** Length normalisation of the symbol-name field. */
  readonly bSymbol: number;
  /** Length normalisation of the two path fields. */
  readonly bPath: number;
}

/**
 * Scores every file against the weighted query with BM25F: per file, field counts are length-normalised,
 * weighted and summed, then saturated once with `k1`; IDF is Lucene's `ln(1 + (N − df + ½)/(df + ½))`,
 * with df counted over the fields that are switched on. Returns one score per file (0 = no match).
 */
export function scoreBm25f(index: LexicalIndex, query: readonly WeightedTerm[], o: Bm25fOptions): Bm25fResult {
  const n = index.files.length;
  const scores = new Float64Array(n);
  const idfs = new Map<string, number>();
  if (n === 0) return { scores, idfs };
  const { lengths, avgLength: avg } = index;
  const avgContent = avg.word + (o.part > 0 ? avg.part : 0);
  const contentNorm = new Float64Array(n);
  const symbolNorm = new Float64Array(n);
  const dirNorm = new Float64Array(n);
  const nameNorm = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    const len = lengths.word[d] + (o.part > 0 ? lengths.part[d] : 0);
    contentNorm[d] = 1 / norm(o.bContent, len, avgContent);
    symbolNorm[d] = 1 / norm(o.bSymbol, lengths.symbol[d], avg.symbol);
    dirNorm[d] = 1 / norm(o.bPath, lengths.dir[d], avg.dir);
    nameNorm[d] = 1 / norm(o.bPath, lengths.name[d], avg.name);
  }
  for (const q of query) {
    const p = index.postings(q.term);
    if (p === undefined) continue;
    const { files, tf } = p;
    let df = 0;
    for (let s = 0; s < files.length; s++) if (fieldTf(p, s, o) > 0) df++;
    if (df === 0) continue;
    const idf = okapiIdf(n, df);
    idfs.set(q.term, idf);
    const w = q.weight * idf;
    for (let s = 0; s < files.length; s++) {
      const d = files[s];
      const x =
        (o.word * tf.word[s] + o.part * tf.part[s]) * contentNorm[d] +
        o.symbol * tf.symbol[s] * symbolNorm[d] +
        o.dir * tf.dir[s] * dirNorm[d] +
        o.name * tf.name[s] * nameNorm[d];
      if (x > 0) scores[d] += (w * x) / (o.k1 + x);
    }
  }
  return { scores, idfs };
}

/** Per-file scores, and the IDF of each query term that matched at least one file. */
export interface Bm25fResult {
  readonly scores: Float64Array;
  readonly idfs: ReadonlyMap<string, number>;
}

/** The saturated, length-normalised BM25F weight of one term in one file (without IDF and query weight). */
export function termSaturation(index: LexicalIndex, term: string, file: number, o: Bm25fOptions): number {
  const p = index.postings(term);
  if (p === undefined) return 0;
  const s = findSlot(p.files, file);
  if (s < 0) return 0;
  const { tf } = p;
  const { lengths, avgLength: avg } = index;
  const len = lengths.word[file] + (o.part > 0 ? lengths.part[file] : 0);
  const x =
    (o.word * tf.word[s] + o.part * tf.part[s]) / norm(o.bContent, len, avg.word + (o.part > 0 ? avg.part : 0)) +
    (o.symbol * tf.symbol[s]) / norm(o.bSymbol, lengths.symbol[file], avg.symbol) +
    (o.dir * tf.dir[s]) / norm(o.bPath, lengths.dir[file], avg.dir) +
    (o.name * tf.name[s]) / norm(o.bPath, lengths.name[file], avg.name);
  return x > 0 ? x / (o.k1 + x) : 0;
}

/** The slot of `file` in a term's ascending file list, or -1 (binary search). */
export function findSlot(files: Int32Array, file: number): number {
  let lo = 0;
  let hi = files.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const f = files[mid];
    if (f === file) return mid;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The weighted field count of one posting slot, without length normalisation (> 0 iff the term counts here). */
export function fieldTf(postings: TermPostings, s: number, o: Bm25fOptions): number {
  const { tf } = postings;
  return o.word * tf.word[s] + o.part * tf.part[s] + o.symbol * tf.symbol[s] + o.dir * tf.dir[s] + o.name * tf.name[s];
}

function norm(b: number, len: number, avg: number): number {
  if (!(avg > 0)) return 1;
  return 1 - b + (b * len) / avg;
}
