import type { BlobRecord } from "../store/index-store.js";
import { countLines, decodeText } from "./decode-text.js";
import type { SymbolExtractor } from "./symbols/symbol-extractor.js";
import type { Language, SymbolInfo } from "./types.js";

/** What the content analysis of one new content sees. */
export interface AnalyzeInput {
  readonly text: string;
  readonly language: Language;
  readonly symbols: readonly SymbolInfo[];
  /** The first path this content was seen at; the analysis is stored by hash and reused for other paths. */
  readonly path: string;
}

/** Encodes what the ranker needs from a content (owned by rank/lexical/analyze-content.ts); opaque to the indexer. */
export type AnalyzeContent = (input: AnalyzeInput) => Uint8Array;

/** A content the store does not have yet, as the walk read it. */
export interface NewContent {
  /** The first path it was seen at. */
  readonly path: string;
  readonly hash: string;
  readonly size: number;
  readonly language: Language;
  readonly bytes: Uint8Array;
}

/**
 * Turns new contents into the records the store keeps: on this thread ({@link inThreadBlobBuilder}) or on worker
 * threads (worker-blob-builder.ts). Both give the same records for the same contents.
 */
export interface BlobBuilder {
  /** The records of `contents`, in their order. Rejects when a content's analysis fails. */
  build(contents: readonly NewContent[]): Promise<BlobRecord[]>;
}

/** Decodes, outlines (symbols and links from one parse) and analyses one content. */
export function buildBlob(content: NewContent, extractor: SymbolExtractor, analyze: AnalyzeContent): BlobRecord {
  const text = decodeText(content.bytes);
  const { symbols, links } = extractor.outline(text, content.language);
  let analysis: Uint8Array;
  try {
    analysis = analyze({ text, language: content.language, symbols, path: content.path });
  } catch (error) {
    throw new Error(`Content analysis failed for ${content.path}`, { cause: error });
  }
  return {
    hash: content.hash, language: content.language, size: content.size, lineCount: countLines(text), analysis, symbols, links,
  };
}

/**
 * Builds records on the calling thread with an extractor loaded on first use (`load` is not called when every
 * content is already stored, so an up-to-date refresh never loads the grammars).
 */
export function inThreadBlobBuilder(load: () => Promise<SymbolExtractor>, analyze: AnalyzeContent): BlobBuilder {
  return {
    async build(contents) {
      if (contents.length === 0) return [];
      const extractor = await load();
      return contents.map((content) => buildBlob(content, extractor, analyze));
    },
  };
}
