import { homedir } from "node:os";
import { join } from "node:path";
import type { CliEnv } from "../cli-env.js";
import { createRestClient, GITHUB_API_URL, webUrlForApi, type RestClient } from "../github/rest-client.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";

// GitHub's own rules: logins are alphanumeric with single hyphens, repository names add `.` and `_`.
const REPO_REF = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;

/** A repository on a GitHub host, with the client and the local folder the CLI keeps its data in for that host. */
export interface GitHubTarget {
  readonly owner: string;
  readonly repo: string;
  readonly apiUrl: string;
  readonly webBaseUrl: string;
  readonly client: RestClient;
  readonly authenticated: boolean;
  /** `--store-dir`, else `~/.cache/bugscout/github/<api host>` (the folder `bugscout triage` uses). */
  readonly dataDir: string;
}

/**
 * Resolves `owner/repo` (or `https://<host>/owner/repo`) and the REST client for the commands that work on a whole
 * repository (`stats`, `backtest`): token from GITHUB_TOKEN / GH_TOKEN, API root from `--api-url`, GITHUB_API_URL
 * or the URL's host.
 */
export function resolveGitHubTarget(io: CliIo, ref: string | undefined, options: { apiUrl?: string; storeDir?: string }, env: CliEnv): GitHubTarget {
  if (!ref) throw new CliError("No repository given. Pass owner/repo.", 1);
  let text = ref.trim();
  let webFromRef: string | undefined;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      webFromRef = `${url.protocol}//${url.host}`;
      text = url.pathname.replace(/^\/+|\/+$/g, "").replace(/\.git$/, "");
    } catch {
      // reported below
    }
  }
  const match = REPO_REF.exec(text);
  if (!match || match[2] === "." || match[2] === "..") throw new CliError(`'${ref.slice(0, 200)}' is not a repository: use owner/repo`, 1);
  const apiUrl = options.apiUrl ?? env.github?.apiUrl ?? (webFromRef && !/github\.com$/i.test(new URL(webFromRef).host) ? `${webFromRef}/api/v3` : GITHUB_API_URL);
  const token = env.github?.token;
  if (!token) io.err("bugscout: no GITHUB_TOKEN or GH_TOKEN: reading anonymously (public repositories only, 60 requests an hour)");
  return {
    owner: match[1],
    repo: match[2],
    apiUrl,
    webBaseUrl: env.github?.serverUrl ?? webFromRef ?? webUrlForApi(apiUrl),
    client: createRestClient({ ...(token ? { token } : {}), baseUrl: apiUrl, log: { warn: (m) => io.err(`bugscout: ${m}`) } }),
    authenticated: !!token,
    dataDir: options.storeDir ?? join(homedir(), ".cache", "bugscout", "github", new URL(apiUrl).host.replace(/[^A-Za-z0-9.-]/g, "_")),
  };
}
