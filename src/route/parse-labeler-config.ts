import { parseDocument } from "yaml";
import type { AreaLabel, AreaMap, AreaTest, MapProblem, RuleGlob } from "./area-map.js";
import { compilePathGlob, isGlobProblem, type PathGlobOptions } from "./path-glob.js";

/** Where actions/labeler keeps its map, and where BugScout reads it. */
export const LABELER_FILE = ".github/labeler.yml";

/** Labels read at most; the rest of a larger file is a problem, not a slow request. */
export const MAX_AREA_LABELS = 500;
/** Globs read at most over the whole file. */
export const MAX_AREA_GLOBS = 5_000;
/** Longest label name read (GitHub's own limit is lower); a longer key is a problem. */
export const MAX_LABEL_NAME = 100;

/** What reading `.github/labeler.yml` gave. */
export interface LabelerConfig {
  readonly map: AreaMap;
  readonly problems: readonly MapProblem[];
  /** Labels with `head-branch` / `base-branch` rules: those rules are about pull requests and are ignored for issues. */
  readonly branchRules: readonly string[];
}

// actions/labeler v4 matches with minimatch and `dot: false` by default; v5 turned `dot` on by default.
const V4_GLOBS: PathGlobOptions = { dot: false, classes: true, braces: true };
const V5_GLOBS: PathGlobOptions = { dot: true, classes: true, braces: true };

const V5_BASE_KEYS = ["changed-files", "head-branch", "base-branch"];
const CHANGED_FILES_KEYS = ["any-glob-to-any-file", "any-glob-to-all-files", "all-globs-to-any-file", "all-globs-to-all-files"];
/** Top-level options of labeler v6+, not labels. */
const TOP_LEVEL_OPTIONS = ["changed-files-labels-limit", "max-files-changed"];

/**
 * Reads an actions/labeler configuration in either format into an area map, the way labeler matches one changed file:
 *
 * - v4: `label: glob`, `label: [globs]` (any of them), or `label: [{any: [globs], all: [globs]}]` (every glob).
 * - v5: `label: [{changed-files: [{any-glob-to-any-file: [...]}, {all-globs-to-any-file: [...]}]}]`, optionally under
 *   `any:` / `all:`; every entry of a label must match (as labeler's `checkMatchConfigs`).
 *
 * For an issue the "changed files" are one ranked file at a time, so "any file" and "all files" mean that file.
 * `head-branch` / `base-branch` rules are left out (their labels listed in `branchRules`); a label that only they
 * decide is never applied. Never throws: bad YAML, a bad entry, too many labels or globs become problems.
 */
export function parseLabelerConfig(text: string): LabelerConfig {
  const problems: MapProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ file: LABELER_FILE, path, message });
  let raw: unknown;
  try {
    // parseDocument collects errors and warnings instead of logging them; an alias bomb stops at 100 aliases.
    const document = parseDocument(text);
    if (document.errors.length > 0) throw document.errors[0];
    raw = document.toJS({ maxAliasCount: 100 });
  } catch (err) {
    const detail = err instanceof Error ? err.message.split("\n")[0].replace(/:$/, "") : "";
    problem("(file)", `not valid YAML${detail ? `: ${detail}` : ""}; no label is read from it`);
    return { map: { labels: [] }, problems, branchRules: [] };
  }
  if (raw === null || raw === undefined) return { map: { labels: [] }, problems, branchRules: [] };
  if (typeof raw !== "object" || Array.isArray(raw)) {
    problem("(file)", "expected a mapping of labels to globs; no label is read from it");
    return { map: { labels: [] }, problems, branchRules: [] };
  }
  const labels: AreaLabel[] = [];
  const branchRules: string[] = [];
  const budget = { globs: MAX_AREA_GLOBS };
  for (const [label, value] of Object.entries(raw as Record<string, unknown>)) {
    if (TOP_LEVEL_OPTIONS.includes(label)) continue;
    if (labels.length >= MAX_AREA_LABELS) {
      problem("(file)", `more than ${MAX_AREA_LABELS} labels: the rest are not read`);
      break;
    }
    const nameProblem = labelNameProblem(label);
    if (nameProblem) {
      problem(shortLabel(label), nameProblem);
      continue;
    }
    const reader = new RuleReader(label, budget);
    const test = reader.read(value);
    for (const message of reader.problems) problem(label, message);
    if (reader.branch) branchRules.push(label);
    if (budget.globs < 0) {
      problem("(file)", `more than ${MAX_AREA_GLOBS} globs: the rest are not read`);
      break;
    }
    if (test) labels.push({ label, test, source: "labeler" });
  }
  return { map: { labels }, problems, branchRules };
}

