import type { FileLinks, Language, SymbolInfo } from "../../index/types.js";
import { buildGraphColumns, codeGraphOf, type CodeGraph, type CodeGraphColumns } from "../../graph/code-graph.js";
import type { ContentAnalysis } from "./analyze-content.js";
import { encodeAnalysis } from "./analysis-codec.js";
import { fileRole, findTestRoots, type FileRole } from "./file-role.js";
import { buildTemplateVocabularies } from "./issue-template.js";
import { findTestSubjects } from "./test-subjects.js";
import { promoteImportedScripts } from "./imported-scripts.js";
import { findDeclarationSubjects } from "./declaration-subjects.js";
import { findDeclaredBuilds, type DeclaredBuild } from "./declared-builds.js";
import { buildPathLookup, type PathLookup } from "./path-lookup.js";
import { pathTerms, withJoinedWordsSplit } from "./path-terms.js";
import { splitJoinedWord } from "./split-joined-words.js";
import { internContent, takePrepared, type Content, type PreparedContents } from "./prepared-contents.js";
import { TermInterner } from "./term-interner.js";

/** One file of the tree, as the store returns it. `analysis` may stay encoded: it is decoded once per hash. */
export interface LexicalDoc {
  readonly path: string;
  readonly hash: string;
  readonly language: Language;
  readonly lineCount: number;
  readonly symbols: readonly SymbolInfo[];
  readonly analysis: Uint8Array | ContentAnalysis;
  /** Its content's imports and type relations, unresolved (absent: none). */
  readonly links?: FileLinks;
}

/** A file as the index keeps it. `analysis` is kept as given, for per-symbol evidence at rank time. */
export interface IndexedFile {
  readonly path: string;
  readonly hash: string;
  readonly language: Language;
  readonly lineCount: number;
  readonly symbols: readonly SymbolInfo[];
  readonly role: FileRole;
  readonly analysis: Uint8Array | ContentAnalysis;
}

/** The fields a term can occur in. `word`/`part` split the content field: whole words and identifier sub-words. */
export const FIELDS = ["word", "part", "symbol", "dir", "name"] as const;
export type Field = (typeof FIELDS)[number];

/** The postings of one term: the files that have it (ascending) and, aligned with them, its count in each field. */
export interface TermPostings {
  readonly files: Int32Array;
  readonly tf: Readonly<Record<Field, Uint16Array>>;
}

/** An immutable inverted index over a tree's files. */
export interface LexicalIndex {
  readonly files: readonly IndexedFile[];
  /** The postings of `term`; undefined for a term no file has. */
  postings(term: string): TermPostings | undefined;
  /** Per file, the number of term occurrences in each field. */
  readonly lengths: Readonly<Record<Field, Float32Array>>;
  /** Per field, the mean of `lengths` over files (0 when there are no files). */
  readonly avgLength: Readonly<Record<Field, number>>;
  /** Suffix lookups over the files' paths and module names, for mentions in the issue. */
  readonly paths: PathLookup;
  /**
   * Symbol name (exact case), and `Parent.name` for nested symbols → the files that define it (each file once).
   */
  readonly definitions: ReadonlyMap<string, readonly number[]>;
  /** The whole-word vocabulary of each issue template or form in the tree (see `issue-template.ts`). */
  readonly templates: readonly ReadonlySet<string>[];
  /** Test file → the code file beside it that it is named after (see `test-subjects.ts`). */
  readonly testSubjects: ReadonlyMap<number, number>;
  /** Imports between the files and the type relations of their types (see `graph/code-graph.ts`). */
  readonly graph: CodeGraph;
  /** [declaration, implementation] pairs: `foo.d.ts`/`foo.js.flow` → `foo.js` (see `declaration-subjects.ts`). */
  readonly declarationSubjects: readonly (readonly [number, number])[];
  /** Where the tree's built JavaScript comes from, as its manifests declare (see `declared-builds.ts`). */
  readonly builds: readonly DeclaredBuild[];
}

/**
 * The index as `buildLexicalIndex` makes it, all in memory: postings of term `t` are the slots
 * `postStart[t] .. postStart[t+1]-1`, each with a file number (ascending) and one count per field.
 */
