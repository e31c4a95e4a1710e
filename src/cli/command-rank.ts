import { classifyIssueText } from "../issue-type/classify-issue-text.js";
import { checkoutIssueTypeContext } from "../triage/checkout-issue-templates.js";
import type { IssueType } from "../issue-type/types.js";
import type { Ranking } from "../rank/types.js";
import type { Indexer } from "../triage/create-indexer.js";
import { loadLexicalIndex, type LoadedLexicalIndex } from "../triage/load-lexical-index.js";
import type { StoreDense } from "../triage/create-store-dense.js";
import { rankIssue, type RequestedMode } from "../triage/rank-issue.js";
import type { CliIo } from "./cli-io.js";
import { openCheckout } from "./open-checkout.js";
import { renderRankingText, renderSymbolsText } from "./render-ranking-text.js";
import { rankIssueSymbols, type SymbolRanking } from "../triage/rank-issue-symbols.js";
import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import type { SqliteIndexStore } from "../store/open-index-store.js";
import { readTreeFile } from "../index/read-tree-file.js";

/** Options of `bugscout rank`. */
export interface RankCommandOptions {
  readonly repo?: string;
  readonly store?: string;
  readonly top: number;
  readonly mode: RequestedMode;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly budgetMs: number;
  readonly json: boolean;
  /** `--symbols`: list the top symbols across files instead of files (lexical; `top` symbols). */
  readonly symbols?: boolean;
}

/**
 * `bugscout rank`: refreshes the checkout's index incrementally, ranks its files for the issue `text` (read by the
 * caller with `readIssueText`, before it asks a running `serve`) and prints them best first (`--json`: `{ mode,
 * reason, ms, files: [{ path, score, evidence }] }`). With an embedding key the planner picks the mode; embeddings
 * missing at that moment are filled by `bugscout index`, not by this command.
 * `--symbols` prints the top symbols across files instead (`--json`: `{ ms, symbols: [{ path, qualifiedName, … }] }`).
 */
export async function runRankCommand(
  io: CliIo,
  indexer: Indexer,
  options: RankCommandOptions,
  text: string,
  dense?: StoreDense,
): Promise<Ranking | SymbolRanking> {
  const { store, root } = await openCheckout(indexer, options.repo, options.store, io.progress);
  let loaded: LoadedLexicalIndex | undefined;
  try {
    // An index built after a change is saved for the next process once the answer is printed.
    loaded = loadLexicalIndex(store, undefined, { saveLater: true });
    return await rankOnIndex(io, { index: loaded.index, store, root }, options, text, dense);
  } finally {
    loaded?.save();
    // A background fill the planner started cannot outlive the process; `bugscout index` embeds in the foreground.
    await dense?.release(store);
    loaded?.release();
    store.close();
  }
}

/** The ranking options a rank request carries (to this process or to a server). */
export type RankRequestOptions = Pick<RankCommandOptions, "top" | "mode" | "include" | "exclude" | "budgetMs" | "json" | "symbols">;

/**
 * Ranks `text` on an index already refreshed and loaded, and prints the result to `io`: what `rank` does in its own
 * process and what `serve` does for each request. A served answer says so (`"served": true`, "answered by bugscout
 * serve" on the text's last line), so whoever reads it knows which process ranked.
 */
export async function rankOnIndex(
  io: Pick<CliIo, "out">,
  repo: { readonly index: LexicalIndex; readonly store: SqliteIndexStore; readonly root: string },
  options: RankRequestOptions,
  text: string,
  dense?: StoreDense,
  served = false,
): Promise<Ranking | SymbolRanking> {
  const { index, store, root } = repo;
  const print = (result: object, lines: string[]): void => {
    if (options.json) io.out(JSON.stringify(served ? { ...result, served } : result));
    else for (const [i, line] of lines.entries()) io.out(served && i === lines.length - 1 ? `${line}; answered by bugscout serve` : line);
  };
  if (options.symbols) {
    const ranked = rankIssueSymbols({ index, now: () => performance.now() }, { text, top: options.top, include: options.include, exclude: options.exclude });
    print(ranked, options.json ? [] : renderSymbolsText(ranked));
    return ranked;
  }
  const ranking = await rankIssue(
    { index, ...(dense ? { dense: dense.ranker(store, root) } : {}), now: () => performance.now(), readFile: (path, max) => readTreeFile(root, path, max) },
    { text, top: options.top, mode: options.mode, include: options.include, exclude: options.exclude, budgetMs: options.budgetMs },
  );
  print(options.json ? await withIssueType(ranking, text, root) : ranking, options.json ? [] : renderRankingText(ranking));
  return ranking;
}


/** `rank --json`'s answer: the ranking and the kind of issue its text reads as (`issue_type`), the checkout's own issue templates known. */
async function withIssueType(ranking: Ranking, text: string, root: string): Promise<Ranking & { issue_type: IssueType }> {
  return { ...ranking, issue_type: classifyIssueText(text, await checkoutIssueTypeContext(root)) };
}
