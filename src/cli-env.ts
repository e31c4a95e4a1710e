// The CLI's half of the environment (the app's, validated with zod, is in env.ts). Kept apart so the command, whose
// start-up time is measured (docs/benchmarks.md, issue 9), does not load zod: it reads a few optional strings.

/** What the CLI reads from the environment: the embedding service's key and address, and GitHub's for `triage`. */
export interface CliEnv {
  readonly voyage?: { readonly apiKey: string; readonly baseUrl?: string };
  /** `GITHUB_TOKEN` (else `GH_TOKEN`), `GITHUB_API_URL` and `GITHUB_SERVER_URL`, as the gh CLI and Actions name them. */
  readonly github?: { readonly token?: string; readonly apiUrl?: string; readonly serverUrl?: string };
  /** For `bugscout redeliver`: APP_ID, PRIVATE_KEY (or PRIVATE_KEY_PATH), and GHE_HOST/GHE_PROTOCOL for the API root. */
  /** `BUGSCOUT_INDEX_THREADS` as written: worker threads that index (checked where an indexer is made). */
  readonly indexThreads?: string;
  readonly app?: { readonly appId?: string; readonly privateKey?: string; readonly privateKeyPath?: string; readonly apiBaseUrl: string };
  /** `HOST`: the interface `bugscout setup` listens on (the container image sets 0.0.0.0). */
  readonly host?: string;
}

/** Reads the CLI's variables (`VOYAGE_API_KEY`, `VOYAGE_BASE_URL`) from `source` (default `process.env`). */
export function readCliEnv(source: Readonly<Record<string, string | undefined>> = process.env): CliEnv {
  const value = (name: string) => source[name]?.trim() || undefined;
  const token = value("GITHUB_TOKEN") ?? value("GH_TOKEN");
  const apiUrl = value("GITHUB_API_URL");
  const serverUrl = value("GITHUB_SERVER_URL");
  const github = { ...(token ? { token } : {}), ...(apiUrl ? { apiUrl } : {}), ...(serverUrl ? { serverUrl } : {}) };
  const apiKey = value("VOYAGE_API_KEY");
  const baseUrl = value("VOYAGE_BASE_URL");
  const host = value("GHE_HOST");
  const app = {
    ...(value("APP_ID") ? { appId: value("APP_ID") } : {}),
    ...(value("PRIVATE_KEY") ? { privateKey: source.PRIVATE_KEY } : {}),
    ...(value("PRIVATE_KEY_PATH") ? { privateKeyPath: value("PRIVATE_KEY_PATH") } : {}),
    apiBaseUrl: host ? `${value("GHE_PROTOCOL") ?? "https"}://${host}/api/v3` : "https://api.github.com",
  };
  const indexThreads = value("BUGSCOUT_INDEX_THREADS");
  const listen = value("HOST");
  return {
    ...(listen ? { host: listen } : {}),
    ...(indexThreads ? { indexThreads } : {}),
    ...(apiKey ? { voyage: { apiKey, ...(baseUrl ? { baseUrl } : {}) } } : {}),
    ...(Object.keys(github).length > 0 ? { github } : {}),
    ...(Object.keys(app).length > 1 ? { app } : {}),
  };
}
