import { symbolExtractorVersion } from "./extractor-version.js";
import type { SymbolExtractor, SymbolExtractorOptions } from "./symbol-extractor.js";

/** The real extractor, its module (and the rule tables) imported only when some content needs parsing. */
const createSymbolExtractor = async (options: SymbolExtractorOptions): Promise<SymbolExtractor> =>
  (await import("./symbol-extractor.js")).createSymbolExtractor(options);

/**
 * A symbol extractor whose grammars are loaded on first use. Its version is known up front, so an index refresh
 * that finds every content already stored (a warm `bugscout rank`) never loads tree-sitter at all.
 */
export interface DeferredSymbolExtractor {
  /** The loaded extractor's `version`. */
  readonly version: string;
  /** The extractor, loaded on the first call and shared by later ones. */
  load(): Promise<SymbolExtractor>;
  /** Frees the extractor when it was loaded; a no-op otherwise. */
  dispose(): void;
}

/**
 * Defers `createSymbolExtractor(options)` until `load()`. `create` is injectable so tests can count loads. A loaded
 * extractor whose version differs from the announced one is refused: contents stored under the announced version
 * would otherwise be reused with symbols from another rule set.
 */
export function deferSymbolExtractor(
  options: SymbolExtractorOptions = {},
  create: (options: SymbolExtractorOptions) => Promise<SymbolExtractor> = createSymbolExtractor,
): DeferredSymbolExtractor {
  const version = symbolExtractorVersion(options);
  let loading: Promise<SymbolExtractor> | undefined;
  return {
    version,
    load() {
      loading ??= create(options).then((extractor) => {
        if (extractor.version !== version) {
          extractor.dispose();
          throw new Error(`symbol extractor version ${extractor.version} differs from the announced ${version}`);
        }
        return extractor;
      });
      return loading;
    },
    dispose() {
      void loading?.then((extractor) => extractor.dispose(), () => {});
    },
  };
}

/** An extractor that is already loaded, in the deferred shape. */
export function loadedSymbolExtractor(extractor: SymbolExtractor): DeferredSymbolExtractor {
  return { version: extractor.version, load: async () => extractor, dispose: () => extractor.dispose() };
}
