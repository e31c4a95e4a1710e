import type { Language, SymbolInfo, SymbolKind } from "../../index/types.js";
import type { FileRole } from "./file-role.js";
import {
  FIELDS, type BuiltLexicalIndex, type Field, type IndexedFile, type LexicalIndex, type TermPostings,
} from "./lexical-index.js";
import { findTestSubjects } from "./test-subjects.js";
import { findDeclarationSubjects } from "./declaration-subjects.js";
import type { DeclaredBuild } from "./declared-builds.js";
import { DefinitionTable } from "./definition-table.js";
import { codeGraphOf, type CodeGraphColumns } from "../../graph/code-graph.js";
import { buildTemplateVocabularies } from "./issue-template.js";
import { buildPathLookup, type PathLookup } from "./path-lookup.js";
import {
  contentStrings, sectionCursor, text, textColumn, type LaterSection, type TextColumn,
} from "./snapshot-columns.js";
import {
  gatheredColumn, layOutSections, openSections, type Column, type PackedSections,
  type ReadAt,
} from "./snapshot-sections.js";
import { encodeSortedNames, sortOrder } from "./sorted-names.js";

/**
 * A built `LexicalIndex` as bytes, so a process that ranks an unchanged store reads typed arrays instead of decoding
 * every analysis and interning every term again (0.6 s on django). The layout is sections of typed arrays (see
 * `snapshot-sections.ts`); strings are `\n`-joined UTF-8 (paths and symbol names never contain a newline). Only the
 * per-file columns are read when the snapshot is opened (~1 MB on django). Terms and defined names are saved sorted,
 * in blocks (see `SortedNames`): a lookup reads one block, then the name's two offsets, then its postings or files,
 * each from its own byte range; a content's symbols are read the same way on first access. A ranking of a snapshot
 * in a file thus reads a few hundred kilobytes of its 18 MB (django). The contents' analyses are not saved (a third
 * of the bytes): a ranking reads about a hundred of them, from the store, by hash (see `AnalysisSource`).
 */
const MAGIC = 0x58_4c_53_42; // "BSLX"
const FORMAT = 7;

/** Encodes an index built by `buildLexicalIndex` as pieces to write one after another (see `layOutSections`). */
export function layOutLexicalIndex(index: BuiltLexicalIndex): PackedSections {
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
  // Terms and defined names are saved sorted (see `SortedNames`), their postings and file lists in that order.
  const termNames = index.interner.strings();
  const termOrder = sortOrder(termNames);
  const terms = encodeSortedNames(Array.from(termOrder, (t) => termNames[t]));
  const postStart = new Int32Array(termOrder.length + 1);
  for (let r = 0; r < termOrder.length; r++) {
    const t = termOrder[r];
    // A term numbered after the build (none today) has no postings, as the gathering below reads it.
    postStart[r + 1] = postStart[r] + (t + 1 < index.postStart.length ? index.postStart[t + 1] - index.postStart[t] : 0);
  }
  // The postings' columns in the saved term order are gathered while they are written, a chunk at a time: copied
  // whole they were six more arrays as long as the postings (~110 MB on a 40,000-file tree).
  const postFile = gatheredColumn(index.postFile, termOrder, index.postStart);
  const tf = FIELDS.map((f) => gatheredColumn(index.tf[f], termOrder, index.postStart));
  const definitionNames = [...index.definitions.keys()];
  const definitionLists = [...index.definitions.values()];
  const definitionOrder = sortOrder(definitionNames);
  const definitions = encodeSortedNames(Array.from(definitionOrder, (k) => definitionNames[k]));
  const definitionStart = new Int32Array(definitionOrder.length + 1);
  const definitionFiles: number[] = [];
  definitionOrder.forEach((k, r) => {
    definitionFiles.push(...definitionLists[k]);
    definitionStart[r + 1] = definitionFiles.length;
  });

  const sections: Column[] = [
    text([JSON.stringify({
      format: FORMAT, terms: termOrder.length, definitions: definitionOrder.length,
      relations: index.graphColumns.relationFile.length, packages: index.graphColumns.packageNames.length,
      avgLength: FIELDS.map((f) => index.avgLength[f]),
      // A handful per package: small enough for the header, where no column format is needed.
      builds: index.builds,
    })]),
    terms.keys, terms.blockStart, terms.arena, postStart, postFile, ...tf, ...FIELDS.map((f) => index.lengths[f]),
    Int32Array.from(files, (f) => f.lineCount), contentOf,
    text(files.map((f) => f.path)), text(files.map((f) => f.hash)), text(files.map((f) => f.language)),
    text(files.map((f) => f.role)),
    symbolStart, Int32Array.from(symbols, (s) => s.startLine), Int32Array.from(symbols, (s) => s.endLine),
    ...textColumn(names), ...textColumn(qualifiedNames), ...textColumn(kinds),
    definitions.keys, definitions.blockStart, definitions.arena, definitionStart, Int32Array.from(definitionFiles),
    index.graphColumns.importStart, index.graphColumns.importTargets, index.graphColumns.relationFile,
    index.graphColumns.relationLine, text(index.graphColumns.relationType), text(index.graphColumns.relationSuper),
    text(index.graphColumns.packageNames), text(index.graphColumns.packageDirs),
  ];
  return layOutSections(MAGIC, sections);
}

