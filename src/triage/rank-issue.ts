import { createGlobMatcher } from "../index/glob.js";
import { fuseHistory } from "../rank/signals/fuse-history.js";
import type { LexicalIndex } from "../rank/lexical/lexical-index.js";
import { scoreHistory, type HistoryDoc, type HistoryOptions } from "../rank/signals/score-history.js";
import { rankLexical } from "../rank/signals/rank-lexical.js";
import { buildConfidenceFeatures, CONFIDENCE_DEPTH, type ConfidenceFeatures } from "../rank/confidence/confidence-features.js";
import { scoreConfidence } from "../rank/confidence/confidence-model.js";
import type { RankedFile, RankMode, Ranking, UnratedRanking } from "../rank/types.js";
import type { SourceMap } from "../rank/pointers/source-maps.js";
import { readSourceMaps, type TreeFileReader } from "./read-source-maps.js";

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
  /**
   * Similar past fixes (issues fixed before this one, with the files their fixes changed) and the share of the
   * final score they get (`weight`, see fuseHistory). Absent or weight 0: the ranking is unchanged.
   */
  readonly history?: { readonly docs: readonly HistoryDoc[]; readonly weight: number; readonly options?: HistoryOptions };
}

/**
 * Ranks files with an embedder (dense or hybrid), given the lexical ranking to fall back on. Implementations never
 * throw for embedder failures: they return the lexical ranking with the reason.
 */
export type DenseRanker = (
  request: RankIssueRequest,
  lexical: () => readonly RankedFile[],
  allow: (path: string) => boolean,
) => Promise<UnratedRanking>;

/** What `rankIssue` reads: the lexical index, the optional dense ranker and the clock. */
export interface RankIssueDeps {
  readonly index: LexicalIndex;
  /** Absent when no API key is configured: every request is then lexical. */
  readonly dense?: DenseRanker;
  readonly now: () => number;
  /**
   * Reads a file of the indexed tree the index leaves out (a built file's source map, for a stack trace through
   * built code). Absent: frames of built code are mapped by declared builds and convention only.
   */
  readonly readFile?: TreeFileReader;
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
  return (await rankIssueRated(deps, request)).ranking;
}

/**
 * {@link rankIssue} with what its confidence was computed from (`eval --out` writes them for a fit); features are
 * undefined when nothing was ranked.
 */
export async function rankIssueRated(
  deps: RankIssueDeps,
  request: RankIssueRequest,
): Promise<{ readonly ranking: Ranking; readonly features?: ConfidenceFeatures }> {
  const started = deps.now();
  const allow = buildPathFilter(request.include, request.exclude);
  // The confidence reads the lead of the first file over the fifth: rank at least that deep, show `top`.
  const depth = Math.max(request.top, CONFIDENCE_DEPTH);
  if (!hasContent(request.text)) {
    return { ranking: { mode: "bm25", reason: "the issue has no text to rank with", files: [], ms: deps.now() - started, confidence: 0 } };
  }
  const sourceMaps = deps.readFile ? await readSourceMaps(deps.index, request.text, deps.readFile) : [];
  // One lexical ranking serves the lexical mode, the dense ranker's fusion and fallback, and the confidence.
  let ranked: { readonly limit: number; readonly files: readonly RankedFile[] } | undefined;
  const lexical = (limit = depth): readonly RankedFile[] => {
    if (!ranked || (ranked.limit < limit && ranked.files.length >= ranked.limit)) ranked = { limit, files: rankAllowed(deps.index, request.text, limit, allow, sourceMaps) };
    return ranked.files.slice(0, limit);
  };
  const rated = (ranking: Omit<UnratedRanking, "ms">) => {
    // A dense or hybrid first file is rated by its place and lead in the lexical ranking, as a BM25 one is.
    const features = buildConfidenceFeatures(deps.index, request.text, ranking.files, lexical(CONFIDENCE_DEPTH));
    const files = ranking.files.slice(0, request.top);
    const named = features ? { namesFirstFile: features.path > 0 || features.frame > 0 || features.definition > 0 } : {};
    return { ranking: { ...ranking, files, confidence: scoreConfidence(features), ...named, ms: deps.now() - started }, ...(features ? { features } : {}) };
  };
  const withHistory = (files: readonly RankedFile[]) => withPastFixes(deps.index, request, files, allow);
  if (request.mode === "bm25" || !deps.dense) {
    const reason = request.mode === "bm25" ? "BM25 was requested" : "no embedding API key is configured";
    const files = usesHistory(request) ? withHistory(lexical(Math.max(depth, FUSION_DEPTH))) : lexical();
    return rated({ mode: "bm25", reason, files });
  }
  const ranking = await deps.dense({ ...request, top: depth }, () => lexical(Math.max(depth, FUSION_DEPTH)), allow ?? (() => true));
  return rated({ ...ranking, files: usesHistory(request) ? withHistory(ranking.files) : ranking.files });
}

function usesHistory(request: RankIssueRequest): boolean {
  return request.history !== undefined && request.history.weight > 0 && request.history.docs.length > 0;
}

const treePaths = new WeakMap<LexicalIndex, ReadonlySet<string>>();

/** Fuses similar past fixes into a ranking; files only the history names must be in the tree and the filters. */
function withPastFixes(index: LexicalIndex, request: RankIssueRequest, files: readonly RankedFile[], allow: ((path: string) => boolean) | undefined): RankedFile[] {
  const history = request.history!;
  let paths = treePaths.get(index);
  if (!paths) {
    paths = new Set(index.files.map((f) => f.path));
    treePaths.set(index, paths);
  }
  const inTree = paths;
  const scores = scoreHistory(history.docs, request.text, history.options);
  return fuseHistory(files, scores, { weight: history.weight, allow: (p) => inTree.has(p) && (allow ? allow(p) : true) });
}

function rankAllowed(index: LexicalIndex, text: string, limit: number, allow: ((path: string) => boolean) | undefined, sourceMaps: readonly SourceMap[]) {
  return rankLexical(index, text, { limit, ...(allow ? { include: allow } : {}), ...(sourceMaps.length > 0 ? { sourceMaps } : {}) });
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
  // ASCII letters and digits are never space, punctuation or symbols: enough of them answer without compiling the
  // Unicode-property pattern (~5 ms in a fresh process).
  let ascii = 0;
  for (let i = 0; i < text.length && ascii < MIN_QUERY_CHARS; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 32;
    if ((c >= 48 && c <= 57) || (lower >= 97 && lower <= 122)) ascii++;
  }
  return ascii >= MIN_QUERY_CHARS || text.replace(/[\s\p{P}\p{S}]/gu, "").length >= MIN_QUERY_CHARS;
}
