import type { IndexStore } from "../store/index-store.js";
import { inThreadBlobBuilder, type NewContent } from "./build-blob.js";
import { CONTENT_VERSION_KEY, type AnalyzeContent } from "./index-tree.js";
import { createMemoryTreeSource } from "./memory-tree-source.js";
import { walkSelection, type SelectionOptions } from "./select-files.js";
import { DEFAULT_MAX_FILES } from "./selection-rules.js";
import type { DeferredSymbolExtractor } from "./symbols/defer-symbol-extractor.js";
import type { SymbolExtractor } from "./symbols/symbol-extractor.js";

/** Inputs of {@link indexDelta}. */
export interface IndexDeltaOptions {
  readonly store: IndexStore;
  /** A loaded extractor, or a deferred one (loaded only when the delta has a new content to analyse). */
  readonly extractor: SymbolExtractor | DeferredSymbolExtractor;
  readonly analyze: AnalyzeContent;
  readonly analysisVersion?: string;
  readonly selection?: SelectionOptions;
  /** Added, modified and renamed-to files with their new bytes. */
  readonly upserts: ReadonlyMap<string, Uint8Array>;
  /** Removed and renamed-from paths. */
  readonly removals: readonly string[];
  readonly meta?: Readonly<Record<string, string>>;
  readonly now?: () => number;
}

/** What a delta did; undefined from {@link indexDelta} means "not applicable, index the whole tree". */
export interface DeltaReport {
  readonly files: number;
  readonly analyzed: number;
  readonly ms: number;
}

/**
 * Applies a push's changed files to the stored tree with the same result as indexing the whole new tree: the changed
 * paths go through the same selection rules (path, size, binary, generated, minified), new contents are analysed,
 * and the tree is replaced in one transaction. Not applicable — undefined, nothing written — when the stored contents
 * were analysed by another version, or when the file cap could cut the tree (the cap keeps the first files in path
 * order, which only a full walk can decide).
 */
export async function indexDelta(options: IndexDeltaOptions): Promise<DeltaReport | undefined> {
  const { store, extractor } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const contentVersion = `${extractor.version}|analysis-${options.analysisVersion ?? "0"}`;
  if (store.getMeta(CONTENT_VERSION_KEY) !== contentVersion) return undefined;
  if (options.selection?.include?.some((p) => p.trim() !== "") || options.selection?.exclude?.some((p) => p.trim() !== "")) {
    // Globs are applied to the whole walk; kept simple: the tarball path handles them.
    return undefined;
  }
  const tree = new Map(store.listFiles().map((f) => [f.path, f.hash]));
  const maxFiles = options.selection?.maxFiles ?? DEFAULT_MAX_FILES;
  if (tree.size + options.upserts.size >= maxFiles) return undefined;

  for (const path of options.removals) tree.delete(path);
  for (const path of options.upserts.keys()) tree.delete(path);
  const fresh = new Map<string, NewContent>();
  for (const event of walkSelection(createMemoryTreeSource(options.upserts), options.selection)) {
    if (event.kind !== "selected") continue;
    tree.set(event.file.path, event.file.hash);
    if (!fresh.has(event.file.hash)) fresh.set(event.file.hash, event.file);
  }
  const known = store.knownHashes([...fresh.keys()]);
  // The same records as a full refresh builds; the extractor is loaded only when some content is new.
  const builder = inThreadBlobBuilder(async () => ("load" in extractor ? extractor.load() : extractor), options.analyze);
  const blobs = await builder.build([...fresh.values()].filter((content) => !known.has(content.hash)));
  const files = [...tree].map(([path, hash]) => ({ path, hash }));
  const meta = { ...options.meta, [CONTENT_VERSION_KEY]: contentVersion, indexed_at: new Date(now()).toISOString() };
  store.applyTree({ files, blobs, meta });
  return { files: files.length, analyzed: blobs.length, ms: now() - started };
}
