import { createRequire } from "node:module";
import { bundledAsset } from "../../bundle/bundled-asset.js";
import type { Language as Grammar, Query } from "web-tree-sitter";
import { countLines } from "../decode-text.js";
import type { BuildLayout, FileLinks, Language, SymbolInfo } from "../types.js";
import { collectLinks } from "./collect-links.js";
import { LINK_ANCHORS, LINK_QUERIES } from "./link-rules.js";
import { anchoredMatches } from "./anchored-matches.js";
import { readGoModule, readPackageManifest, readTsConfig } from "./package-manifest.js";
import { collectDeclarations, compileRules, type CompiledRules } from "./collect-declarations.js";
import { componentScript } from "./component-script.js";
import { LANGUAGE_RULES } from "./language-rules.js";
import { componentRules } from "./rules-components.js";
import { parsedLanguages, symbolExtractorVersion } from "./extractor-version.js";
import { buildLineWindows, gapWindows, type LineRange, type WindowOptions } from "./line-windows.js";
import { readsAsTerminalOutput } from "./terminal-output.js";

export { symbolExtractorVersion } from "./extractor-version.js";

/** Finds the definitions in a file's text. Never throws: anything it cannot parse falls back to line windows. */
export interface SymbolExtractor {
  /**
   * Identifies the grammars and rules: stored symbols from an extractor with another version are stale, so the
   * indexer re-extracts every file when it changes. Bump `RULES_VERSION` (extractor-version.ts) whenever a rule changes.
   */
  readonly version: string;
  /**
   * Symbols in document order with 1-based inclusive lines. Files in a language without a grammar, too large to
   * parse, or whose parse failed or timed out get line windows instead. In a parsed file, each run of at least three
   * lines of code outside every definition and import gets windows too (`gapWindows`).
   */
  extract(text: string, language: Language): SymbolInfo[];
  /**
   * The symbols (as `extract`) and the links to other code (imports, supertypes; a JSON package manifest's name and
   * entries) from one parse. Links are empty where the language has no link queries or the parse failed.
   */
  outline(text: string, language: Language): FileOutline;
  /** True when `language` is parsed (its symbols are definitions, not windows). */
  parses(language: Language): boolean;
  /**
   * Loads the grammars that `languages` need and are not loaded yet. Needed only with `grammarsOnDemand`, whose
   * `outline` refuses a language whose grammar it has not loaded; a no-op otherwise.
   */
  prepare(languages: Iterable<Language>): Promise<void>;
  /** Frees the parser's WASM memory. The extractor must not be used afterwards. */
  dispose(): void;
}

/** A content's symbols and links. */
export interface FileOutline {
  readonly symbols: SymbolInfo[];
  readonly links: FileLinks;
}

/** No links: shared, never mutated. */
export const NO_LINKS: FileLinks = Object.freeze({ imports: Object.freeze([]), types: Object.freeze([]) });

/** Limits and fallbacks of a `SymbolExtractor`. */
export interface SymbolExtractorOptions {
  /** Languages whose grammars are loaded (each costs some milliseconds once). Default: every language with rules. */
  readonly languages?: readonly Language[];
  /** Texts longer than this many characters are not parsed. Default 1 MiB, the selection's own size cap. */
  readonly maxParseChars?: number;
  /**
   * A parse that needs more than this many of tree-sitter's progress checks (one per hundred parser operations) is
   * abandoned for windows. Counted, not timed, so a file gets the same symbols on a busy machine as on a quiet one.
   * Default 30,000: about 5 s of parsing on the development host; the densest file of both development sets
   * (googletest's amalgamated `gtest.h`, 830 KB of C++) needs 7,400.
   */
  readonly maxParseChecks?: number;
  /**
   * A parse still running after this many milliseconds is abandoned for windows too. Tree-sitter does not count its
   * error recovery as operations: 100 KB of lines like ```` ```a ```` in a C, Java, Rust or Ruby file took 4.6 s for
   * 1,000 checks, and a megabyte of them ran for minutes under the check budget. A safety net, far above what any
   * file of the development sets needs (`gtest.h`, the densest: 1.2 s quiet, once past 5 s under load), so the count
   * still decides for real code and a busy machine does not change a file's symbols. Default 20,000.
   */
  readonly maxParseMs?: number;
  /** The clock the parse deadline is read from (milliseconds); default `performance.now`. */
  readonly now?: () => number;
  /** The windows used when there are no parsed symbols. */
  readonly windows?: WindowOptions;
  /**
   * Load each grammar when `prepare` first asks for it instead of all at creation (about a second of CPU for all
   * thirteen): for an index worker, which meets few languages and is one of several paying for its own grammars.
   * The results are the same; `outline` throws for a parsed language not prepared. Default false.
   */
  readonly grammarsOnDemand?: boolean;
}

