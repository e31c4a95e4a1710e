import type { Language, SymbolInfo, SymbolKind } from "../index/types.js";
import type { FileRole } from "./file-role.js";
import { FIELDS, type Field, type IndexedFile, type InternedTermLookup, type LexicalIndex } from "./lexical-index.js";
import { findCompanions } from "./companions.js";
import { DefinitionTable } from "./definition-table.js";
import { buildTemplateVocabularies } from "./issue-template.js";
import { buildPathLookup, type PathLookup } from "./path-lookup.js";
import { TermInterner } from "./term-interner.js";

/**
 * A built `LexicalIndex` as bytes, so a process that ranks an unchanged store maps typed arrays over one blob instead
 * of decoding every analysis and interning every term again (0.6 s on django). The layout is sections of typed
 * arrays, each 8-byte aligned so it is viewed in place; strings are `\n`-joined UTF-8 (paths and symbol names never
 * contain a newline). Nothing is made per symbol or per defined name until it is asked for: a content's symbols are
 * decoded from their own byte range on first access (a ranking reads a few files' symbols), and definitions are
 * looked up through a saved hash table of the names (see `DefinitionTable`). The contents' analyses are not saved
 * (a third of the bytes): a ranking reads about a hundred of them, from the store, by hash (see `AnalysisSource`).
 */
const MAGIC = 0x58_4c_53_42; // "BSLX"
const FORMAT = 3;

type Column = Uint8Array | Int32Array | Uint16Array | Float32Array | Float64Array;

/** Encodes a built index. Throws when the index was not built by `buildLexicalIndex` (no interner to save). */
export function encodeLexicalIndex(index: LexicalIndex): Uint8Array {
  const lookup = index.termIds as Partial<InternedTermLookup>;
  if (!lookup.interner) throw new Error("only an index built by buildLexicalIndex can be encoded");
  const state = lookup.interner.exportState();
  const { files } = index;

  // Distinct contents in first-seen order: analysis bytes and symbols are stored once per content.
  const contentOf = new Int32Array(files.length);
  const firstFile: number[] = [];
  const byHash = new Map<string, number>();
  files.forEach((f, i) => {
    let c = byHash.get(f.hash);
    if (c === undefined) {
      c = firstFile.push(i) - 1;
      byHash.set(f.hash, c);
    }
    contentOf[i] = c;
  });
  const symbolStart = new Int32Array(firstFile.length + 1);
  const symbols: SymbolInfo[] = [];
  firstFile.forEach((i, c) => {
    symbols.push(...files[i].symbols);
    symbolStart[c + 1] = symbols.length;
  });
  const perContent = (field: (s: SymbolInfo) => string): Uint8Array[] =>
    firstFile.map((i) => text(files[i].symbols.map(field)));
  const names = perContent((s) => s.name);
  const qualifiedNames = perContent((s) => s.qualifiedName);
  const kinds = perContent((s) => s.kind);
  const definitionFiles: number[] = [];
  const definitionStart = [0];
  const definitionNames = new TermInterner();
  for (const [name, list] of index.definitions) {
    const bytes = encoder.encode(name);
    const id = definitionNames.intern(bytes, 0, bytes.length);
    if (id !== definitionStart.length - 1) throw new Error(`definition ${name} twice`);
    definitionFiles.push(...list);
    definitionStart.push(definitionFiles.length);
  }
  const definitionState = definitionNames.exportState();

  const sections: Column[] = [
    text([JSON.stringify({
      format: FORMAT, terms: state.count, definitions: definitionState.count,
      avgLength: FIELDS.map((f) => index.avgLength[f]),
    })]),
    state.arena, state.starts, state.ends, state.table,
    index.postStart, index.postFile, ...FIELDS.map((f) => index.tf[f]), ...FIELDS.map((f) => index.lengths[f]),
    Int32Array.from(files, (f) => f.lineCount), contentOf,
    text(files.map((f) => f.path)), text(files.map((f) => f.hash)), text(files.map((f) => f.language)),
    text(files.map((f) => f.role)),
    symbolStart, Int32Array.from(symbols, (s) => s.startLine), Int32Array.from(symbols, (s) => s.endLine),
    ...textColumn(names), ...textColumn(qualifiedNames), ...textColumn(kinds),
    Int32Array.from(definitionStart), Int32Array.from(definitionFiles),
    definitionState.arena, definitionState.starts, definitionState.ends, definitionState.table,
  ];
  return pack(sections);
}

/**
 * A content's encoded analysis by its hash, as stored with the tree the snapshot was built from. Called when a
 * ranking first reads a file's `analysis`; it must throw rather than answer from another state of the store.
 */
export type AnalysisSource = (hash: string) => Uint8Array;

/**
 * Restores an index encoded by {@link encodeLexicalIndex}; files read their analyses from `analyses` on first access.
 * Throws on bytes of another format or a damaged blob.
 */
