import { z } from "zod";
import { createGlobMatcher } from "../index/glob.js";
import { rankIssue } from "../triage/rank-issue.js";
import { measureAnswer } from "./measure-answer.js";
import type { RepoContext } from "./repo-context.js";
import { normaliseRepoPath } from "./repo-path.js";
import type { CatalogSymbol } from "./symbol-catalog.js";
import { searchSymbols } from "./symbol-search.js";
import { defineTool } from "./tool-definition.js";
import { ToolInputError } from "./tool-error.js";

/** Files of the query's own file ranking consulted to order symbols of equal score. */
const TIE_BREAK_FILES = 50;
/** A signature line longer than this is cut: minified or generated code has kilobyte-long lines. */
const MAX_SIGNATURE_CHARS = 200;

/**
 * The score factor of symbols in tests, docs, examples and other non-code files: an agent looking for `middleware`
 * wants the definition before the tests of it, but a test whose name matches far better still comes first.
 */
const NON_CODE_WEIGHT = 0.7;

const KINDS = ["class", "interface", "enum", "struct", "trait", "module", "function", "method", "constructor", "property"] as const;

/** `search_symbols`: words → the symbols whose names match them best (BM25 over name words). */
export const searchSymbolsTool = defineTool({
  name: "search_symbols",
  title: "Search symbols by name",
  description:
    "Find functions, methods, classes and other definitions by words of their names: `query` is split into words " +
    "the way identifiers are (camelCase and snake_case parts match, `user name` finds `getUserName`); symbols in " +
    "tests, docs and examples rank a little below code. Narrow with " +
    "`kind`, `path` (a path prefix such as `src/api/` or a glob such as `**/*.go`) and `language`. Returns up to " +
    "`limit` symbols, best first, each with its `id` (pass it to get_symbol for the source), kind, qualified name, " +
    "file, line range and `signature` (the first line of its source). Cheap: use it to find a definition by name " +
    "instead of reading or grepping whole files.",
  input: z.object({
    query: z.string().min(1).describe("Words of the symbol name, e.g. `parse header` or `UserRepository.save`."),
    kind: z.enum(KINDS).optional().describe("Only symbols of this kind."),
    path: z.string().optional().describe("Only files under this path prefix, or matching this glob (`*`, `**`, `?`)."),
    language: z.string().optional().describe("Only files of this language, e.g. `python`, `typescript`, `go`."),
    limit: z.number().int().min(1).max(50).optional().describe("How many symbols (default 10, at most 50)."),
  }).strict(),
  async run(context, args) {
    const accept = buildFilter(args.kind, args.path, args.language);
    const filePosition = await rankFiles(context, args.query);
    const hits = searchSymbols(context.searchIndex(), args.query, args.limit ?? 10, {
      accept, weight: (s) => (s.role === "code" ? 1 : NON_CODE_WEIGHT), tieBreak: (s) => filePosition.get(s.path) ?? TIE_BREAK_FILES,
    });
    const symbols = hits.map(({ symbol, score }) => ({
      id: symbol.id, kind: symbol.kind, qualified_name: symbol.qualifiedName, path: symbol.path,
      start_line: symbol.startLine, end_line: symbol.endLine, signature: signatureOf(context, symbol),
      score: Math.round(score * 1000) / 1000,
    }));
    const paths = new Set(symbols.map((s) => s.path));
    const fileTokens = [...paths].reduce((sum, p) => sum + context.fileTokens(p), 0);
    return measureAnswer({ symbols, file_tokens: fileTokens }, context.counter);
  },
});

/** The query's file ranking as positions, for ordering symbols whose names match equally well. */
async function rankFiles(context: RepoContext, query: string): Promise<Map<string, number>> {
  const ranking = await rankIssue({ index: context.repo.index, now: () => performance.now() }, { text: query, top: TIE_BREAK_FILES, mode: "bm25" });
  return new Map(ranking.files.map((f, i) => [f.path, i]));
}

function buildFilter(kind: string | undefined, path: string | undefined, language: string | undefined): (s: CatalogSymbol) => boolean {
  let inPath: (p: string) => boolean = () => true;
  if (path !== undefined && path.trim() !== "") {
    const normal = normaliseRepoPath(path);
    if (/[*?[]/.test(normal)) {
      const glob = createGlobMatcher([normal]);
      inPath = (p) => glob.matches(p);
    } else {
      inPath = (p) => p.startsWith(normal);
    }
  }
  const lang = language?.trim().toLowerCase();
  if (lang === "") throw new ToolInputError("`language` is empty: give a language such as `python`, or leave it out.");
  return (s) => (kind === undefined || s.kind === kind) && (lang === undefined || s.language === lang) && inPath(s.path);
}

function signatureOf(context: RepoContext, symbol: CatalogSymbol): string {
  const line = context.lines(symbol.path).slice(symbol.startLine, symbol.startLine).trim();
  return line.length > MAX_SIGNATURE_CHARS ? `${line.slice(0, MAX_SIGNATURE_CHARS)}…` : line;
}