/** Single-file components: their `<script>` blocks are parsed (`component-script.ts`). */
const COMPONENTS: ReadonlySet<Language> = new Set<Language>(["vue", "svelte"]);
/** The languages a component's script can be in. */
const SCRIPT_LANGUAGES: readonly Language[] = ["javascript", "typescript", "tsx"];

/** A language's grammar with its compiled declaration table. */
interface LoadedLanguage {
  readonly grammar: Grammar;
  readonly rules: CompiledRules;
  readonly links: Query | undefined;
}

/**
 * Loads tree-sitter and the grammars once (async: WASM compilation), and returns a synchronous extractor that
 * reuses one parser for every file. Create one per process and inject it where files are indexed.
 */
export async function createSymbolExtractor(options: SymbolExtractorOptions = {}): Promise<SymbolExtractor> {
  const require = createRequire(import.meta.url);
  // Imported here, not at the top: a ranking over an up-to-date index never parses, and should not pay for it.
  const { Language: TreeSitterLanguage, Parser, Query: TreeSitterQuery } = await import("web-tree-sitter");
  await Parser.init();
  const available: ReadonlySet<Language> = new Set(parsedLanguages(options.languages));
  const loaded = new Map<Language, LoadedLanguage>();
  // A component's script is parsed with its script language's grammar and the component rules.
  const scripts = new Map<Language, LoadedLanguage>();
  async function load(language: Language): Promise<void> {
    if (loaded.has(language) || !available.has(language)) return;
    const rules = LANGUAGE_RULES[language]!;
    const file = `tree-sitter-${rules.grammar}.wasm`;
    const grammar = await TreeSitterLanguage.load(bundledAsset(`grammars/${file}`) ?? require.resolve(`tree-sitter-wasms/out/${file}`));
    const linkQuery = LINK_QUERIES[language];
    const entry = { grammar, rules: compileRules(rules), links: linkQuery ? new TreeSitterQuery(grammar, linkQuery) : undefined };
    loaded.set(language, entry);
    if (SCRIPT_LANGUAGES.includes(language)) {
      scripts.set(language, { grammar, rules: compileRules(componentRules(rules)), links: entry.links });
    }
  }
  async function prepare(languages: Iterable<Language>): Promise<void> {
    for (const language of languages) {
      // A component's script language is known only once its text is read: any of them may be needed.
      for (const needed of COMPONENTS.has(language) ? SCRIPT_LANGUAGES : [language]) await load(needed);
    }
  }
  // In the order of `parsedLanguages`, as before grammars could load on demand.
  if (!options.grammarsOnDemand) await prepare(available);
  const parser = new Parser();
  const maxParseChars = options.maxParseChars ?? 1024 * 1024;
  const maxParseChecks = options.maxParseChecks ?? 30_000;
  const maxParseMs = options.maxParseMs ?? 20_000;
  const now = options.now ?? (() => performance.now());

  function parseOutline(text: string, language: Language, entry: LoadedLanguage): FileOutline | undefined {
    try {
      parser.setLanguage(entry.grammar);
      let checks = 0;
      const deadline = now() + maxParseMs;
      // web-tree-sitter cancels the parse when the progress callback returns true (its type says void).
      const tree = parser.parse(text, null, { progressCallback: () => ++checks > maxParseChecks || now() > deadline });
      if (!tree) return undefined;
      try {
        const imports: LineRange[] = [];
        const definitions = collectDeclarations(tree.rootNode, entry.rules, (startLine, endLine) => imports.push({ startLine, endLine }));
        const symbols = withGapWindows(definitions, gapWindows(text, [...definitions, ...imports], options.windows));
        let links = NO_LINKS;
        if (entry.links) {
          try {
            links = collectLinks(anchoredMatches(entry.links, tree.rootNode, text, LINK_ANCHORS[language], 10_000), language);
          } catch {
            // Links are extra evidence: a query failure must not cost the file its symbols.
          }
        }
        return { symbols, links };
      } finally {
        tree.delete();
      }
    } catch {
      return undefined;
    } finally {
      // A cancelled parse would otherwise resume on the next file.
      parser.reset();
    }
  }

  function outline(text: string, language: Language): FileOutline {
    // A component without a script (template only) keeps its line windows, as markup does.
    const script = COMPONENTS.has(language) ? componentScript(text) : undefined;
    const grammarLanguage = script?.language ?? language;
    if (available.has(grammarLanguage) && !loaded.has(grammarLanguage)) {
      // Windows here would be stored as if the language had no grammar.
      throw new Error(`the ${grammarLanguage} grammar is not loaded: prepare(["${language}"]) first`);
    }
    const entry = script ? scripts.get(script.language) : loaded.get(language);
    const source = script?.text ?? text;
    const parsed = entry && source.length <= maxParseChars && !readsAsTerminalOutput(source)
      ? parseOutline(source, script?.language ?? language, entry)
      : undefined;
    if (parsed) return parsed;
    return { symbols: buildLineWindows(countLines(text), options.windows), links: manifestLinks(text, language) };
  }

  return {
    version: symbolExtractorVersion(options),
    extract: (text, language) => outline(text, language).symbols,
    outline,
    parses: (language) => available.has(language) || (COMPONENTS.has(language) && SCRIPT_LANGUAGES.some((l) => available.has(l))),
    prepare,
    dispose: () => {
      parser.delete();
      for (const entry of loaded.values()) entry.links?.delete();
    },
  };
}

