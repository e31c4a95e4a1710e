import { readFileSync } from "node:fs";
import type { Ranking } from "../rank/types.js";
import type { Indexer } from "../triage/create-indexer.js";
import { loadLexicalIndex, type LoadedLexicalIndex } from "../triage/load-lexical-index.js";
import type { StoreDense } from "../triage/create-store-dense.js";
import { rankIssue, type RequestedMode } from "../triage/rank-issue.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { openCheckout } from "./open-checkout.js";
import { renderRankingText, renderSymbolsText } from "./render-ranking-text.js";
import { rankIssueSymbols, type SymbolRanking } from "../triage/rank-issue-symbols.js";

/** Options of `bugscout rank`. */
export interface RankCommandOptions {
  readonly repo?: string;
  readonly issue?: string;
  readonly issueFile?: string;
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
 * `bugscout rank`: refreshes the checkout's index incrementally, ranks its files for the issue and prints them best
 * first (`--json`: `{ mode, reason, ms, files: [{ path, score, evidence }] }`). With an embedding key the planner
 * picks the mode; embeddings missing at that moment are filled by `bugscout index`, not by this command.
 * `--symbols` prints the top symbols across files instead (`--json`: `{ ms, symbols: [{ path, qualifiedName, … }] }`).
 */
export async function runRankCommand(
  io: CliIo,
  indexer: Indexer,
  options: RankCommandOptions,
  dense?: StoreDense,
): Promise<Ranking | SymbolRanking> {
  const text = readIssueText(options);
  const { store, root } = await openCheckout(indexer, options.repo, options.store, io.progress);
  let loaded: LoadedLexicalIndex | undefined;
  try {
    // An index built after a change is saved for the next process once the answer is printed.
    loaded = loadLexicalIndex(store, undefined, { saveLater: true });
    const { index } = loaded;
    if (options.symbols) {
      const ranked = rankIssueSymbols({ index, now: () => performance.now() }, { text, top: options.top, include: options.include, exclude: options.exclude });
      if (options.json) io.out(JSON.stringify(ranked));
      else for (const line of renderSymbolsText(ranked)) io.out(line);
      return ranked;
    }
    const ranking = await rankIssue(
      { index, ...(dense ? { dense: dense.ranker(store, root) } : {}), now: () => performance.now() },
      { text, top: options.top, mode: options.mode, include: options.include, exclude: options.exclude, budgetMs: options.budgetMs },
    );
    if (options.json) io.out(JSON.stringify(ranking));
    else for (const line of renderRankingText(ranking)) io.out(line);
    return ranking;
  } finally {
    loaded?.save();
    // A background fill the planner started cannot outlive the process; `bugscout index` embeds in the foreground.
    await dense?.release(store);
    loaded?.release();
    store.close();
  }
}

function readIssueText(options: RankCommandOptions): string {
  if (options.issue !== undefined && options.issueFile !== undefined) {
    throw new CliError("Give the issue once: either --issue <text> or --issue-file <file>, not both.");
  }
  let text = options.issue;
  if (options.issueFile !== undefined) {
    try {
      text = readFileSync(options.issueFile, "utf8");
    } catch {
      throw new CliError(`Cannot read the issue file: ${options.issueFile}`);
    }
  }
  if (text === undefined) throw new CliError("No issue given. Pass --issue <text> or --issue-file <file>.");
  if (text.trim() === "") throw new CliError("The issue text is empty: there is nothing to rank with.");
  return text;
}