export function decodeLexicalIndex(bytes: Uint8Array, analyses: AnalysisSource): LexicalIndex {
  const r = unpack(bytes);
  const header = JSON.parse(r.strings(1)[0]) as {
    format: number; terms: number; definitions: number; avgLength: number[];
  };
  if (header.format !== FORMAT) throw new Error(`lexical snapshot format ${header.format}, expected ${FORMAT}`);
  const interner = TermInterner.fromState({
    arena: r.bytes(), starts: r.int32(), ends: r.int32(), table: r.int32(), count: header.terms,
  });
  const postStart = r.int32();
  const postFile = r.int32();
  const tf = Object.fromEntries(FIELDS.map((f) => [f, r.uint16()])) as Record<Field, Uint16Array>;
  const lengths = Object.fromEntries(FIELDS.map((f) => [f, r.float32()])) as Record<Field, Float32Array>;
  const avgLength = Object.fromEntries(FIELDS.map((f, i) => [f, header.avgLength[i]])) as Record<Field, number>;
  const fileCount = lengths.word.length;
  const lineCounts = r.int32();
  const contentOf = r.int32();
  const paths = r.strings(fileCount);
  const hashes = r.strings(fileCount);
  const languages = r.strings(fileCount) as Language[];
  const roles = r.strings(fileCount) as FileRole[];
  const symbolStart = r.int32();
  const startLines = r.int32();
  const endLines = r.int32();
  const symbolCount = startLines.length;
  const names = r.textColumn();
  const qualifiedNames = r.textColumn();
  const kinds = r.textColumn();
  const definitionStart = r.int32();
  const definitionFiles = r.int32();
  const definitionNames = TermInterner.fromState({
    arena: r.bytes(), starts: r.int32(), ends: r.int32(), table: r.int32(), count: header.definitions,
  });
  r.end();
  const contents = symbolStart.length - 1;
  if (lineCounts.length !== fileCount || contentOf.length !== fileCount || contents < 0 ||
    contentOf.some((c) => c < 0 || c >= contents) || symbolStart[contents] !== symbolCount || endLines.length !== symbolCount || postStart.length !== header.terms + 1 ||
    [names, qualifiedNames, kinds].some((column) => column.start.length !== contents + 1)) {
    throw new Error("lexical snapshot sections do not fit together");
  }

  const columns: SnapshotContents = {
    symbolStart, names, qualifiedNames, kinds, startLines, endLines, decoded: [], analyses, analysed: [],
  };
  const files: IndexedFile[] = new Array(fileCount);
  for (let i = 0; i < fileCount; i++) {
    files[i] = new SnapshotFile(paths[i], hashes[i], languages[i], lineCounts[i], roles[i], columns, contentOf[i]);
  }
  const definitions = new DefinitionTable(definitionNames, definitionStart, definitionFiles);
  const termIds: InternedTermLookup = { get: (term) => interner.find(term), size: header.terms, interner };
  // The path lookup is rebuilt from the paths (no format of its own), on first use: only issues that mention a path,
  // a module or a stack frame need it.
  let lookup: PathLookup | undefined;
  // Template vocabularies and companions are derived from paths, roles and a few analyses: cheaper to rebuild
  // than to give a format of their own.
  const index = {
    files, termIds, postStart, postFile, tf, lengths, avgLength, definitions,
    templates: buildTemplateVocabularies(files),
    companions: new Map<number, number[]>(),
    get paths() {
      lookup ??= buildPathLookup(paths);
      return lookup;
    },
  };
  for (const [d, list] of findCompanions(index)) index.companions.set(d, list);
  return index;
}

/** One string per symbol, `\n`-joined per content; content c's bytes are `bytes[start[c] .. start[c+1])`. */
interface TextColumn {
  readonly bytes: Uint8Array;
  readonly start: Int32Array;
}

/** The strings of content `c` (`count` of them) in a column; a count that does not match (damage) throws. */
function contentStrings(column: TextColumn, c: number, count: number): string[] {
  const { bytes, start } = column;
  const values = count === 0 ? [] : decoder.decode(bytes.subarray(start[c], start[c + 1])).split("\n");
  if (values.length !== count || (count === 0 && start[c + 1] !== start[c])) {
    throw new Error("lexical snapshot symbols do not match their count");
  }
  return values;
}

/** The symbol columns of a snapshot and the analysis source, with what was materialised so far (by content). */
interface SnapshotContents {
  readonly symbolStart: Int32Array;
  readonly names: TextColumn;
  readonly qualifiedNames: TextColumn;
  readonly kinds: TextColumn;
  readonly startLines: Int32Array;
  readonly endLines: Int32Array;
  readonly decoded: (readonly SymbolInfo[] | undefined)[];
  readonly analyses: AnalysisSource;
  readonly analysed: (Uint8Array | undefined)[];
}

/**
 * A file of a decoded index; its symbols and analysis are fetched on first access and shared by the files with the
 * same content.
 */
