import { z } from "zod";
import { findClosestIds } from "./closest-ids.js";
import { measureAnswer } from "./measure-answer.js";
import type { RepoContext } from "./repo-context.js";
import type { CatalogSymbol } from "./symbol-catalog.js";
import { parseSymbolId } from "./symbol-id.js";
import { defineTool } from "./tool-definition.js";
import { ToolInputError } from "./tool-error.js";

/** Most ids one call may ask for. */
const MAX_IDS = 20;

/** `get_symbol`: ids → the exact current source of each symbol. */
export const getSymbolTool = defineTool({
  name: "get_symbol",
  title: "Get a symbol's source",
  description:
    "Read the exact current source of one or more symbols by id (`id`, or `ids` for several; ids look like " +
    "`path/to/file.py::Class.method#method` and come from locate, search_symbols or file_outline). The source is " +
    "read from the file as it is now, by the symbol's line range in the index refreshed for this call, so it stays " +
    "right after edits; `context_lines` adds that many lines above and below. An id that no longer exists (the " +
    "symbol was renamed or removed) is an error naming the closest current ids, never someone else's code. Cheaper " +
    "than reading the whole file: `tokens` is the answer's size, `file_tokens` the files' whole size.",
  input: z.object({
    id: z.string().min(1).optional().describe("One symbol id."),
    ids: z.array(z.string().min(1)).min(1).max(MAX_IDS).optional().describe(`Several symbol ids (at most ${MAX_IDS}).`),
    context_lines: z.number().int().min(0).max(50).optional().describe("Lines of context above and below (0-50, default 0)."),
  }).strict(),
  run(context, args) {
    const wanted = [...(args.id !== undefined ? [args.id] : []), ...(args.ids ?? [])].filter((id, i, all) => all.indexOf(id) === i);
    if (wanted.length === 0) throw new ToolInputError("Give `id` (one symbol id) or `ids` (several).");
    if (wanted.length > MAX_IDS) throw new ToolInputError(`At most ${MAX_IDS} ids per call; got ${wanted.length}.`);
    const found = resolveIds(context, wanted);
    const extra = args.context_lines ?? 0;
    const symbols = found.map((s) => {
      const lines = context.lines(s.path);
      const from = Math.max(1, s.startLine - extra);
      const to = Math.min(lines.count, s.endLine + extra);
      return {
        id: s.id, path: s.path, kind: s.kind, qualified_name: s.qualifiedName, start_line: s.startLine, end_line: s.endLine,
        ...(extra > 0 ? { from_line: from, to_line: to } : {}),
        source: lines.slice(from, to),
      };
    });
    const fileTokens = [...new Set(found.map((s) => s.path))].reduce((sum, p) => sum + context.fileTokens(p), 0);
    return measureAnswer({ symbols, file_tokens: fileTokens }, context.counter);
  },
});

/** The symbols of `ids`, or a `ToolInputError` naming every id that is malformed or gone and the closest current ones. */
function resolveIds(context: RepoContext, ids: readonly string[]): CatalogSymbol[] {
  const found: CatalogSymbol[] = [];
  const problems: { id: string; closest: string[] }[] = [];
  for (const id of ids) {
    const symbol = context.catalog.symbol(id);
    if (symbol) found.push(symbol);
    else problems.push({ id, closest: findClosestIds(id, context.catalog) });
  }
  if (problems.length === 0) return found;
  const lines = problems.map(({ id, closest }) => {
    const what = parseSymbolId(id) ? `No current symbol has the id '${id}' (renamed, moved or removed?).`
      : `'${id}' is not a symbol id: ids look like 'path/to/file.py::Class.method#method'.`;
    return closest.length > 0 ? `${what} Closest current ids: ${closest.join(", ")}` : what;
  });
  throw new ToolInputError(lines.join("\n"), { unknown: problems });
}
