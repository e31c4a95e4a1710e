import type { ContentPrefetch } from "../index/prefetch-builder.js";
import type { TreeSource } from "../index/tree-source.js";
import type { HistoryDoc } from "../rank/signals/score-history.js";
import type { Ranking, RankMode } from "../rank/types.js";

/** One repository of one installation: the unit of storage and isolation. */
export interface RepoKey {
  readonly installationId: number;
  readonly owner: string;
  readonly repo: string;
}

/** The minimal logger the use-cases need; pino's `Logger` satisfies it. */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** Wall-clock milliseconds, injected so tests are deterministic. */
export interface Clock {
  now(): number;
}

/** What a repository snapshot download wrote to disk and what it left out. */
export interface SnapshotReport {
  /** Files written under the snapshot root. */
  readonly files: number;
  /** Bytes written. */
  readonly bytes: number;
  /** Entries left out by the selection rules, by reason. */
  readonly skipped: Readonly<Record<string, number>>;
  /** Entries refused as unsafe (`..`, absolute paths, links, devices); at most a few are listed. */
  readonly rejected: readonly { readonly path: string; readonly reason: string }[];
  readonly rejectedCount: number;
  /** A size or count cap stopped the download early: the snapshot is partial. */
  readonly truncated: boolean;
  /** Which cap, when `truncated`. */
  readonly truncatedBy?: "entries" | "files" | "bytes" | "decompressed-bytes";
}

/** A downloaded snapshot: the report, and its files when some are held in memory rather than under the folder. */
export interface DownloadedSnapshot extends SnapshotReport {
  /** Every file of the snapshot (held in memory, or written under its folder); absent: the folder alone holds them. */
  readonly tree?: TreeSource;
}

/** How {@link RepoGateway.downloadSnapshot} may keep the files. */
export interface SnapshotDownloadOptions {
  /** The caller indexes the snapshot and drops it: files may stay in memory (up to the allowance) instead of on disk. */
  readonly inMemory?: boolean;
  /** Called with each file kept, as it arrives (tree path and bytes), e.g. to start parsing it. */
  readonly onFile?: (path: string, bytes: Uint8Array) => void;
}

/** What is stored for a repository: the commit it was built from, and whether the snapshot was cut short. */
export interface IndexState {
  readonly commit: string;
  /** The snapshot cap that made the index partial, if one did. */
  readonly truncatedBy?: SnapshotReport["truncatedBy"];
}

/** A push's changes as fetched file by file (compare API + contents API). */
export interface TreeDelta {
  /** The commit the stored index must be at (the push's `before`). */
  readonly base: string;
  /** The pushed commit (`after`). */
  readonly commit: string;
  /** Added, modified and renamed-to files with their bytes. */
  readonly upserts: ReadonlyMap<string, Uint8Array>;
  /** Removed and renamed-from paths. */
  readonly removals: readonly string[];
}

/** What indexing a tree produced. */
export interface IndexSummary {
  readonly commit: string;
  /** Files in the index after this run. */
  readonly files: number;
}

/** Builds and refreshes the stored index of a repository. Implemented over src/index + src/store. */
export interface RepoIndexer {
  /** What the stored index was built from, or undefined when nothing is stored yet. */
  indexState(key: RepoKey): Promise<IndexState | undefined>;
  /**
   * Indexes the tree extracted at `root` (or read from `source`, when given) as `commit`, reusing stored work for
   * unchanged content. The previous index must stay whole and usable until the new one is committed. `changedPaths`
   * is a hint from a push.
   */
  index(key: RepoKey, tree: IndexState & {
    readonly root: string;
    readonly source?: TreeSource;
    readonly changedPaths?: readonly string[];
    /** What {@link RepoIndexer.warm} returned before this tree's download. */
    readonly prefetch?: ContentPrefetch;
  }): Promise<IndexSummary>;
  /**
   * Applies a push's changed files to an index stored at `delta.base`, with the same result as indexing the whole
   * tree at `delta.commit`. Resolves undefined when that cannot be guaranteed (index at another commit, partial,
   * built by another analysis version, near the file cap): the caller then downloads the tarball.
   */
  indexDelta?(key: RepoKey, delta: TreeDelta): Promise<IndexSummary | undefined>;
  /**
   * A new tree is on its way (a snapshot is downloading): start what analysing it needs (worker threads) now, without
   * waiting, and return where to offer its files as they arrive, so they are parsed while the rest downloads (then
   * pass it to `index`). Optional; calling it never fails.
   */
  warm?(): ContentPrefetch | undefined;
  /** Closes anything held open for this repository (or the whole installation) before its files are deleted. */
  release(installationId: number, repo?: { readonly owner: string; readonly repo: string }): Promise<void>;
}

