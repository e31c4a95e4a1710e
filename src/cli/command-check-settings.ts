import { open } from "node:fs/promises";
import { join } from "node:path";
import { LABELER_FILE, parseLabelerConfig } from "../route/parse-labeler-config.js";
import { CODEOWNERS_PATHS, parseCodeowners } from "../route/parse-codeowners.js";
import type { MapProblem } from "../route/area-map.js";
import { checkSettingsText } from "../triage/check-settings-text.js";
import { SETTINGS_PATH } from "../triage/load-settings.js";
import { buildOperatorProblems } from "../triage/operator-problems.js";
import { stopsBugScout } from "../triage/parse-settings.js";
import { MAX_SETTINGS_BYTES } from "../triage/parse-settings-text.js";
import { MAX_MAP_BYTES } from "../triage/read-routing-maps.js";
import { renderProblemLines } from "../triage/render-problem-lines.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";

/** Options of `bugscout check-settings`. */
export interface CheckSettingsOptions {
  /** A settings file to check. */
  readonly file?: string;
  /** A checkout: its `.github/bugscout.yml`, and the labeler.yml and CODEOWNERS it reads. */
  readonly repo?: string;
}

/**
 * `bugscout check-settings [FILE | --repo DIR]`: prints each problem with its line (`file:line: level: key:
 * message`) and exits 1 when one stops BugScout (the file does not parse, `enabled` or `dry_run` is not understood),
 * 0 otherwise — warnings print and exit 0. The same reading as the app's (src/triage/check-settings-text.ts).
 */
export async function runCheckSettingsCommand(io: CliIo, options: CheckSettingsOptions): Promise<number> {
  if (options.file && options.repo) throw new CliError("Pass a settings file or --repo <dir>, not both.");
  const root = options.repo ?? (options.file ? undefined : ".");
  const settingsFile = options.file ?? join(root!, SETTINGS_PATH);
  const shown = options.file ?? SETTINGS_PATH;
  const text = await readCapped(settingsFile, MAX_SETTINGS_BYTES);
  if (text === "absent" && options.file) throw new CliError(`${options.file}: no such file.`);
  const settingsProblems = text === "absent" ? [] : text === "too-large"
    ? [{ path: "(file)", message: `larger than ${MAX_SETTINGS_BYTES / 1000} KB; not read`, level: "error" as const }]
    : checkSettingsText(text);
  const mapProblems = root !== undefined && !stopsBugScout(settingsProblems) ? await checkMaps(root) : [];
  const problems = buildOperatorProblems(settingsProblems, mapProblems).map((p) => (p.file === SETTINGS_PATH ? { ...p, file: shown } : p));
  for (const line of renderProblemLines(problems)) io.out(line);
  const stopped = stopsBugScout(problems);
  if (text === "absent") io.err(`bugscout: no ${SETTINGS_PATH}: BugScout uses its defaults`);
  const errors = problems.filter((p) => p.level === "error").length;
  io.err(stopped
    ? `bugscout: ${errors} problem${errors === 1 ? " stops" : "s stop"} BugScout on this repository until fixed`
    : problems.length > 0 ? `bugscout: ${problems.length} warning${problems.length === 1 ? "" : "s"}; BugScout runs with the rest` : "bugscout: no problems");
  return stopped ? 1 : 0;
}

/** The checkout's labeler.yml and CODEOWNERS (the one GitHub would use), read as the app reads them. */
async function checkMaps(root: string): Promise<MapProblem[]> {
  const problems: MapProblem[] = [];
  const labeler = await readCapped(join(root, LABELER_FILE), MAX_MAP_BYTES);
  if (labeler === "too-large") problems.push({ file: LABELER_FILE, path: "(file)", message: "larger than 1 MB; not read" });
  else if (labeler !== "absent") problems.push(...parseLabelerConfig(labeler).problems);
  for (const path of CODEOWNERS_PATHS) {
    const text = await readCapped(join(root, path), MAX_MAP_BYTES);
    if (text === "absent") continue;
    if (text === "too-large") problems.push({ file: path, path: "(file)", message: "larger than 1 MB; not read" });
    else problems.push(...parseCodeowners(text, path).problems);
    break;
  }
  return problems;
}

/** A file's text, read no further than `maxBytes`. */
async function readCapped(path: string, maxBytes: number): Promise<string | "absent" | "too-large"> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return "absent";
    throw new CliError(`${path}: ${(error as Error).message}`, 2, { cause: error });
  }
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes + 1, 0).catch((error: unknown) => {
      throw new CliError(`${path}: ${(error as Error).message}`, 2, { cause: error });
    });
    return bytesRead > maxBytes ? "too-large" : buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}
