import type { RepoKey } from "./ports.js";

/**
 * A problem an operator must fix: in a file BugScout reads (`.github/bugscout.yml`, labeler.yml, CODEOWNERS) or in
 * how BugScout runs on the repository (a missing label, a step that failed). Shown where the repository's authors
 * look (a check run, the Action's annotations, `bugscout check-settings`), never in an issue thread.
 */
export interface OperatorProblem {
  /** The repository file it is about, e.g. `.github/bugscout.yml`; absent for a problem of no one file. */
  readonly file?: string;
  /** 1-based line in `file`, when known. */
  readonly line?: number;
  /** Where, in words: a dotted settings key, a label, `(file)`. */
  readonly path: string;
  readonly message: string;
  /** `error`: BugScout is stopped on the repository until it is fixed; `warning`: that part is not used. */
  readonly level: "error" | "warning";
}

/**
 * Where a repository's operator problems are published. The App's is the "BugScout settings" check run
 * (src/github/check-run-reporter.ts). One report is the repository's whole current list: it replaces the last one.
 */
export interface ProblemReporter {
  /** Publish every report, even one unchanged since the last (a workflow run's log is read once, then gone). */
  readonly repeat?: boolean;
  /** Publishes `problems` on `commit` (a failing, neutral or passing check run); an empty list is a pass. */
  publish(commit: string, problems: readonly OperatorProblem[]): Promise<void>;
}

/**
 * The last report's digest per repository, kept durably so a problem found while triaging is reported once, not
 * on every issue. The records store implements it (src/records).
 */
export interface ProblemLedger {
  /** The digest of the problems last published for the repository, if any. */
  readProblemDigest(key: RepoKey): Promise<string | undefined>;
  /** Keeps `digest` as the last published one. */
  writeProblemDigest(key: RepoKey, digest: string): Promise<void>;
}