class SnapshotFile implements IndexedFile {
  // Private fields: invisible to spreads and JSON, so a file still looks like the plain record it stands for.
  readonly #columns: SnapshotContents;
  readonly #content: number;

  constructor(
    readonly path: string,
    readonly hash: string,
    readonly language: Language,
    readonly lineCount: number,
    readonly role: FileRole,
    columns: SnapshotContents,
    content: number,
  ) {
    this.#columns = columns;
    this.#content = content;
  }

  get analysis(): Uint8Array {
    const { analysed, analyses } = this.#columns;
    return (analysed[this.#content] ??= analyses(this.hash));
  }

  get symbols(): readonly SymbolInfo[] {
    const { decoded, symbolStart, names, qualifiedNames, kinds, startLines, endLines } = this.#columns;
    const c = this.#content;
    let list = decoded[c];
    if (!list) {
      const from = symbolStart[c];
      const count = symbolStart[c + 1] - from;
      const name = contentStrings(names, c, count);
      const qualifiedName = contentStrings(qualifiedNames, c, count);
      const kind = contentStrings(kinds, c, count) as SymbolKind[];
      const out: SymbolInfo[] = [];
      for (let s = 0; s < count; s++) {
        out.push({
          name: name[s], qualifiedName: qualifiedName[s], kind: kind[s], startLine: startLines[from + s], endLine: endLines[from + s],
        });
      }
      list = out;
      decoded[c] = list;
    }
    return list;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function text(values: readonly string[]): Uint8Array {
  return encoder.encode(values.join("\n"));
}

/** A text column's two sections: the contents' `\n`-joined strings back to back, and where each content starts. */
function textColumn(perContent: readonly Uint8Array[]): [Uint8Array, Int32Array] {
  return [concat(perContent), offsets(perContent.map((b) => b.length))];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function offsets(lengths: readonly number[]): Int32Array {
  const out = new Int32Array(lengths.length + 1);
  lengths.forEach((n, i) => (out[i + 1] = out[i] + n));
  return out;
}

const align = (n: number): number => (n + 7) & ~7;

/** [magic u32, section count u32, byte length f64 per section] then each section at an 8-byte boundary. */
function pack(sections: readonly Column[]): Uint8Array {
  const headerBytes = align(8 + 8 * sections.length);
  const total = sections.reduce((n, s) => n + align(s.byteLength), headerBytes);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, sections.length, true);
  let at = headerBytes;
  sections.forEach((s, i) => {
    view.setFloat64(8 + 8 * i, s.byteLength, true);
    out.set(new Uint8Array(s.buffer, s.byteOffset, s.byteLength), at);
    at += align(s.byteLength);
  });
  return out;
}

/** Reads sections in order; typed arrays are views over `bytes` (copied once when `bytes` is not 8-byte aligned). */
function unpack(input: Uint8Array) {
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error("not a lexical snapshot");
  const count = view.getUint32(4, true);
  let at = align(8 + 8 * count);
  let next = 0;
  const take = (): [number, number] => {
    if (next >= count) throw new Error("lexical snapshot has too few sections");
    const length = view.getFloat64(8 + 8 * next++, true);
    if (!Number.isInteger(length) || at + length > bytes.byteLength) throw new Error("lexical snapshot is truncated");
    const start = bytes.byteOffset + at;
    at += align(length);
    return [start, length];
  };
  const typed = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, size: number): T => {
    const [start, length] = take();
    if (length % size !== 0) throw new Error("lexical snapshot section is misaligned");
    return make(bytes.buffer, start, length / size);
  };
  return {
    bytes: () => typed((b, o, n) => new Uint8Array(b, o, n), 1),
    int32: () => typed((b, o, n) => new Int32Array(b, o, n), 4),
    uint16: () => typed((b, o, n) => new Uint16Array(b, o, n), 2),
    float32: () => typed((b, o, n) => new Float32Array(b, o, n), 4),
    /** `count` strings; a count that does not match (a newline inside a value, damage) throws. */
    strings: (count: number): string[] => {
      const [start, length] = take();
      const values = count === 0 ? [] : decoder.decode(new Uint8Array(bytes.buffer, start, length)).split("\n");
      if (values.length !== count || (count === 0 && length !== 0)) throw new Error("lexical snapshot strings do not match their count");
      return values;
    },
    /** A byte section and its per-content offsets; the offsets must rise and end at the section's length. */
    textColumn(): TextColumn {
      const bytes = typed((b, o, n) => new Uint8Array(b, o, n), 1);
      const start = typed((b, o, n) => new Int32Array(b, o, n), 4);
      let ok = start.length > 0 && start[start.length - 1] === bytes.length;
      for (let c = 0; ok && c < start.length; c++) ok = start[c] >= (c === 0 ? 0 : start[c - 1]) && start[c] <= bytes.length;
      if (!ok) throw new Error("lexical snapshot text offsets are damaged");
      return { bytes, start };
    },
    end: () => {
      if (next !== count) throw new Error("lexical snapshot has extra sections");
    },
  };
}
