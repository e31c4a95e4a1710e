import merge from "deepmerge";
import { parseSettings, type ParsedSettings, type SettingsProblem } from "./parse-settings.js";
import { parseSettingsText, type SettingsText } from "./parse-settings-text.js";
import type { RepoFile } from "./routing-ports.js";
import { defaultSettings, SETTINGS_FILE } from "./settings-schema.js";

/** A settings file to read: a repository's, at `commit` (absent: the default branch's head). */
export interface SettingsFileRef {
  readonly owner: string;
  readonly repo: string;
  readonly path: string;
  readonly commit?: string;
}

/** Reads one settings file on GitHub. Implemented in src/github/settings-file-reader.ts. */
export interface SettingsFileReader {
  readSettingsFile(ref: SettingsFileRef): Promise<RepoFile>;
}

/** The repository path of the settings file. */
export const SETTINGS_PATH = `.github/${SETTINGS_FILE}`;

/** Files an `_extends` chain may read at most. */
const MAX_FILES = 5;

/** `repo`, `owner/repo` or `owner/repo:path.yml` (the format of Probot's config loader). */
const EXTENDS = /^(?:([a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38})\/)?([-_.\w\d]+)(?::([-_./\w\d]+\.ya?ml))?$/i;

interface ReadFile {
  readonly ref: SettingsFileRef;
  readonly text: SettingsText;
}

/**
 * Reads and validates `.github/bugscout.yml` the way Probot's config loader finds it (the repository's file, else the
 * owner's `.github` repository's; `_extends` bases merged under it, lists replaced, not concatenated), with each
 * problem's line. A file that cannot be read as settings (not text, too large, bad YAML, not a mapping, a bad or
 * circular `_extends`) is an `error` problem with all defaults: BugScout stops until it is fixed. Network and server
 * failures are not settings problems and are thrown.
 */
export async function loadSettings(reader: SettingsFileReader, repo: { readonly owner: string; readonly repo: string }, commit?: string): Promise<ParsedSettings> {
  const own: SettingsFileRef = { owner: repo.owner, repo: repo.repo, path: SETTINGS_PATH, ...(commit ? { commit } : {}) };
  const files: ReadFile[] = [];
  const stop = (ref: SettingsFileRef, problem: { path: string; message: string; line?: number }): ParsedSettings => ({
    settings: defaultSettings(),
    problems: [{ ...problem, level: "error", ...fileField(ref, own) }],
  });

  let ref: SettingsFileRef | undefined = own;
  let file = await reader.readSettingsFile(own);
  if (file.kind === "absent" && repo.repo !== ".github") {
    ref = { owner: repo.owner, repo: ".github", path: SETTINGS_PATH };
    file = await reader.readSettingsFile(ref);
  }
  while (ref) {
    if (file.kind === "absent") {
      if (files.length === 0) return parseSettings(null);
      return stop(files[files.length - 1].ref, { path: "_extends", message: `names ${describeRef(ref)}, which does not exist` });
    }
    if (file.kind === "not-a-file") return stop(ref, { path: "(file)", message: "is a folder or a submodule, not a file" });
    if (file.kind === "too-large") return stop(ref, { path: "(file)", message: `larger than 100 KB (${file.bytes} bytes); not read` });
    const text = parseSettingsText(file.text);
    if (text.problems.length > 0) return { settings: defaultSettings(), problems: text.problems.map((p) => ({ ...p, level: "error", ...fileField(ref!, own) })) };
    files.push({ ref, text });
    const base = (text.value as Record<string, unknown> | null)?._extends;
    if (base === undefined) break;
    const next = parseExtends(base, ref);
    if (!next) return stop(ref, { path: "_extends", message: "must look like `repo`, `owner/repo` or `owner/repo:path.yml`", ...lineOf(text, "_extends") });
    if (files.some((f) => sameFile(f.ref, next))) return stop(ref, { path: "_extends", message: `leads back to ${describeRef(next)}, already read`, ...lineOf(text, "_extends") });
    if (files.length >= MAX_FILES) return stop(ref, { path: "_extends", message: `chains more than ${MAX_FILES} files`, ...lineOf(text, "_extends") });
    ref = next;
    file = await reader.readSettingsFile(next);
  }

  const values = files.map((f) => withoutExtends(f.text.value)).reverse();
  // Lists from the repository replace those of an `_extends` base instead of being concatenated.
  const merged = merge.all(values, { arrayMerge: (_base, override) => override });
  const parsed = parseSettings(merged);
  const problems = parsed.problems.map((p): SettingsProblem => {
    const where = files.find((f) => f.text.locate(p.path) !== undefined);
    if (!where) return files[0].ref === own ? p : { ...p, ...fileField(files[0].ref, own) };
    return { ...p, ...fileField(where.ref, own), line: where.text.locate(p.path)! };
  });
  return { settings: parsed.settings, problems };
}

function parseExtends(value: unknown, from: SettingsFileRef): SettingsFileRef | undefined {
  if (typeof value !== "string") return undefined;
  const match = EXTENDS.exec(value);
  if (!match) return undefined;
  return { owner: match[1] || from.owner, repo: match[2], path: match[3] || SETTINGS_PATH };
}

function withoutExtends(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== "object") return {};
  const { _extends: _, ...rest } = value as Record<string, unknown>;
  return rest;
}

function sameFile(a: SettingsFileRef, b: SettingsFileRef): boolean {
  return a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase() && a.path === b.path;
}

function describeRef(ref: SettingsFileRef): string {
  return `${ref.owner}/${ref.repo}:${ref.path}`;
}

/** `file` is set only for a file other than the repository's own settings file. */
function fileField(ref: SettingsFileRef, own: SettingsFileRef): { file?: string } {
  return sameFile(ref, own) ? {} : { file: describeRef(ref) };
}

function lineOf(text: SettingsText, path: string): { line?: number } {
  const line = text.locate(path);
  return line === undefined ? {} : { line };
}
