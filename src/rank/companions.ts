import type { LexicalIndex } from "./lexical-index.js";
import { lendScores } from "./lend-scores.js";
import { fileStem } from "./path-terms.js";

const HEADER = /\.(h|hh|hpp|hxx|h\+\+|inl|ipp)$/i;
const SOURCE = /\.(c|cc|cpp|cxx|c\+\+|m|mm)$/i;

/** How many of the best files lend to their companions; below that, a lift would only reshuffle the tail. */
const LENDERS = 20;

/**
 * Header ↔ implementation companions: files of the same stem where one is a C/C++ header and the other a source
 * (`jv.h` ↔ `jv.c`, `include/x/foo.hpp` ↔ `src/foo.cpp`). A stem shared by more than one header or source is
 * ambiguous (`util.h` in five modules) unless the two sit in the same folder.
 */
export function findCompanions(index: LexicalIndex): Map<number, number[]> {
  const byStem = new Map<string, number[]>();
  index.files.forEach((f, d) => {
    if (f.role !== "code" || !(HEADER.test(f.path) || SOURCE.test(f.path))) return;
    const stem = fileStem(f.path.slice(f.path.lastIndexOf("/") + 1)).toLowerCase();
    byStem.set(stem, [...(byStem.get(stem) ?? []), d]);
  });
  const out = new Map<number, number[]>();
  const dirOf = (p: string): string => p.slice(0, p.lastIndexOf("/") + 1);
  for (const group of byStem.values()) {
    if (group.length < 2) continue;
    const headers = group.filter((d) => HEADER.test(index.files[d].path));
    const sources = group.filter((d) => SOURCE.test(index.files[d].path));
    const unique = headers.length === 1 && sources.length === 1;
    for (const h of headers) {
      for (const c of sources) {
        if (!unique && dirOf(index.files[h].path) !== dirOf(index.files[c].path)) continue;
        out.set(h, [...(out.get(h) ?? []), c]);
        out.set(c, [...(out.get(c) ?? []), h]);
      }
    }
  }
  return out;
}

/**
 * Lends `share` of each of the best files' scores to its companions when that lifts them (`lendScores`: never lowers
 * a score, never lends twice to one file: a companion takes the best loan). Mutates `scores`.
 */
export function lendToCompanions(index: LexicalIndex, scores: Float64Array, share: number): void {
  const lenders: number[] = [];
  for (let d = 0; d < scores.length; d++) if (scores[d] > 0) lenders.push(d);
  lenders.sort((a, b) => scores[b] - scores[a]);
  const pairs: [number, number][] = [];
  for (const d of lenders.slice(0, LENDERS)) for (const c of index.companions.get(d) ?? []) pairs.push([d, c]);
  lendScores(pairs, scores, share);
}
