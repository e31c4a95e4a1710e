import type { LabelAccuracy } from "../route/score-label-accuracy.js";

/**
 * The durable records of the learning loop (docs/architecture.md, "records"): the rankings BugScout showed
 * (predictions) and what the fixes changed (outcomes). Unlike the index, these cannot be rebuilt from GitHub.
 *
 * Every call names the repository it is about with a {@link RecordKey}; an implementation never returns a row of
 * another installation or repository. Implementations: SQLite (src/records/sqlite-record-store.ts) and, for several
 * workers, PostgreSQL. Both pass test/records/record-store-contract.ts.
 */
export interface RecordStore {
  /**
   * Keeps the ranking shown for an issue. A later ranking of the same issue (a `/bugscout` re-rank, an edit)
   * replaces it: the latest one counts.
   */
  recordPrediction(key: RecordKey, prediction: Prediction): Promise<void>;
  /** The latest prediction for an issue, if BugScout ranked it. */
  findPrediction(key: RecordKey, issueNumber: number): Promise<Prediction | undefined>;
  /**
   * Keeps what a fix changed. Idempotent: an outcome for the same issue and pull request that is already stored
   * is left as it is, and the answer is `"duplicate"`.
   */
  recordOutcome(key: RecordKey, outcome: Outcome): Promise<"recorded" | "duplicate">;
  /**
   * Keeps the labels an issue was closed with beside BugScout's prediction for it (nothing when BugScout never ranked
   * it), for label accuracy. A later close (reopened, closed again) replaces them.
   */
  recordClosedLabels(key: RecordKey, issueNumber: number, labels: readonly string[]): Promise<void>;
  /**
   * Keeps the readers' reactions on BugScout's comment, read when the issue closed, beside the prediction for it
   * (nothing when BugScout never ranked it). A later close (reopened, closed again) replaces them.
   */
  recordFeedback(key: RecordKey, issueNumber: number, feedback: Feedback): Promise<void>;
  /** Whether an outcome for this issue and pull request is stored (so a redelivery needs no GitHub reads). */
  hasOutcome(key: RecordKey, issueNumber: number, pullNumber: number): Promise<boolean>;
  /** Figures over the outcomes and predictions recorded at or after `since` (ms since the epoch; 0 for all time). */
  readStats(key: RecordKey, since: number): Promise<RecordStats>;
  /** The most recent outcomes (by `fixedAt`, newest first), at most `limit`. */
  recentOutcomes(key: RecordKey, limit: number): Promise<Outcome[]>;
  /**
   * Fixed issues with their text and reachable changed files, for the similar-past-fixes signal: at most `limit`,
   * newest first, only those fixed strictly before `before` (ms since the epoch).
   */
  listPastFixes(key: RecordKey, before: number, limit: number): Promise<PastFix[]>;
  /**
   * The digest of the operator problems last published for the repository (src/triage/report-problems.ts), so a
   * problem found while triaging is reported once, not on every issue.
   */
  readProblemDigest(key: RecordKey): Promise<string | undefined>;
  /** Keeps the digest of the problems just published, replacing the last. */
  writeProblemDigest(key: RecordKey, digest: string): Promise<void>;
  /** Deletes everything recorded for one repository of an installation. */
  forgetRepo(key: RecordKey): Promise<void>;
  /** Deletes everything recorded for an installation. */
  forgetInstallation(installationId: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * One repository of one installation. The CLI's own records (`bugscout backtest`) use the CLI's installation id
 * (`LOCAL_INSTALLATION_ID` in src/compose/create-triage-runtime.ts) under its own data folder.
 */
export interface RecordKey {
  readonly installationId: number;
  readonly owner: string;
  readonly repo: string;
}

/** Who produced a prediction or an outcome. */
export type RecordSource = "app" | "command" | "backtest";

/** A ranking as shown: the files best first, with their scores. */
export interface Prediction {
  readonly issueNumber: number;
  /** The commit the ranking was computed against. */
  readonly commit: string;
  readonly mode: string;
  readonly files: readonly { readonly path: string; readonly score: number }[];
  readonly source: RecordSource;
  /** ms since the epoch. */
  readonly rankedAt: number;
  /** The area map's labels and BugScout's choice, when the repository had a map (labeler.yml, `labels.areas`). */
  readonly labels?: PredictionLabels;
}

/** What a prediction knew about area labels. */
export interface PredictionLabels {
  /** The map's label names (at most {@link MAX_RECORDED_MAP_LABELS}). */
  readonly map: readonly string[];
  /** The labels BugScout chose; empty below `labels.min_confidence`. */
  readonly chosen: readonly string[];
}

/** Readers' reactions on BugScout's comment (👍 and 👎, people only), as counted when the issue closed. */
export interface Feedback {
  readonly up: number;
  readonly down: number;
  /** When they were read, ms since the epoch: the stats window counts feedback by it. */
  readonly readAt: number;
}

/** Map labels kept with a prediction at most. */
export const MAX_RECORDED_MAP_LABELS = 200;

/** What a fix changed and where BugScout had ranked it. */
export interface Outcome {
  readonly issueNumber: number;
  readonly pullNumber: number;
  /** The issue's title and body (truncated), the text the similar-past-fixes signal compares against. */
  readonly issueText: string;
  /**
   * The files the fix changed that BugScout could have pointed at (tests and files the PR created are left out),
   * each with its 1-based rank in the prediction, or null when the prediction did not list it.
   */
  readonly files: readonly { readonly path: string; readonly rank: number | null }[];
  /**
   * `scored`: a prediction existed and the fix changed reachable files; `no-reachable-file`: the fix changed only
   * tests or created files; `no-prediction`: BugScout never ranked the issue (kept for the history signal).
   */
  readonly status: "scored" | "no-reachable-file" | "no-prediction";
  readonly source: RecordSource;
  /** When the pull request was merged, ms since the epoch. */
  readonly fixedAt: number;
  /** When BugScout recorded it, ms since the epoch. */
  readonly recordedAt: number;
}

/** Accuracy figures over a period. */
export interface RecordStats {
  /** Distinct issues with a prediction ranked in the period. */
  readonly issuesRanked: number;
  /** Distinct issues with an outcome fixed in the period. */
  readonly fixedIssues: number;
  /** Outcomes with status `scored` (the denominator of the rates below). */
  readonly scored: number;
  /** Scored outcomes whose best changed file was ranked first. */
  readonly hit1: number;
  /** Scored outcomes with a changed file in the top 5. */
  readonly hit5: number;
  /** Scored outcomes where no changed file was ranked at all. */
  readonly notRanked: number;
  /** 👍 and 👎 on BugScout's comments, read when their issues closed in the period (`recordFeedback`). */
  readonly feedback: { readonly up: number; readonly down: number };
  /**
   * Area label accuracy over the issues ranked in the period with an area map and closed since (see
   * scoreLabelAccuracy); absent when no such issue was ranked with a map.
   */
  readonly labels?: LabelAccuracy;
}

/** A fixed issue for the similar-past-fixes signal. */
export interface PastFix {
  readonly issueNumber: number;
  readonly issueText: string;
  readonly files: readonly string[];
  readonly fixedAt: number;
}

/** The best (lowest) rank among an outcome's files, or null when none was ranked. */
export function bestRank(outcome: Pick<Outcome, "files">): number | null {
  const ranks = outcome.files.map((f) => f.rank).filter((r): r is number => r !== null);
  return ranks.length === 0 ? null : Math.min(...ranks);
}
