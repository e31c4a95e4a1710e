/**
 * Term statistics of one file content. `terms[i]` is a local term; the `*Tf` arrays are aligned with `terms`.
 * `wordTf` counts whole words, `partTf` sub-words of compound identifiers (so a plain word-splitter index uses
 * `wordTf` alone), `symbolTf` the terms of the names this file defines.
 */
export interface ContentAnalysis {
  readonly terms: readonly string[];
  readonly wordTf: Uint32Array;
  readonly partTf: Uint32Array;
  readonly symbolTf: Uint32Array;
  /**
   * Per symbol (same order as the input symbols), the sorted local term indices of the lines it owns: its own
   * lines minus those of the symbols nested in it, plus its name (not a window's in a parsed file). Used for evidence
   * and for symbol-level scores.
   */
  readonly symbolTerms: readonly Uint32Array[];
  /**
   * The content's lines long enough to be quoted (`contentCodeLines`): their hashes and, aligned, their 1-based
   * lines, in line order. A ranking finds the lines of code an issue pastes.
   */
  readonly codeLineHashes: Uint32Array;
  readonly codeLineNumbers: Uint32Array;
}

/**
 * Byte layout of a {@link ContentAnalysis} (all integers are unsigned LEB128 varints):
 * `version`, `termCount`, `vocabBytes`, the vocabulary as UTF-8 joined by `\n`, then `wordTf`, `partTf` and
 * `symbolTf` (one varint per term each), `symbolCount`, and per symbol its term count followed by delta-coded
 * sorted term indices; then `codeLineCount`, each matchable line's number (delta from the previous one's) and the
 * lines' hashes as raw little-endian 32-bit words (a hash takes five bytes as a varint, and a ranking decodes the
 * analyses of its top files on every request: a block is copied, not parsed). The symbol and line sections come
 * last so that index building can stop before them. Version 2 added the lines.
 */
export const ANALYSIS_FORMAT_VERSION = 2;

const encoder = new TextEncoder();
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
const decoder = new TextDecoder();

/** Serializes an analysis into the compact form the store keeps as an opaque blob. */
export function encodeAnalysis(a: ContentAnalysis): Uint8Array {
  const vocab = encoder.encode(a.terms.join("\n"));
  const w = new ByteWriter(vocab.length + a.terms.length * 4 + 16);
  w.uint(ANALYSIS_FORMAT_VERSION);
  w.uint(a.terms.length);
  w.uint(vocab.length);
  w.bytes(vocab);
  for (const col of [a.wordTf, a.partTf, a.symbolTf]) for (let i = 0; i < col.length; i++) w.uint(col[i]);
  w.uint(a.symbolTerms.length);
  for (const set of a.symbolTerms) {
    w.uint(set.length);
    let prev = 0;
    for (let i = 0; i < set.length; i++) {
      w.uint(set[i] - prev);
      prev = set[i];
    }
  }
  w.uint(a.codeLineHashes.length);
  for (let i = 0, line = 0; i < a.codeLineNumbers.length; i++) {
    w.uint(a.codeLineNumbers[i] - line);
    line = a.codeLineNumbers[i];
  }
  w.words(a.codeLineHashes);
  return w.finish();
}

/** Term statistics without the per-symbol sets and lines: what building the index needs. */
export type AnalysisTerms = Omit<ContentAnalysis, "symbolTerms" | "codeLineHashes" | "codeLineNumbers">;

/** Decodes the vocabulary and field counts only, skipping the per-symbol section. */
export function decodeAnalysisTerms(bytes: Uint8Array): AnalysisTerms {
  return decodeHead(new ByteReader(bytes));
}

/** Decodes a whole analysis, including per-symbol term sets. Throws on an unknown format version. */
export function decodeAnalysis(bytes: Uint8Array): ContentAnalysis {
  const r = new ByteReader(bytes);
  const head = decodeHead(r);
  const n = r.uint();
  const symbolTerms: Uint32Array[] = new Array(n);
  for (let s = 0; s < n; s++) {
    const set = new Uint32Array(r.uint());
    let prev = 0;
    for (let i = 0; i < set.length; i++) set[i] = prev += r.uint();
    symbolTerms[s] = set;
  }
  const count = r.uint();
  const codeLineNumbers = new Uint32Array(count);
  for (let i = 0, line = 0; i < count; i++) codeLineNumbers[i] = line += r.uint();
  const codeLineHashes = r.words(count);
  return { ...head, symbolTerms, codeLineHashes, codeLineNumbers };
}

