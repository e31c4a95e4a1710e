import { parseSettings, type ParsedSettings } from "../triage/parse-settings.js";
import { defaultSettings, SETTINGS_FILE } from "../triage/settings-schema.js";

/**
 * What loads `.github/<file>` with `_extends` and the fallback to the owner's `.github` repository: Probot's
 * `context.config` in the app, {@link createRestConfigSource} (src/github/rest-config-source.ts) in the CLI and the
 * Action — both over `@probot/octokit-plugin-config`, so the file means the same everywhere.
 */
export interface ConfigSource {
  config<T>(fileName: string, defaultConfig?: T, deepMergeOptions?: { arrayMerge?: (base: unknown[], override: unknown[]) => unknown[] }): Promise<T | null>;
}

const PLUGIN_PREFIX = "[@probot/octokit-plugin-config]";

/**
 * Reads `.github/bugscout.yml` through Probot's config loader and validates it. A file that cannot be parsed
 * (bad YAML, not a mapping, a bad `_extends`) becomes a settings problem with all defaults; network and server
 * errors are not settings problems and are thrown.
 */
export async function readSettings(context: ConfigSource): Promise<ParsedSettings> {
  let raw: unknown;
  try {
    // Arrays from the repository replace those of an `_extends` base instead of being concatenated.
    raw = await context.config<Record<string, unknown>>(SETTINGS_FILE, undefined, {
      arrayMerge: (_base: unknown[], override: unknown[]) => override,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : "";
    if (!message.startsWith(PLUGIN_PREFIX)) throw err;
    return { settings: defaultSettings(), problems: [{ path: "(file)", message: describeLoadError(err as Error) }] };
  }
  return parseSettings(raw);
}

function describeLoadError(err: Error): string {
  const message = err.message;
  if (message.includes("invalid YAML")) {
    const detail = err.cause instanceof Error ? err.cause.message.split("\n")[0] : "";
    return `the file is not valid YAML${detail ? `: ${detail}` : ""}; all defaults are used`;
  }
  if (message.includes("YAML is not an object")) return "the file must be a mapping of keys; all defaults are used";
  if (message.includes("Recursion detected")) return "`_extends` leads back to a file already read; all defaults are used";
  if (message.includes("_extends")) return "`_extends` must look like `repo`, `owner/repo` or `owner/repo:path.yml`; all defaults are used";
  if (message.includes("directory or a submodule")) return "the settings path is a directory, not a file; all defaults are used";
  return "the settings file could not be read; all defaults are used";
}