export interface BuiltLexicalIndex extends LexicalIndex {
  /**
   * Term → term id (the row of the postings), without a JavaScript string per term (a `Map` costs ~70 ms to build on
   * django); saved by `encodeLexicalIndex`.
   */
  readonly interner: TermInterner;
  readonly postStart: Int32Array;
  readonly postFile: Int32Array;
  readonly tf: Readonly<Record<Field, Uint16Array>>;
  /** The code graph's columns, saved by `encodeLexicalIndex`. */
  readonly graphColumns: CodeGraphColumns;
}

/** Term `t`'s postings as views over the built columns (no copy). */
export function slicePostings(
  postStart: Int32Array, postFile: Int32Array, tf: Readonly<Record<Field, Uint16Array>>, t: number,
): TermPostings {
  const from = postStart[t];
  const to = postStart[t + 1];
  return {
    files: postFile.subarray(from, to),
    tf: { word: tf.word.subarray(from, to), part: tf.part.subarray(from, to), symbol: tf.symbol.subarray(from, to),
      dir: tf.dir.subarray(from, to), name: tf.name.subarray(from, to) },
  };
}

/**
 * Builds the index. Identical contents (same hash) are decoded and mapped to global term ids once.
 * Path terms come from the path here, so a renamed file needs no new analysis.
 */
export function buildLexicalIndex(docs: readonly LexicalDoc[], prepared?: PreparedContents): BuiltLexicalIndex {
  // Prepared contents come with the interner that numbered their terms; the build goes on numbering in it.
  const ahead = prepared ? takePrepared(prepared) : undefined;
  const interner = ahead?.interner ?? new TermInterner();
  const encoder = new TextEncoder();
  const internText = (term: string): number => {
    const b = encoder.encode(term);
    return interner.intern(b, 0, b.length);
  };
  const byHash = new Map<string, Content>(ahead?.byHash);
  const contents: Content[] = [];
  for (const d of docs) {
    let c = byHash.get(d.hash);
    if (!c) {
      // Read once: a corpus may read it from the store on each access.
      const analysis = d.analysis;
      c = internContent(interner, analysis instanceof Uint8Array ? analysis : encodeAnalysis(analysis));
      byHash.set(d.hash, c);
    }
    contents.push(c);
  }
  // Path terms come after all contents: joined names are split by how often the contents use each side.
  const splitJoined = joinedWordSplitter(interner, contents);
  // The words of a joined name count as matches but not in the field's length: `numberformat.py` must not rank
  // lower for an issue that names it whole.
  const pathIds: { dir: Int32Array; name: Int32Array; dirLength: number; nameLength: number }[] = [];
  for (const d of docs) {
    const p = pathTerms(d.path);
    pathIds.push({
      dir: Int32Array.from(withJoinedWordsSplit(p.dir, splitJoined), internText),
      name: Int32Array.from(withJoinedWordsSplit(p.name, splitJoined), internText),
      dirLength: p.dir.length,
      nameLength: p.name.length,
    });
  }

  const termCount = interner.size;
  const fileCount = docs.length;
  const lastFile = new Int32Array(termCount).fill(-1);
  const postStart = new Int32Array(termCount + 1);
  for (let file = 0; file < fileCount; file++) {
    for (const ids of [contents[file].ids, pathIds[file].dir, pathIds[file].name]) {
      for (let i = 0; i < ids.length; i++) {
        const t = ids[i];
        if (lastFile[t] !== file) {
          lastFile[t] = file;
          postStart[t + 1]++;
        }
      }
    }
  }
  for (let t = 0; t < termCount; t++) postStart[t + 1] += postStart[t];
  const total = postStart[termCount];
  const postFile = new Int32Array(total);
  const tf = Object.fromEntries(FIELDS.map((f) => [f, new Uint16Array(total)])) as Record<Field, Uint16Array>;
  const lengths = Object.fromEntries(FIELDS.map((f) => [f, new Float32Array(fileCount)])) as Record<Field, Float32Array>;
  const fill = postStart.slice(0, termCount);
  const slot = new Int32Array(termCount);
  lastFile.fill(-1);
  const { word, part, symbol, dir, name } = tf;
  for (let file = 0; file < fileCount; file++) {
    const { ids, counts } = contents[file];
    const n = ids.length;
    let wordLength = 0;
    let partLength = 0;
    let symbolLength = 0;
    for (let i = 0; i < n; i++) {
      const t = ids[i];
      const s = fill[t]++;
      lastFile[t] = file;
      slot[t] = s;
      postFile[s] = file;
      word[s] = Math.min(65535, counts[i]);
      part[s] = Math.min(65535, counts[n + i]);
      symbol[s] = Math.min(65535, counts[2 * n + i]);
      wordLength += counts[i];
      partLength += counts[n + i];
      symbolLength += counts[2 * n + i];
    }
    lengths.word[file] = wordLength;
    lengths.part[file] = partLength;
    lengths.symbol[file] = symbolLength;
    for (const [ids2, field] of [[pathIds[file].dir, dir], [pathIds[file].name, name]] as const) {
      for (let i = 0; i < ids2.length; i++) {
        const t = ids2[i];
        if (lastFile[t] !== file) {
          lastFile[t] = file;
          slot[t] = fill[t]++;
          postFile[slot[t]] = file;
        }
        field[slot[t]]++;
      }
    }
    lengths.dir[file] = pathIds[file].dirLength;
    lengths.name[file] = pathIds[file].nameLength;
  }

  const avgLength = Object.fromEntries(
    FIELDS.map((f) => [f, fileCount === 0 ? 0 : lengths[f].reduce((s, x) => s + x, 0) / fileCount]),
  ) as Record<Field, number>;
  const layout = { testRoots: findTestRoots(docs.map((d) => d.path)) };
  const definitions = buildDefinitions(docs);
  const graphColumns = buildGraphColumns(docs);
  const graph = codeGraphOf(graphColumns, { definedIn: (name) => definitions.get(name) ?? [], pathOf: (d) => docs[d].path });
  const roles = promoteImportedScripts(docs.map((d) => fileRole(d.path, d.language, layout)), docs, graph);
  const files = docs.map((d, i): IndexedFile => ({
    path: d.path,
    hash: d.hash,
    language: d.language,
    lineCount: d.lineCount,
    symbols: d.symbols,
    role: roles[i],
    // Read through, not copied: a corpus may read its analyses on demand, and an index built to be saved needs few.
    get analysis() {
      return d.analysis;
    },
  }));
  return {
    files, interner, postStart, postFile, tf, lengths, avgLength, graphColumns, graph,
    postings(term: string): TermPostings | undefined {
      const t = interner.find(term);
      // A term numbered but in no file (a prepared content no file has) is no term of this index.
      return t === undefined || postStart[t] === postStart[t + 1] ? undefined : slicePostings(postStart, postFile, tf, t);
    },
    paths: buildPathLookup(docs.map((d) => d.path)),
    definitions,
    templates: buildTemplateVocabularies(docs),
    testSubjects: findTestSubjects(files),
    declarationSubjects: findDeclarationSubjects(files),
    builds: findDeclaredBuilds(docs),
  };
}

