import { rankSymbols, type RankedSymbol } from "../rank/signals/rank-symbols.js";
import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import { buildPathFilter, type RankIssueRequest } from "./rank-issue.js";

/** A symbol ranking with how long it took. */
export interface SymbolRanking {
  readonly symbols: readonly RankedSymbol[];
  readonly ms: number;
}

/**
 * The symbols most likely to need a change, across files (`bugscout rank --symbols`, the agents' unit): the same
 * lexical file ranking and the same per-symbol scores that choose each file's pointers in the comment, within the
 * request's path filters. `request.top` is the number of symbols.
 */
export function rankIssueSymbols(
  deps: { readonly index: LexicalIndex; readonly now: () => number },
  request: Pick<RankIssueRequest, "text" | "top" | "include" | "exclude">,
): SymbolRanking {
  const started = deps.now();
  const allow = buildPathFilter(request.include, request.exclude);
  const symbols = rankSymbols(deps.index, request.text, { limit: request.top, ...(allow ? { include: allow } : {}) });
  return { symbols, ms: deps.now() - started };
}
