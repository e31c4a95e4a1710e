import type { Language, SymbolInfo, SymbolKind } from "../index/types.js";
import type { FileRole } from "./file-role.js";
import {
  FIELDS, type BuiltLexicalIndex, type Field, type IndexedFile, type LexicalIndex, type TermPostings,
} from "./lexical-index.js";
import { findCompanions } from "./companions.js";
import { DefinitionTable } from "./definition-table.js";
import { buildTemplateVocabularies } from "./issue-template.js";
import { buildPathLookup, type PathLookup } from "./path-lookup.js";
import { memoryReadAt, openSections, packSections, type Column, type ReadAt, type Sections } from "./snapshot-sections.js";
import { TermInterner } from "./term-interner.js";

/**
 * A built `LexicalIndex` as bytes, so a process that ranks an unchanged store reads typed arrays instead of decoding
 * every analysis and interning every term again (0.6 s on django). The layout is sections of typed arrays (see
 * `snapshot-sections.ts`); strings are `\n`-joined UTF-8 (paths and symbol names never contain a newline). Only what
 * every ranking needs is read when the snapshot is opened (the term and definition tables, per-file columns); a
 * term's postings and a content's symbols are read from their own byte ranges on first access, so a ranking of a
 * snapshot in a file reads a few hundred kilobytes of its 20 MB (django). Definitions are looked up through a saved
 * hash table of the names (see `DefinitionTable`). The contents' analyses are not saved (a third of the bytes): a
 * ranking reads about a hundred of them, from the store, by hash (see `AnalysisSource`).
 */
const MAGIC = 0x58_4c_53_42; // "BSLX"
const FORMAT = 4;

/** Encodes an index built by `buildLexicalIndex`. */
export function encodeLexicalIndex(index: BuiltLexicalIndex): Uint8Array {
  const state = index.termIds.interner.exportState();
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
  return packSections(MAGIC, sections);
}

/**
 * A content's encoded analysis by its hash, as stored with the tree the snapshot was built from. Called when a
 * ranking first reads a file's `analysis`; it must throw rather than answer from another state of the store.
 */
export type AnalysisSource = (hash: string) => Uint8Array;

/** Restores an index encoded by {@link encodeLexicalIndex} from bytes in memory; see {@link readLexicalSnapshot}. */
export function decodeLexicalIndex(bytes: Uint8Array, analyses: AnalysisSource): LexicalIndex {
  return readLexicalSnapshot(memoryReadAt(bytes), bytes.length, analyses);
}

/**
 * Opens an index encoded by {@link encodeLexicalIndex} of `totalLength` bytes read through `readAt`: the tables every
 * ranking needs now, postings and symbols later, by range, when a ranking asks for them (`readAt` must keep answering
 * from the same bytes for as long as the index is used). Files read their analyses from `analyses` on first access.
 * Throws on bytes of another format or a damaged snapshot; a range read later throws if the bytes are gone.
 */
