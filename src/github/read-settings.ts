import { loadSettings } from "../triage/load-settings.js";
import type { ParsedSettings } from "../triage/parse-settings.js";
import type { GitHubClient, RepoRef } from "./github-client.js";
import { createSettingsFileReader } from "./settings-file-reader.js";

/**
 * Reads and validates the repository's `.github/bugscout.yml` (at `commit`, or the default branch's head) with the
 * owner's `.github` fallback and `_extends`, over any client: the App's installation, the workflow's token, the CLI's.
 * The same loader everywhere, so a file means the same from every entry point (src/triage/load-settings.ts).
 */
export function readSettings(client: GitHubClient, repo: RepoRef, commit?: string): Promise<ParsedSettings> {
  return loadSettings(createSettingsFileReader(client), repo, commit);
}
