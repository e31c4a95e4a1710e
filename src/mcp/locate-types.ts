import type { IssueType } from "../issue-type/types.js";
import type { Evidence, RankedFile } from "../rank/types.js";
import type { ClearLead } from "./clear-lead.js";
import type { CodeView } from "./code-views.js";
import type { ScoredSymbol } from "./score-symbol-text.js";
import type { CatalogSymbol } from "./symbol-catalog.js";

// The shapes of the `locate` tool: its request, its answer, and what it knows before it packs (`locate-code.ts`).

/** A `locate` request, validated. */
export interface LocateRequest {
  readonly issue: string;
  readonly top: number;
  readonly tokenBudget: number;
}

/** A pointer of a ranked file: the symbol most likely to change, with its id. */
export interface PointerView {
  readonly id: string;
  readonly kind: string;
  readonly start_line: number;
  readonly end_line: number;
}

/** One ranked file as `locate` returns it. */
export interface LocatedFile {
  readonly path: string;
  readonly score: number;
  readonly evidence: Pick<Evidence, "terms" | "mention" | "tests" | "declarations" | "package" | "titleWords">;
  readonly pointers: readonly PointerView[];
}

/** The answer of `locate` before its own token count is added. */
export interface LocateAnswer {
  /** What kind of issue the text reads as (bug, feature, question, documentation), how sure, and from what. */
  readonly issue_type: IssueType;
  /** How sure the ranking is of its first file: the probability (0 to 1) that it is one to change (`Ranking.confidence`). */
  readonly confidence: number;
  readonly files: readonly LocatedFile[];
  readonly code: readonly CodeView[];
  /** Pointer ids whose source did not fit the budget (fetch them with get_symbol). */
  readonly left_out: readonly string[];
  readonly token_budget: number;
  /** cl100k tokens of the ranked files read whole. */
  readonly file_tokens: number;
}

/** A ranked file with its pointers and its innermost symbols scored against the issue (for extras). */
export interface LocatedEntry {
  readonly file: RankedFile;
  readonly pointers: readonly CatalogSymbol[];
  readonly scored: readonly ScoredSymbol[];
}

/** What `locate` knows before it packs: everything that does not depend on the budget. */
export interface PreparedLocate {
  readonly located: readonly LocatedEntry[];
  /** The ranking's confidence in its first file (`Ranking.confidence`). */
  readonly confidence: number;
  /** The kind of issue the text reads as. */
  readonly issueType: IssueType;
  /** The symbols of the cross-file ranking, best first (`rankSymbols`). */
  readonly ranked: readonly CatalogSymbol[];
  /** The issue's words with their counts (`issueTerms`): what an excerpt's lines are chosen by. */
  readonly terms: ReadonlyMap<string, number>;
}

/** How `packLocate` packs; the defaults are the tool's. */
export interface PackLocateOptions {
  /** The share of the budget an excerpt of a pointer too large to show may take (`EXCERPT_SHARE`); 0: no excerpts. */
  readonly excerptShare?: number;
  /**
   * The share of the budget the file excerpt (of the best-ranked file not shown whole) may take (`FILE_EXCERPT_SHARE`);
   * 0: none.
   */
  readonly fileExcerptShare?: number;
  /** The share of the budget the first ranked file may fill to come whole (`WHOLE_FILE.firstShare`); 0: as the others. */
  readonly firstWholeShare?: number;
  /**
   * The shares when the ranking leads clearly with the first file (`CLEAR_LEAD`, judged by `leadsClearly`); false: the
   * shares above whatever the lead. `excerptShare`, `fileExcerptShare` and `firstWholeShare`, when given, hold either way.
   */
  readonly clearLead?: ClearLead | false;
}