export function readLexicalSnapshot(readAt: ReadAt, totalLength: number, analyses: AnalysisSource): LexicalIndex {
  const r = sectionCursor(openSections(MAGIC, readAt, totalLength));
  const header = JSON.parse(r.strings(1)[0]) as {
    format: number; terms: number; definitions: number; avgLength: number[];
  };
  if (header.format !== FORMAT) throw new Error(`lexical snapshot format ${header.format}, expected ${FORMAT}`);
  const interner = TermInterner.fromState({
    arena: r.bytes(), starts: r.int32(), ends: r.int32(), table: r.int32(), count: header.terms,
  });
  const postStart = r.int32();
  const postFile = r.later(4);
  const tfSections = FIELDS.map(() => r.later(2));
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
  const startLines = r.later(4);
  const endLines = r.later(4);
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
  const symbolCount = startLines.length;
  if (lineCounts.length !== fileCount || contentOf.length !== fileCount || contents < 0 ||
    contentOf.some((c) => c < 0 || c >= contents) || symbolStart[contents] !== symbolCount || endLines.length !== symbolCount ||
    postStart.length !== header.terms + 1 || postStart[header.terms] !== postFile.length ||
    tfSections.some((s) => s.length !== postFile.length) ||
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
  const read = new Map<number, TermPostings>();
  const postings = (term: string): TermPostings | undefined => {
    const t = interner.find(term);
    if (t === undefined) return undefined;
    let p = read.get(t);
    if (!p) {
      const from = postStart[t];
      const to = postStart[t + 1];
      if (!(from >= 0 && from <= to && to <= postFile.length)) throw new Error("lexical snapshot postings are damaged");
      const [word, part, symbol, dir, name] = tfSections.map((s) => s.uint16(from, to));
      p = { files: postFile.int32(from, to), tf: { word, part, symbol, dir, name } };
      read.set(t, p);
    }
    return p;
  };
  // The path lookup is rebuilt from the paths (no format of its own), on first use: only issues that mention a path,
  // a module or a stack frame need it.
  let lookup: PathLookup | undefined;
  // Template vocabularies and companions are derived from paths, roles and a few analyses: cheaper to rebuild
  // than to give a format of their own.
  const index = {
    files, postings, lengths, avgLength, definitions,
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

/** A section read on demand: `length` elements of `size` bytes, read by element range. */
interface LaterSection {
  readonly length: number;
  int32(from: number, to: number): Int32Array;
  uint16(from: number, to: number): Uint16Array;
  bytes(from: number, to: number): Uint8Array;
}

/** One string per symbol, `\n`-joined per content; content c's strings are bytes `start[c] .. start[c+1]`. */
interface TextColumn {
  readonly bytes: LaterSection;
  readonly start: Int32Array;
}

/** The strings of content `c` (`count` of them) in a column; a count that does not match (damage) throws. */
function contentStrings(column: TextColumn, c: number, count: number): string[] {
  const { bytes, start } = column;
  const values = count === 0 ? [] : decoder.decode(bytes.bytes(start[c], start[c + 1])).split("\n");
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
  readonly startLines: LaterSection;
  readonly endLines: LaterSection;
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
      const to = symbolStart[c + 1];
      const count = to - from;
      if (!(from >= 0 && count >= 0 && to <= startLines.length)) throw new Error("lexical snapshot symbols are damaged");
      const name = contentStrings(names, c, count);
      const qualifiedName = contentStrings(qualifiedNames, c, count);
      const kind = contentStrings(kinds, c, count) as SymbolKind[];
      const starts = count === 0 ? new Int32Array(0) : startLines.int32(from, to);
      const ends = count === 0 ? new Int32Array(0) : endLines.int32(from, to);
      const out: SymbolInfo[] = [];
      for (let s = 0; s < count; s++) {
        out.push({ name: name[s], qualifiedName: qualifiedName[s], kind: kind[s], startLine: starts[s], endLine: ends[s] });
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

/** Walks the sections in order: read now (typed views over the read bytes), or kept to be read by range later. */
function sectionCursor(sections: Sections) {
  let next = 0;
  const take = (): number => {
    if (next >= sections.count) throw new Error("lexical snapshot has too few sections");
    return next++;
  };
  const sized = (i: number, size: number): number => {
    const length = sections.byteLength(i);
    if (length % size !== 0) throw new Error("lexical snapshot section is misaligned");
    return length / size;
  };
  const typed = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, size: number): T => {
    const i = take();
    const length = sized(i, size);
    const bytes = sections.read(i);
    return make(bytes.buffer, bytes.byteOffset, length);
  };
  const later = (size: number): LaterSection => {
    const i = take();
    const length = sized(i, size);
    const range = (from: number, to: number) => sections.read(i, from * size, to * size);
    return {
      length,
      int32: (from, to) => {
        const b = range(from, to);
        return new Int32Array(b.buffer, b.byteOffset, to - from);
      },
      uint16: (from, to) => {
        const b = range(from, to);
        return new Uint16Array(b.buffer, b.byteOffset, to - from);
      },
      bytes: (from, to) => range(from, to),
    };
  };
  return {
    bytes: () => typed((b, o, n) => new Uint8Array(b, o, n), 1),
    int32: () => typed((b, o, n) => new Int32Array(b, o, n), 4),
    float32: () => typed((b, o, n) => new Float32Array(b, o, n), 4),
    later,
    /** `count` strings; a count that does not match (a newline inside a value, damage) throws. */
    strings: (count: number): string[] => {
      const bytes = sections.read(take());
      const values = count === 0 ? [] : decoder.decode(bytes).split("\n");
      if (values.length !== count || (count === 0 && bytes.length !== 0)) throw new Error("lexical snapshot strings do not match their count");
      return values;
    },
    /** A byte section read by range later, and its per-content offsets: rising, ending at the section's length. */
    textColumn(): TextColumn {
      const bytes = later(1);
      const start = typed((b, o, n) => new Int32Array(b, o, n), 4);
      let ok = start.length > 0 && start[start.length - 1] === bytes.length;
      for (let c = 0; ok && c < start.length; c++) ok = start[c] >= (c === 0 ? 0 : start[c - 1]) && start[c] <= bytes.length;
      if (!ok) throw new Error("lexical snapshot text offsets are damaged");
      return { bytes, start };
    },
    end: () => {
      if (next !== sections.count) throw new Error("lexical snapshot has extra sections");
    },
  };
}
