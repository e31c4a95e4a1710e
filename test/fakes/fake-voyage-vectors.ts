/**
 * Deterministic vectors that carry meaning, for the fake Voyage server: every identifier and each of its
 * camelCase / snake_case parts switches on a few hashed, signed dimensions, weighted by sublinear term
 * frequency. Texts that share identifiers get a high cosine, so a query about `save` lands near a chunk that
 * defines `save`. Nothing here is learned; it only has to be stable and meaningful enough for tests and benches.
 */

const WORD = /[A-Za-z0-9_]+/g;
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
const STOP = new Set("a an and are as at be but by for from has have if in into is it its of on or that the this to was were when with".split(" "));
/** Dimensions one term touches; 16 spreads a term over the vector like a dense model would. */
const HASHES_PER_TERM = 16;

/** Lowercased terms of `text` with their counts: whole words plus the parts of compound identifiers. */
export function fakeTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string, weight: number): void => {
    if (term.length < 2 || STOP.has(term) || /^[0-9]+$/.test(term)) return;
    counts.set(term, (counts.get(term) ?? 0) + weight);
  };
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    add(word.toLowerCase().replace(/^_+|_+$/g, ""), 1);
    const parts = word.match(PART) ?? [];
    if (parts.length > 1) for (const p of parts) add(p.toLowerCase(), 0.7);
  }
  return counts;
}

/** The fake embedding of `text`: unit length, `dims` long. An empty text gets a fixed unit vector. */
export function fakeEmbedding(text: string, dims: number): Float32Array {
  const v = new Float32Array(dims);
  for (const [term, count] of fakeTerms(text)) {
    const weight = 1 + Math.log(count);
    let h = fnv1a(term);
    for (let k = 0; k < HASHES_PER_TERM; k++) {
      h = xorshift(h);
      v[h % dims] += (h & 0x80000000 ? -1 : 1) * weight;
    }
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += v[i] * v[i];
  if (norm === 0) {
    v[0] = 1;
    return v;
  }
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i] *= inv;
  return v;
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function xorshift(x: number): number {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x >>> 0;
}