/**
 * `splitJoinedWord` over the contents' document frequencies (before any path term is interned), memoised: a folder
 * name recurs in every path below it.
 */
function joinedWordSplitter(interner: TermInterner, contents: readonly Content[]): (word: string) => readonly string[] | undefined {
  const df = new Int32Array(interner.size);
  for (const { ids } of contents) for (let i = 0; i < ids.length; i++) df[ids[i]]++;
  const frequency = (term: string): number => {
    const t = interner.find(term);
    return t === undefined || t >= df.length ? 0 : df[t];
  };
  const memo = new Map<string, readonly string[] | undefined>();
  return (word) => {
    if (!memo.has(word)) memo.set(word, splitJoinedWord(word, frequency));
    return memo.get(word);
  };
}

function buildDefinitions(docs: readonly LexicalDoc[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (key: string, file: number): void => {
    const list = out.get(key);
    if (!list) out.set(key, [file]);
    else if (list[list.length - 1] !== file) list.push(file);
  };
  docs.forEach((d, file) => {
    for (const s of d.symbols) {
      if (s.kind === "window") continue;
      add(s.name, file);
      // `Cart.total` as well as `total`: a method named with its class is far rarer than the bare name.
      const dot = s.qualifiedName.lastIndexOf(".", s.qualifiedName.length - s.name.length - 2);
      if (s.qualifiedName.length > s.name.length) add(s.qualifiedName.slice(dot + 1), file);
    }
  });
  return out;
}
