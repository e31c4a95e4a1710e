/** An issue that a merged pull request closes, as GitHub links them (`Fixes #12` and the sidebar). */
export interface ClosingIssue {
  /** The issue's repository, `owner/name`: a pull request may close issues in other repositories. */
  readonly repository: string;
  readonly number: number;
  readonly title: string;
  readonly body: string;
  /** Its labels now (read by `bugscout backtest` for area label accuracy; absent where not read). */
  readonly labels?: readonly string[];
}

/** A merged pull request that closed an issue. */
export interface MergedPull {
  /** The pull request's repository, `owner/name`. */
  readonly repository: string;
  readonly number: number;
  /** ISO time of the merge. */
  readonly mergedAt: string;
  /** GitHub's count of changed files (the file list stops at 3,000). */
  readonly changedFiles: number;
  /** The commit the pull request was based on. */
  readonly baseCommit: string;
}

/** One file a pull request touched, as `pulls.listFiles` reports it. */
export interface PullFile {
  readonly path: string;
  readonly status: "added" | "removed" | "modified" | "renamed" | "copied" | "changed" | "unchanged";
  /** The path before a rename. */
  readonly previousPath?: string;
}

/** Why GitHub would not answer. */
export type FixAccessProblem = "forbidden" | "not-found";

/** A read GitHub refused: the app lacks a permission (`forbidden`) or the object is gone (`not-found`). */
export class FixAccessError extends Error {
  override readonly name = "FixAccessError";

  constructor(readonly problem: FixAccessProblem, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The GitHub reads that learning from fixes needs, for one repository. Implemented in src/github/fix-gateway.ts. */
export interface FixGateway {
  /** The issues (any repository) that a pull request closes. */
  fetchClosingIssues(pullNumber: number): Promise<ClosingIssue[]>;
  /** The merged pull requests (any repository) that closed an issue. Throws `FixAccessError("not-found")` for a deleted issue. */
  fetchClosingPulls(issueNumber: number): Promise<MergedPull[]>;
  /** A pull request's changed files, at most `cap` of them; `truncated` when there were more. */
  listPullFiles(pullNumber: number, cap: number): Promise<{ readonly files: PullFile[]; readonly truncated: boolean }>;
}
