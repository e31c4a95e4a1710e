import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDataset, type EvalRow } from "../eval/dataset.js";
import { buildPastFixes } from "../eval/past-fixes.js";
import { evaluateDataset, type EvalReport } from "../eval/evaluate-dataset.js";
import { pointersOfRanking, pointersOfSymbols } from "../eval/ranked-pointers.js";
import { readTreeTime } from "../eval/read-tree-time.js";
import { renderReport } from "../eval/render-report.js";
import { openIndexStore, type SqliteIndexStore } from "../store/open-index-store.js";
import type { Indexer } from "../triage/create-indexer.js";
import { createLexicalIndexCache } from "../triage/lexical-index-cache.js";
import type { StoreDense } from "../triage/create-store-dense.js";
import { rankIssueRated, type RequestedMode } from "../triage/rank-issue.js";
import { rankIssueSymbols } from "../triage/rank-issue-symbols.js";
import { defaultSettings } from "../triage/settings-schema.js";
import { decideComment } from "../triage/decide-comment.js";
import { classifyIssueText } from "../issue-type/classify-issue-text.js";
import { checkoutIssueTypeContext } from "../triage/checkout-issue-templates.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { readTreeFile } from "../index/read-tree-file.js";

/** Options of `bugscout eval`. */
export interface EvalCommandOptions {
  readonly dataset?: string;
  readonly trees?: string;
  readonly out?: string;
  readonly mode: RequestedMode;
  /** Where the per-repository stores live; default a temporary folder removed at the end. */
  readonly storeDir?: string;
  /** Evaluate only rows of these repositories (owner/name). */
  readonly repos: readonly string[];
  /** Evaluate at most this many rows (after the repository filter), in dataset order. */
  readonly limit?: number;
  /** How many paths each output line keeps. */
  readonly keep: number;
  /**
   * `--history`: fuse similar past fixes (the earlier rows of the same repository) with this weight (0..1).
   * Absent: no history, the plain ranking.
   */
  readonly historyWeight?: number;
  /**
   * `--negatives`: also rank every issue against another repository's tree (`chooseNegativeTrees`), where nothing can
   * be right, and report how well the confidence tells those from the issues whose first file is right.
   */
  readonly negatives?: boolean;
}

/** How many symbols of the cross-file symbol ranking each output line keeps (symbol Acc@10 reads the first 10). */
const SYMBOLS_KEPT = 10;

/** The weight `--history` uses without `--history-weight`: the app's default (docs/ranking.md, "Similar past fixes"). */
export const DEFAULT_HISTORY_WEIGHT = 0.1;

/**
 * `bugscout eval`: ranks every dataset row's issue against its tree at `<trees>/<base_commit>/`, writes one JSON
 * line per row to `--out` and prints Hit@k, MRR, MAP and NDCG overall and per repository. One store per repository
 * is reused across its trees, so only contents that changed between commits are analysed again.
 */