/**
 * The raw parts of an encoded analysis, without decoding any string: the vocabulary's byte range (terms separated
 * by `\n`) and the three count columns laid out one after another (`word`, `part`, `symbol`, `termCount` each).
 */
export interface AnalysisColumns {
  readonly termCount: number;
  readonly vocabStart: number;
  readonly vocabEnd: number;
  readonly counts: Uint32Array;
}

/** Reads an encoded analysis's vocabulary range and count columns (the fast path of index building). */
export function readAnalysisColumns(bytes: Uint8Array): AnalysisColumns {
  const r = new ByteReader(bytes);
  const version = r.uint();
  if (version !== ANALYSIS_FORMAT_VERSION) throw new Error(`unsupported analysis format version ${version}`);
  const termCount = r.uint();
  const vocabLength = r.uint();
  const vocabStart = r.position;
  r.take(vocabLength);
  const counts = new Uint32Array(termCount * 3);
  let pos = r.position;
  for (let i = 0; i < counts.length; i++) {
    let b = bytes[pos++];
    if (b < 0x80) {
      counts[i] = b;
      continue;
    }
    let v = b & 0x7f;
    let shift = 7;
    do {
      if (pos >= bytes.length) throw new Error("corrupt analysis: truncated varint");
      b = bytes[pos++];
      v += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b >= 0x80);
    counts[i] = v;
  }
  if (pos > bytes.length) throw new Error("corrupt analysis: truncated counts");
  return { termCount, vocabStart, vocabEnd: vocabStart + vocabLength, counts };
}

function decodeHead(r: ByteReader): AnalysisTerms {
  const version = r.uint();
  if (version !== ANALYSIS_FORMAT_VERSION) throw new Error(`unsupported analysis format version ${version}`);
  const n = r.uint();
  const vocabLength = r.uint();
  const vocab = decoder.decode(r.take(vocabLength));
  const terms = n === 0 ? [] : vocab.split("\n");
  if (terms.length !== n) throw new Error(`corrupt analysis: ${terms.length} terms, header says ${n}`);
  const col = (): Uint32Array => {
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = r.uint();
    return out;
  };
  return { terms, wordTf: col(), partTf: col(), symbolTf: col() };
}

class ByteWriter {
  private buf: Uint8Array;
  private pos = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(16, capacity));
  }
  uint(v: number): void {
    this.reserve(5);
    while (v >= 0x80) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
  }
  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  /** 32-bit words, little-endian, four bytes each. */
  words(values: Uint32Array): void {
    this.reserve(values.length * 4);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      this.buf[this.pos++] = v & 0xff;
      this.buf[this.pos++] = (v >>> 8) & 0xff;
      this.buf[this.pos++] = (v >>> 16) & 0xff;
      this.buf[this.pos++] = v >>> 24;
    }
  }
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
  private reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }
}

class ByteReader {
  private pos = 0;
  constructor(private readonly buf: Uint8Array) {}
  get position(): number {
    return this.pos;
  }
  uint(): number {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.buf.length) throw new Error("corrupt analysis: truncated varint");
      const b = this.buf[this.pos++];
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
      shift += 7;
    }
  }
  /** `n` little-endian 32-bit words (`ByteWriter.words`), copied in one block where the platform is little-endian. */
  words(n: number): Uint32Array {
    const bytes = this.take(n * 4);
    // A copy into a buffer of its own (`new Uint8Array(view)`): a Node Buffer's `slice` would share the pool's.
    if (LITTLE_ENDIAN) return new Uint32Array(new Uint8Array(bytes).buffer);
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = (bytes[4 * i] | (bytes[4 * i + 1] << 8) | (bytes[4 * i + 2] << 16) | (bytes[4 * i + 3] << 24)) >>> 0;
    return out;
  }
  take(n: number): Uint8Array {
    if (this.pos + n > this.buf.length) throw new Error("corrupt analysis: truncated block");
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}