/** Why a label name cannot be one, or undefined. */
export function labelNameProblem(label: string): string | undefined {
  if (label.trim() === "") return "a label name must not be empty";
  if (label.length > MAX_LABEL_NAME) return `a label name longer than ${MAX_LABEL_NAME} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(label)) return "a label name must not hold control characters or line breaks";
  return undefined;
}

function shortLabel(label: string): string {
  return label.length > 60 ? `${label.slice(0, 57)}…` : label;
}

/** Reads one label's value; `undefined` when nothing in it can match a file. */
class RuleReader {
  readonly problems: string[] = [];
  branch = false;
  /** A rule of the label could not be read: the whole label is left out rather than read differently. */
  private broken = false;

  constructor(private readonly label: string, private readonly budget: { globs: number }) {}

  read(value: unknown): AreaTest | undefined {
    if (typeof value === "string") return this.globs([value], "any", V4_GLOBS);
    if (!Array.isArray(value)) {
      return this.fail("expected a glob or a list of globs or match rules");
    }
    const items = value.filter((item) => item !== null && item !== undefined);
    return items.every((item) => isV4Item(item)) ? this.readV4(items) : this.readV5(items);
  }

  /** v4: the list's items are alternatives; an `{any, all}` object needs every glob of both to match. */
  private readV4(items: readonly unknown[]): AreaTest | undefined {
    const terms: AreaTest[] = [];
    for (const item of items) {
      if (typeof item === "string") {
        const test = this.globs([item], "any", V4_GLOBS);
        if (test) terms.push(test);
        continue;
      }
      const object = item as Record<string, unknown>;
      const parts = (["any", "all"] as const).filter((k) => object[k] !== undefined).map((k) => this.globs(asList(object[k]), "all", V4_GLOBS));
      if (parts.length > 0 && parts.every((p) => p !== undefined)) terms.push({ kind: "and", terms: parts as AreaTest[] });
    }
    return terms.length > 0 ? { kind: "or", terms } : undefined;
  }

  /** v5: every item must match; bare base rules (`changed-files:` …) share one `any` group, as in labeler. */
  private readV5(items: readonly unknown[]): AreaTest | undefined {
    const groups: (AreaTest | undefined)[] = [];
    const bare: unknown[] = [];
    for (const item of items) {
      if (typeof item !== "object" || Array.isArray(item)) {
        return this.fail("expected match rules (`changed-files`, `any`, `all`)");
      }
      for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
        if (key === "any" || key === "all") {
          if (!Array.isArray(value)) {
            return this.fail(`\`${key}\` must be a list`);
          }
          groups.push(this.group(value, key));
        } else if (V5_BASE_KEYS.includes(key)) {
          bare.push({ [key]: value });
        } else {
          this.problems.push(`unknown key \`${key.slice(0, 40)}\` (ignored)`);
        }
      }
    }
    if (bare.length > 0) groups.push(this.group(bare, "any"));
    if (this.broken) return undefined;
    // A group no file can decide (only branch rules, or nothing) never matches, so neither does the label.
    if (groups.length === 0 || groups.some((g) => g === undefined)) return undefined;
    return { kind: "and", terms: groups as AreaTest[] };
  }

  /** An `any` (some rule) or `all` (every rule) group of base rules; undefined when no rule is about files. */
  private group(bases: readonly unknown[], mode: "any" | "all"): AreaTest | undefined {
    const terms: AreaTest[] = [];
    for (const base of bases) {
      if (typeof base !== "object" || base === null || Array.isArray(base)) {
        return this.fail("expected match rules (`changed-files`, `head-branch`, `base-branch`)");
      }
      for (const [key, value] of Object.entries(base as Record<string, unknown>)) {
        if (key === "head-branch" || key === "base-branch") {
          this.branch = true;
        } else if (key === "changed-files") {
          const files = this.changedFiles(value, mode);
          if (files === null) return undefined;
          if (files) terms.push(files);
        } else {
          this.problems.push(`unknown key \`${key.slice(0, 40)}\` (ignored)`);
        }
      }
    }
    if (terms.length === 0) return undefined;
    return { kind: mode === "any" ? "or" : "and", terms };
  }

  /** `changed-files` entries: in an `any` group one must match, in an `all` group every one; null on a bad entry. */
  private changedFiles(value: unknown, mode: "any" | "all"): AreaTest | undefined | null {
    const entries = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
    const terms: AreaTest[] = [];
    for (const entry of entries) {
      if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
        this.fail("`changed-files` entries must be mappings such as `any-glob-to-any-file: [...]`");
        return null;
      }
      for (const [key, globs] of Object.entries(entry as Record<string, unknown>)) {
        if (!CHANGED_FILES_KEYS.includes(key)) {
          this.fail(`unknown \`changed-files\` option \`${key.slice(0, 40)}\``);
          return null;
        }
        // One file: "any glob to any/all files" is "some glob matches it", "all globs to …" is "every glob does".
        const test = this.globs(asList(globs), key.startsWith("any-glob") ? "any" : "all", V5_GLOBS);
        if (test) terms.push(test);
      }
    }
    if (terms.length === 0) return undefined;
    return { kind: mode === "any" ? "or" : "and", terms };
  }

  private fail(message: string): undefined {
    this.broken = true;
    this.problems.push(`${message}; the label is not read`);
    return undefined;
  }

  private globs(patterns: readonly unknown[], mode: "any" | "all", options: PathGlobOptions): AreaTest | undefined {
    const globs: RuleGlob[] = [];
    for (const pattern of patterns) {
      this.budget.globs -= 1;
      if (this.budget.globs < 0) return undefined;
      if (typeof pattern !== "string" && typeof pattern !== "number") {
        this.problems.push("a glob must be a string (ignored)");
        continue;
      }
      const text = String(pattern);
      const bangs = /^!*/.exec(text)![0].length;
      const body = text.slice(bangs);
      // minimatch reads a pattern starting with `#` as a comment: it matches nothing.
      if (body.startsWith("#") || body === "") continue;
      const glob = compilePathGlob(body, options);
      if (isGlobProblem(glob)) {
        this.problems.push(`${glob.problem}: \`${body.slice(0, 60)}\` (ignored)`);
        continue;
      }
      globs.push({ glob, negated: bangs % 2 === 1 });
    }
    return globs.length > 0 ? { kind: "globs", mode, globs } : undefined;
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}

/** A v4 list item: a glob, or `{any, all}` whose values are globs (v5's `any`/`all` hold rule objects instead). */
function isV4Item(item: unknown): boolean {
  if (typeof item === "string") return true;
  if (typeof item !== "object" || item === null || Array.isArray(item)) return false;
  const entries = Object.entries(item as Record<string, unknown>);
  return entries.length > 0 && entries.every(([key, value]) => (key === "any" || key === "all") && asList(value).every((v) => typeof v === "string"));
}
