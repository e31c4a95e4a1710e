import type { Language } from "../types.js";
import { DEFAULT_WINDOW_LINES, DEFAULT_WINDOW_OVERLAP, type WindowOptions } from "./line-windows.js";

/** Bumped whenever a declaration rule or the window fallback changes what `extract` returns. */
export const RULES_VERSION = 11;

/**
 * The languages with declaration rules: the keys of `LANGUAGE_RULES` (a test keeps the two equal). Listed here so
 * the version is known without importing the rule tables (10–15 ms of a warm `bugscout rank`, which parses nothing).
 */
export const PARSED_LANGUAGES: readonly Language[] = [
  "python", "javascript", "typescript", "tsx", "java", "kotlin", "go", "rust", "c", "cpp", "csharp", "ruby", "php",
  "swift", "scala",
];

/** The languages an extractor parses: the requested ones (default all) that have declaration rules. */
export function parsedLanguages(requested: readonly Language[] | undefined): Language[] {
  return (requested ?? PARSED_LANGUAGES).filter((language) => PARSED_LANGUAGES.includes(language));
}

/**
 * The `version` an extractor created with these options has, known without loading anything: the indexer compares
 * it with the stored one before deciding whether any file needs parsing at all.
 */
export function symbolExtractorVersion(
  options: { readonly languages?: readonly Language[]; readonly windows?: WindowOptions } = {},
): string {
  const { lines = DEFAULT_WINDOW_LINES, overlap = DEFAULT_WINDOW_OVERLAP } = options.windows ?? {};
  return [`rules-${RULES_VERSION}`, "web-tree-sitter-0.25", `windows-${lines}/${overlap}`,
    ...[...new Set(parsedLanguages(options.languages))].sort()].join(";");
}
