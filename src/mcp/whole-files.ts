import { fileSymbol, type CodeView } from "./code-views.js";
import { fitsWithin } from "./fits-within.js";
import type { RepoContext } from "./repo-context.js";
import type { CatalogSymbol } from "./symbol-catalog.js";

/**
 * When a ranked file is shown whole instead of its pointers: its whole text is at most `maxTokens` cl100k tokens and
 * at most `maxShare` of the budget (so a small budget still holds places in several files). Measured on both
 * development sets (docs/benchmarks.md, "Accuracy within a token budget"). The first ranked file may also come whole
 * when it fills at most `firstShare` of the budget, however many tokens that is: it is the right file for most issues,
 * and whole it also shows the lines its pointers and excerpt would miss (imports, a helper the issue does not
 * describe). Half, the share every whole file is held to, gained most on half A of both development sets' repositories
 * of a third, half and two thirds, and held on half B (docs/benchmarks.md, "the first file whole up to half the
 * budget").
 */
export const WHOLE_FILE = { maxTokens: 800, maxShare: 0.5, firstShare: 0.5 } as const;

/**
 * For each of the ranked `paths` (best first), the whole file as one code item (its path as id) when it is small
 * enough to show whole at `budget` (`WHOLE_FILE`; the first file also up to `firstShare` of the budget), else
 * undefined. A file is measured as `locate` shows it, by `view` (`codeView`, which shortens a Python file's long
 * docstrings; the caller's, so the views it makes here are the ones packing shows).
 */
export function wholeFiles(
  context: RepoContext,
  paths: readonly string[],
  budget: number,
  firstShare: number,
  view: (s: CatalogSymbol) => CodeView,
): (CatalogSymbol | undefined)[] {
  const others = Math.min(WHOLE_FILE.maxTokens, budget * WHOLE_FILE.maxShare);
  return paths.map((path, i) => wholeFile(context, path, i === 0 ? Math.max(others, budget * firstShare) : others, view));
}

function wholeFile(context: RepoContext, path: string, limit: number, view: (s: CatalogSymbol) => CodeView): CatalogSymbol | undefined {
  const file = fileSymbol(context, path);
  if (!file || context.fileTokens(path) <= limit) return file;
  // Only a shortened view can fit now; `codeView` shortens nothing outside Python, so skip the copy there.
  if (file.language !== "python") return undefined;
  const shown = view(file);
  return shown.omitted && fitsWithin(context.counter, shown.source, limit) ? file : undefined;
}
