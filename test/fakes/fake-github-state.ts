/** A comment on an issue in the fake GitHub. */
export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: "User" | "Bot"; id: number };
  /** `performance.now()` when the comment was made, for benches that time the app. */
  createdAt?: number;
}

/** One repository in the fake GitHub, with the state its routes read and change. */
export interface FakeRepo {
  readonly owner: string;
  readonly name: string;
  readonly installationId: number;
  defaultBranch: string;
  headSha: string;
  /** Raw `.github/bugscout.yml`, or undefined for no settings file. */
  settings?: string;
  /** Gzipped tarballs by commit. */
  readonly tarballs: Map<string, Buffer>;
  /** Comments by issue number. */
  readonly comments: Map<number, FakeComment[]>;
  /** Reactions added, as `<comment id>:<content>`. */
  readonly reactions: string[];
  /** Reactions people left on comments (`FakeGitHub.react`), served with the app's by `GET …/comments/{id}/reactions`. */
  readonly peopleReactions: { readonly commentId: number; readonly content: string; readonly login: string }[];
  /** Collaborator roles by login; absent users are not collaborators (404). */
  readonly roles: Map<string, string>;
  readonly lockedIssues: Set<number>;
  /** Files served by the contents API (`GET …/contents/{path}`), by path; any other path is a 404. */
  readonly files: Map<string, string>;
  /** The repository's labels. */
  readonly labels: string[];
  /** Labels that appeared because a request added a label the repository lacked (GitHub creates it): must stay empty. */
  readonly createdLabels: string[];
  /** Users who can be assigned to issues (collaborators); others are silently skipped by GitHub. */
  readonly assignable: Set<string>;
  /** Check runs created on the repository's commits, in order. */
  readonly checkRuns: FakeCheckRun[];
  /** The installation was not granted `checks: write` (an install from before the permission was asked for): 403. */
  checksDenied?: boolean;
}

/** A check run as the fake GitHub keeps it (the request body GitHub would store). */
export interface FakeCheckRun {
  readonly id: number;
  readonly name: string;
  readonly head_sha: string;
  readonly status: string;
  readonly conclusion?: string;
  readonly output: {
    readonly title: string;
    readonly summary: string;
    readonly annotations: readonly { readonly path: string; readonly start_line: number; readonly end_line: number; readonly annotation_level: string; readonly message: string; readonly title?: string }[];
  };
}

/** The bot user the fake GitHub attributes the app's comments to. */
export const BOT_USER = { login: "bugscout[bot]", type: "Bot" as const, id: 9000 };

/** Creates a repository record with defaults. */
export function createFakeRepo(init: { owner: string; name: string; installationId: number; headSha: string; settings?: string }): FakeRepo {
  return {
    owner: init.owner,
    name: init.name,
    installationId: init.installationId,
    defaultBranch: "main",
    headSha: init.headSha,
    ...(init.settings !== undefined ? { settings: init.settings } : {}),
    tarballs: new Map(),
    comments: new Map(),
    reactions: [],
    peopleReactions: [],
    roles: new Map(),
    lockedIssues: new Set(),
    files: new Map(),
    labels: [],
    createdLabels: [],
    assignable: new Set(),
    checkRuns: [],
  };
}
