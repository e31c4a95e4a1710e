import { composeConfigGet } from "@probot/octokit-plugin-config";
import merge from "deepmerge";
import type { GitHubClient, RepoRef } from "./github-client.js";
import type { ConfigSource } from "./read-settings.js";

type PluginOctokit = Parameters<typeof composeConfigGet>[0];

/**
 * Probot's `context.config` for a repository, outside Probot: the same loader (`@probot/octokit-plugin-config`,
 * default branch, `_extends`, the owner's `.github` repository as fallback) and the same merge of defaults and files
 * (Probot's context.js), so `readSettings` gives the CLI and the Action exactly the settings and problems the app sees.
 */
export function createRestConfigSource(client: GitHubClient, repo: RepoRef): ConfigSource {
  return {
    async config<T>(fileName: string, defaultConfig?: T, deepMergeOptions?: merge.Options): Promise<T | null> {
      const { config, files } = await composeConfigGet(client as unknown as PluginOctokit, {
        owner: repo.owner,
        repo: repo.repo,
        path: `.github/${fileName}`,
        defaults: (configs: object[]) => merge.all([defaultConfig ?? {}, ...configs], deepMergeOptions) as Record<string, unknown>,
      });
      if (!defaultConfig && !files.some((file) => file.config !== null)) return null;
      return config as T;
    },
  };
}