/** One ranking request, already merged from settings and command options. */
export interface RankRequest {
  readonly text: string;
  readonly topK: number;
  readonly mode: "auto" | RankMode;
  /** POSIX directory prefixes to keep; empty keeps everything. */
  readonly include: readonly string[];
  /** POSIX directory prefixes to drop. */
  readonly exclude: readonly string[];
  readonly latencyBudgetMs: number;
  /** Similar past fixes to fuse in (`ranking.history_weight`); absent: the signal is off. */
  readonly history?: { readonly docs: readonly HistoryDoc[]; readonly weight: number };
}

/** Reads a file of the repository at a commit the index leaves out (see {@link RepoGateway.readFile}). */
export type CommitFileReader = (commit: string, path: string, maxBytes: number) => Promise<Uint8Array | undefined>;

/** Ranks the files of an indexed repository for an issue. Implemented over triage/rank-issue.ts. */
export interface IssueRanker {
  /** `readFile`, when given, reads what the index leaves out that a ranking may use (a built bundle's source map). */
  rank(key: RepoKey, request: RankRequest, readFile?: CommitFileReader): Promise<Ranking>;
}

/** What happened to the BugScout comment. */
export type UpsertOutcome = "created" | "updated" | "unchanged" | "locked";

/** A repository role as GitHub reports it for a user; `none` for non-collaborators. */
export type RepoRole = "admin" | "maintain" | "write" | "triage" | "read" | "none";

/** A closed issue as the issue-type classifier learns from it: its text and its labels. */
export interface ClosedIssue {
  readonly title: string;
  readonly body: string;
  readonly labels: readonly string[];
  /** Its GitHub issue type's name (`Bug`, `Feature`), when one is set: read before its labels. */
  readonly githubType?: string;
}

/** A file of the repository's issue templates and forms (`.github/ISSUE_TEMPLATE/*`): its path and text. */
export interface TemplateFile {
  readonly path: string;
  readonly text: string;
}

/** The GitHub calls the use-cases need for one repository. Implemented in src/github over Octokit. */
export interface RepoGateway {
  /** The commit SHA at the tip of `branch`. */
  fetchBranchHead(branch: string): Promise<string>;
  /**
   * The files a push changed between `base` and `head`, with their new bytes; undefined when more than `maxFiles`
   * changed (or the change cannot be applied file by file). Optional: gateways without it always use the tarball.
   */
  fetchPushDelta?(base: string, head: string, maxFiles: number): Promise<{ readonly upserts: ReadonlyMap<string, Uint8Array>; readonly removals: readonly string[] } | undefined>;
  /**
   * Downloads the tree at `commit` and extracts the selected files under `dir`; with `inMemory` (the caller indexes
   * the snapshot and drops it), as many as the memory allowance holds stay in memory instead (the result's `tree`).
   */
  downloadSnapshot(commit: string, dir: string, options?: SnapshotDownloadOptions): Promise<DownloadedSnapshot>;
  /** Creates or edits the one comment that starts with `marker`; posts nothing when the body is unchanged. */
  upsertComment(issueNumber: number, marker: string, body: string): Promise<UpsertOutcome>;
  /** Adds a reaction to an issue comment. */
  reactToComment(commentId: number, content: "eyes" | "+1" | "confused"): Promise<void>;
  /** The user's role in this repository. */
  fetchRole(username: string): Promise<RepoRole>;
  /**
   * A local checkout of `commit` to index in place instead of downloading a snapshot, when the caller has one (the
   * Action's workspace); absent or undefined: download.
   */
  localTree?(commit: string): string | undefined;
  /**
   * A file of the tree at `commit` the index leaves out (a built bundle's source map), up to `maxBytes`; undefined
   * when it is not there or is larger. Optional: without it, rankings read no such file.
   */
  readFile?(commit: string, path: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /**
   * The repository's most recently updated closed issues that carry labels or a GitHub issue type, up to `max` (the
   * issue-type classifier adapts to those whose type or labels name a kind). Optional: without it the shipped
   * classifier answers alone.
   */
  listClosedIssues?(max: number): Promise<ClosedIssue[]>;
  /**
   * The issue templates and forms on the default branch (`.github/ISSUE_TEMPLATE/*.md|yml|yaml`, at most `max` files of
   * `maxBytes` each; none when the folder is absent). Optional: without it, only the common templates' headings are
   * known to the issue-type classifier.
   */
  listIssueTemplates?(max: number, maxBytes: number): Promise<TemplateFile[]>;
}