/**
 * A content's encoded analysis by its hash, as stored with the tree the snapshot was built from. Called when a
 * ranking first reads a file's `analysis`; it must throw rather than answer from another state of the store.
 */
export type AnalysisSource = (hash: string) => Uint8Array;

/**
 * Opens an index laid out by {@link layOutLexicalIndex} of `totalLength` bytes read through `readAt`: the tables every
 * ranking needs now, postings and symbols later, by range, when a ranking asks for them (`readAt` must keep answering
 * from the same bytes for as long as the index is used). Files read their analyses from `analyses` on first access.
 * Throws on bytes of another format or a damaged snapshot; a range read later throws if the bytes are gone.
 */
export function readLexicalSnapshot(readAt: ReadAt, totalLength: number, analyses: AnalysisSource): LexicalIndex {
  const r = sectionCursor(openSections(MAGIC, readAt, totalLength));
  const header = JSON.parse(r.strings(1)[0]) as {
    format: number; terms: number; definitions: number; relations: number; packages: number; avgLength: number[];
    builds: DeclaredBuild[];
  };
  if (header.format !== FORMAT) throw new Error(`lexical snapshot format ${header.format}, expected ${FORMAT}`);
  if (!Array.isArray(header.builds) || !header.builds.every((b) => typeof b?.out === "string" && Array.isArray(b.roots))) {
    throw new Error("lexical snapshot header is damaged");
  }
  const terms = r.sortedNames(header.terms);
  const postStart = r.later(4);
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
  const definitionNames = r.sortedNames(header.definitions);
  const definitionStart = r.later(4);
  const definitionFiles = r.later(4);
  const graphColumns: CodeGraphColumns = {
    importStart: r.int32(), importTargets: r.int32(), relationFile: r.int32(), relationLine: r.int32(),
    relationType: r.strings(header.relations), relationSuper: r.strings(header.relations),
    packageNames: r.strings(header.packages), packageDirs: r.strings(header.packages),
  };
  r.end();
  const contents = symbolStart.length - 1;
  const symbolCount = startLines.length;
  if (lineCounts.length !== fileCount || contentOf.length !== fileCount || contents < 0 ||
    contentOf.some((c) => c < 0 || c >= contents) || symbolStart[contents] !== symbolCount || endLines.length !== symbolCount ||
    postStart.length !== header.terms + 1 || tfSections.some((s) => s.length !== postFile.length) ||
    definitionStart.length !== header.definitions + 1 ||
    graphColumns.importStart.length !== fileCount + 1 || graphColumns.importStart[fileCount] !== graphColumns.importTargets.length ||
    graphColumns.importTargets.some((d) => d < 0 || d >= fileCount) || graphColumns.relationLine.length !== header.relations ||
    graphColumns.relationFile.length !== header.relations || graphColumns.relationFile.some((d) => d < 0 || d >= fileCount) ||
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
  // A rank's range within a column: two neighbouring offsets, read from the file (checked: a damaged file throws).
  const rangeOf = (offsets: LaterSection, k: number, limit: number): [number, number] => {
    const [from, to] = offsets.int32(k, k + 2);
    if (!(from >= 0 && from <= to && to <= limit)) throw new Error("lexical snapshot offsets are damaged");
    return [from, to];
  };
  const definitions = new DefinitionTable(definitionNames, (k) => {
    const [from, to] = rangeOf(definitionStart, k, definitionFiles.length);
    return from === to ? new Int32Array(0) : definitionFiles.int32(from, to);
  });
  const read = new Map<number, TermPostings>();
  const postings = (term: string): TermPostings | undefined => {
    const t = terms.find(term);
    if (t === undefined) return undefined;
    let p = read.get(t);
    if (!p) {
      const [from, to] = rangeOf(postStart, t, postFile.length);
      // A term in no file (numbered for a prepared content no file has) is no term of the index, as in the built one.
      if (from === to) return undefined;
      const tf = Object.fromEntries(FIELDS.map((f, i) => [f, tfSections[i].uint16(from, to)])) as Record<Field, Uint16Array>;
      p = { files: postFile.int32(from, to), tf };
      read.set(t, p);
    }
    return p;
  };
  // The path lookup is rebuilt from the paths (no format of its own), on first use: only issues that mention a path,
  // a module or a stack frame need it.
  let lookup: PathLookup | undefined;
  // Template vocabularies, test and declaration subjects are derived from paths, roles and a few analyses: cheaper to
  // rebuild than to give a format of their own.
  return {
    files, postings, lengths, avgLength, definitions,
    templates: buildTemplateVocabularies(files),
    testSubjects: findTestSubjects(files),
    graph: codeGraphOf(graphColumns, { definedIn: (name) => definitions.get(name) ?? [], pathOf: (d) => paths[d] }),
    declarationSubjects: findDeclarationSubjects(files),
    builds: header.builds,
    get paths() {
      lookup ??= buildPathLookup(paths);
      return lookup;
    },
  };
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
