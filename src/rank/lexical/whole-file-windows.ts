import type { Language, SymbolInfo } from "../../index/types.js";
import { PARSED_LANGUAGES } from "../../index/symbols/extractor-version.js";

/**
 * Whether a file's line windows stand for the whole file (a language without a grammar, or a component without a
 * script: windows and nothing else) rather than covering the code outside a parsed file's definitions. Windows that
 * stand for the file are its segments in the file ranking and their names count as its symbol words, as they always
 * have; the others are places for the pointer only, so the file ranking reads a parsed file as it did before them.
 */
export function windowsStandForFile(language: Language, symbols: readonly SymbolInfo[]): boolean {
  return !PARSED_LANGUAGES.includes(language) && symbols.every((s) => s.kind === "window");
}
