import { createGlobMatcher } from "../index/glob.js";
import type { LexicalIndex } from "../rank/lexical-index.js";
import { rankLexical } from "../rank/rank-lexical.js";
import type { RankedFile, RankMode, Ranking } from "../rank/types.js";

/** The mode a caller asks for; `auto` lets the planner choose within the latency budget. */
export type RequestedMode = RankMode | "auto";

/** One ranking request: an issue's text (title on the first line) and how to rank it. */
export interface RankIssueRequest {
  readonly text: string;
  /** How many files to return. */
  readonly top: number;
  readonly mode: RequestedMode;
  /** Only files matching one of these globs are ranked (none: every file). */
  readonly include?: readonly string[];
  /** Files matching one of these globs are never ranked. */
  readonly exclude?: readonly string[];
  /** Time the whole ranking may take, in milliseconds; the planner keeps dense work within it. */
  readonly budgetMs?: number;
}

/**
 * Ranks files with an embedder (dense or hybrid), given the lexical ranking to fall back on. Implementations never
 * throw for embedder failures: they return the lexical ranking with the reason.
 */
export type DenseRanker = (
  request: RankIssueRequest,
  lexical: () => readonly RankedFile[],
  allow: (path: string) => boolean,
) => Promise<Ranking>;

/** What `rankIssue` reads: the lexical index, the optional dense ranker and the clock. */
export interface RankIssueDeps {
  readonly index: LexicalIndex;
  /** Absent when no API key is configured: every request is then lexical. */
  readonly dense?: DenseRanker;
  readonly now: () => number;
}

/** Lexical files handed to the dense ranker for fusion and fallback: deeper than any `top`, so fusion has depth. */
const FUSION_DEPTH = 100;

/** Below this many meaningful characters an issue gives a ranking nothing to go on. */
const MIN_QUERY_CHARS = 3;

/**
 * The triage use-case shared by the CLI and the app: ranks the indexed files for an issue. Without a dense ranker,
 * or when BM25 is asked for, the ranking is lexical; otherwise the dense ranker's planner decides and says why.
 */
export async function rankIssue(deps: RankIssueDeps, request: RankIssueRequest): Promise<Ranking> {
  const started = deps.now();
  const allow = buildPathFilter(request.include, request.exclude);
  const lexical = (depth = request.top) => rankAllowed(deps.index, request.text, depth, allow);
  if (!hasContent(request.text)) {
    return { mode: "bm25", reason: "the issue has no text to rank with", files: [], ms: deps.now() - started };
  }
  if (request.mode === "bm25" || !deps.dense) {
    const reason = request.mode === "bm25" ? "BM25 was requested" : "no embedding API key is configured";
    const files = lexical();
    return { mode: "bm25", reason, files, ms: deps.now() - started };
  }
  const ranking = await deps.dense(request, () => lexical(Math.max(request.top, FUSION_DEPTH)), allow ?? (() => true));
  return { ...ranking, files: ranking.files.slice(0, request.top), ms: deps.now() - started };
}

function rankAllowed(index: LexicalIndex, text: string, limit: number, allow: ((path: string) => boolean) | undefined) {
  return rankLexical(index, text, { limit, ...(allow ? { include: allow } : {}) });
}

/** A predicate over paths from include/exclude globs, or undefined when neither narrows anything. */
export function buildPathFilter(include: readonly string[] = [], exclude: readonly string[] = []) {
  const inc = include.filter((p) => p.trim() !== "");
  const exc = exclude.filter((p) => p.trim() !== "");
  if (inc.length === 0 && exc.length === 0) return undefined;
  const incMatch = createGlobMatcher(inc);
  const excMatch = createGlobMatcher(exc);
  return (path: string) => (inc.length === 0 || incMatch.matches(path)) && !excMatch.matches(path);
}

function hasContent(text: string): boolean {
  return text.replace(/[\s\p{P}\p{S}]/gu, "").length >= MIN_QUERY_CHARS;
}