/** The definitions with the gap windows placed in document order (a window never overlaps a definition). */
function withGapWindows(definitions: SymbolInfo[], windows: readonly SymbolInfo[]): SymbolInfo[] {
  if (windows.length === 0) return definitions;
  const out: SymbolInfo[] = [];
  let w = 0;
  for (const d of definitions) {
    while (w < windows.length && windows[w].startLine < d.startLine) out.push(windows[w++]);
    out.push(d);
  }
  while (w < windows.length) out.push(windows[w++]);
  return out;
}

/** A links field of builds, left out when there are none (a stored outline stays as it was). */
function withBuilds(builds: readonly BuildLayout[]): Pick<FileLinks, "builds"> {
  return builds.length > 0 ? { builds } : {};
}

/** What a manifest content (a `package.json`, a `tsconfig.json`, a `go.mod`) says about the tree's modules and builds. */
function manifestLinks(text: string, language: Language): FileLinks {
  if (language === "json") {
    const declared = readPackageManifest(text);
    if (declared) return { imports: [], types: [], package: declared.manifest, ...withBuilds(declared.builds) };
    const config = readTsConfig(text);
    if (config) return { imports: [], types: [], ...(config.tsPaths ? { tsPaths: config.tsPaths } : {}), ...withBuilds(config.builds) };
  }
  const goModule = language === "text" ? readGoModule(text) : undefined;
  return goModule ? { imports: [], types: [], goModule } : NO_LINKS;
}