export async function runEvalCommand(
  io: CliIo,
  indexer: Indexer,
  options: EvalCommandOptions,
  dense?: StoreDense,
): Promise<EvalReport> {
  const dataset = readDataset(options.dataset);
  const rows = selectRows(dataset, options);
  // Past fixes come from the whole dataset, not only the rows selected by --repo / --limit.
  const pastFixes = options.historyWeight !== undefined ? buildPastFixes(dataset) : undefined;
  const trees = requireDir(options.trees, "--trees");
  if (!options.out) throw new CliError("No output file given. Pass --out <run.jsonl>.");
  const storeDir = options.storeDir ?? mkdtempSync(join(tmpdir(), "bugscout-eval-"));
  const out = createWriteStream(options.out, { encoding: "utf8" });
  const stores = new Map<string, SqliteIndexStore>();
  const cache = createLexicalIndexCache();
  // The files the comment would show are reported at the settings' defaults.
  const settings = defaultSettings();
  const defaults = settings.ranking;
  try {
    const report = await evaluateDataset(
      {
        treeTime: (_repo, commit) => readTreeTime(join(trees, commit)),
        async openTree(repo, commit) {
          const store = stores.get(repo) ?? openIndexStore(join(storeDir, `${repo.replace("/", "__")}.sqlite`));
          stores.set(repo, store);
          const root = requireDir(join(trees, commit), "tree");
          await indexer.refresh(store, root, { meta: { commit } });
          const index = cache.get(store);
          // Dense and hybrid are measured warm: embed the tree's missing units before its issues are ranked.
          const denseRanker = dense && options.mode !== "bm25" ? dense.ranker(store, root) : undefined;
          if (dense && denseRanker && options.mode !== "auto") await dense.fill(store, root);
          // The issue forms of the tree at the issue's commit: the App reads those of the default branch when it opens.
          const typeContext = await checkoutIssueTypeContext(root);
          return {
            async rank(text, row) {
              const issueType = classifyIssueText(text, typeContext);
              const history = pastFixes ? { history: { docs: pastFixes(row), weight: options.historyWeight ?? 0 } } : {};
              const { ranking, features } = await rankIssueRated(
                { index, ...(denseRanker ? { dense: denseRanker } : {}), now: () => performance.now(), readFile: (path, max) => readTreeFile(root, path, max) },
                { text, top: options.keep, mode: options.mode, ...history },
              );
              // The cross-file symbol ranking (`rank --symbols`) is lexical whatever the mode, as the command is.
              const symbols = pointersOfSymbols(rankIssueSymbols({ index, now: () => performance.now() }, { text, top: SYMBOLS_KEPT }).symbols);
              return {
                paths: ranking.files.map((f) => f.path), scores: ranking.files.map((f) => f.score), mode: ranking.mode, pointers: pointersOfRanking(ranking.files), symbols,
                confidence: ranking.confidence, ...(features ? { features: { ...features } } : {}),
                comment: decideComment({ settings, issueType, confidence: ranking.confidence, namesFirstFile: ranking.namesFirstFile, files: ranking.files.length, requested: false, labels: [] }).comment,
                issueType,
              };
            },
          };
        },
        async closeRepo(repo) {
          const store = stores.get(repo);
          if (store) await dense?.release(store);
          store?.close();
          stores.delete(repo);
        },
        writeLine: (line) => new Promise<void>((resolve, reject) => out.write(`${line}\n`, (e) => (e ? reject(e) : resolve()))),
        now: () => performance.now(),
        shownCut: { minRelative: defaults.min_relative_score, topK: defaults.top_k },
        onProgress: (p) => io.progress.update(`eval ${p.repo}`, p.done, p.total),
      },
      rows,
      { negatives: options.negatives ?? false },
    );
    io.progress.done();
    for (const line of renderReport(report, defaultSettings().ranking.min_confidence).split("\n")) io.out(line);
    return report;
  } finally {
    for (const store of stores.values()) store.close();
    await new Promise<void>((resolve) => out.end(resolve));
    if (!options.storeDir) rmSync(storeDir, { recursive: true, force: true });
  }
}

function readDataset(path: string | undefined): EvalRow[] {
  if (!path) throw new CliError("No dataset given. Pass --dataset <file.jsonl>.");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new CliError(`Cannot read the dataset: ${path}`);
  }
  try {
    return parseDataset(text);
  } catch (error) {
    throw new CliError(`The dataset ${path} is not valid: ${(error as Error).message}`, 2, { cause: error });
  }
}

function selectRows(rows: EvalRow[], options: EvalCommandOptions): EvalRow[] {
  const wanted = options.repos.length > 0 ? rows.filter((r) => options.repos.includes(r.repo)) : rows;
  const limited = options.limit !== undefined ? wanted.slice(0, options.limit) : wanted;
  if (limited.length === 0) throw new CliError("No dataset rows to evaluate (check --repo and --limit).");
  return limited;
}

function requireDir(path: string | undefined, flag: string): string {
  if (!path) throw new CliError(`No trees folder given. Pass ${flag} <dir>.`);
  try {
    if (statSync(path).isDirectory()) return path;
  } catch {
    // reported below
  }
  throw new CliError(`Not a directory (${flag}): ${path}`);
}
