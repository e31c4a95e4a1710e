import path from "node:path";
import { indexStoreFiles } from "../store/store-files.js";
import type { RepoKey } from "./ports.js";

// GitHub's own rules: logins are alphanumeric with single hyphens, repository names add `.` and `_`.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const COMMIT = /^[0-9a-f]{7,64}$/;

/**
 * The folder holding everything stored for one installation: `<dataDir>/installations/<id>`.
 * Deleting it removes the installation's data and nothing else.
 */
export function installationDir(dataDir: string, installationId: number): string {
  if (!Number.isSafeInteger(installationId) || installationId <= 0) {
    throw new Error(`invalid installation id: ${String(installationId)}`);
  }
  return path.join(dataDir, "installations", String(installationId));
}

/**
 * The records (predictions and outcomes) of one installation: `<dataDir>/installations/<id>/records.sqlite`, inside
 * the installation's folder so that uninstalling deletes them with everything else.
 */
export function recordsPath(dataDir: string, installationId: number): string {
  return path.join(installationDir(dataDir, installationId), "records.sqlite");
}

/** The SQLite index of one repository: `<dataDir>/installations/<id>/<owner>/<repo>.sqlite`. */
export function repoStorePath(dataDir: string, key: RepoKey): string {
  return path.join(ownerDir(dataDir, key), `${key.repo}.sqlite`);
}

/** Where the snapshot of `commit` is extracted before indexing: `<owner>/<repo>.snapshot/<commit>`. */
export function snapshotDir(dataDir: string, key: RepoKey, commit: string): string {
  if (!COMMIT.test(commit)) throw new Error("invalid commit sha");
  return path.join(ownerDir(dataDir, key), `${key.repo}.snapshot`, commit);
}

/** The repository's closed, labelled issues kept for the issue-type classifier: `<owner>/<repo>.issue-types.json`. */
export function issueTypeCachePath(dataDir: string, key: RepoKey): string {
  return path.join(ownerDir(dataDir, key), `${key.repo}.issue-types.json`);
}

/** The issue-type classifier adapted to those issues, beside them: `<owner>/<repo>.issue-type-model.json`. */
export function issueTypeModelCachePath(dataDir: string, key: RepoKey): string {
  return path.join(ownerDir(dataDir, key), `${key.repo}.issue-type-model.json`);
}

/** Every path stored for one repository (store, its WAL files, saved lexical index, snapshots, labelled issues and their adapted classifier), for deletion. */
export function repoPaths(dataDir: string, key: RepoKey): string[] {
  return [...indexStoreFiles(repoStorePath(dataDir, key)), path.join(ownerDir(dataDir, key), `${key.repo}.snapshot`), issueTypeCachePath(dataDir, key), issueTypeModelCachePath(dataDir, key)];
}

/** A stable string for locks and rate limits: `<id>/<owner>/<repo>`. */
export function repoKeyString(key: RepoKey): string {
  return `${key.installationId}/${key.owner}/${key.repo}`.toLowerCase();
}

function ownerDir(dataDir: string, key: RepoKey): string {
  if (!OWNER.test(key.owner)) throw new Error("invalid repository owner");
  if (!REPO.test(key.repo) || key.repo === "." || key.repo === "..") throw new Error("invalid repository name");
  return path.join(installationDir(dataDir, key.installationId), key.owner);
}
