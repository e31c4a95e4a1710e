import { z } from "zod";
import { CLAMP_NOTE, readLeniently } from "./lenient-value.js";
import { settingsSchema, type Settings } from "./settings-schema.js";

/**
 * A readable problem found in the settings file; `path` is dotted, e.g. `ranking.top_k`. An `error` stops BugScout on
 * the repository until it is fixed (the file does not parse, or a safety key is not understood); a `warning` only
 * cost that one key its value (the default, or the nearest value in range, is used).
 */
export interface SettingsProblem {
  readonly path: string;
  readonly message: string;
  readonly level: "error" | "warning";
  /** The file the key is in, when it is not the repository's own `.github/bugscout.yml` (an `_extends` base). */
  readonly file?: string;
  /** 1-based line of the key in that file, when known. */
  readonly line?: number;
}

/** Validated settings plus the problems that made parts of them fall back to defaults. */
export interface ParsedSettings {
  readonly settings: Settings;
  readonly problems: readonly SettingsProblem[];
}

/**
 * Keys whose misreading would make BugScout act where it was told not to: a value here that is not understood stops
 * BugScout on the repository instead of falling back to the default (which is "act").
 */
export const SAFETY_KEYS: readonly string[] = ["enabled", "dry_run"];

/** Whether the problems stop BugScout on the repository: no comment, label or assignment until the file is fixed. */
export function stopsBugScout(problems: readonly { readonly level?: string }[]): boolean {
  return problems.some((p) => p.level === "error");
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * Validates raw settings field by field: a bad value or an unknown key becomes a problem and that field
 * (only that field) takes its default. Values whose intent is plain are read leniently first (src/triage/
 * lenient-value.ts: YAML 1.1 booleans, a string for a one-item list, a number clamped to its range, with a note).
 * A safety key ({@link SAFETY_KEYS}) that is not understood, or a file that is not a mapping, is an `error`:
 * BugScout stops on the repository (see {@link stopsBugScout}). Never throws.
 */
export function parseSettings(raw: unknown): ParsedSettings {
  const found: Omit<SettingsProblem, "level">[] = [];
  const settings = parseObject(settingsSchema, raw, "", found) as Settings;
  const checked = withBoundedAreas(settings, found);
  const problems = found.map((p): SettingsProblem => ({ ...p, level: isSafetyProblem(p) ? "error" : "warning" }));
  return { settings: checked, problems };
}

/** A problem that leaves a safety key (or the whole file) not understood; a clamp note is never one. */
function isSafetyProblem(problem: Omit<SettingsProblem, "level">): boolean {
  return problem.path === "(file)" || (SAFETY_KEYS.includes(problem.path) && !problem.message.startsWith(CLAMP_NOTE));
}

/** Labels `labels.areas` may map; more is a settings problem (the map then falls back to its default). */
export const MAX_SETTINGS_AREAS = 100;

type Found = Omit<SettingsProblem, "level">[];

function withBoundedAreas(settings: Settings, problems: Found): Settings {
  if (Object.keys(settings.labels.areas).length <= MAX_SETTINGS_AREAS) return settings;
  problems.push({ path: "labels.areas", message: `more than ${MAX_SETTINGS_AREAS} labels` });
  return { ...settings, labels: { ...settings.labels, areas: {} } };
}

function parseObject(schema: AnyObject, raw: unknown, prefix: string, problems: Found): unknown {
  const shape = schema.shape;
  const input = raw ?? {};
  if (!isPlainObject(input)) {
    problems.push({ path: prefix || "(file)", message: `expected a mapping of keys, got ${describeType(input)}` });
    return schema.parse({});
  }
  const known = Object.keys(shape);
  for (const key of Object.keys(input)) {
    if (!(key in shape)) {
      const suggestion = closestKey(key, known);
      problems.push({
        path: join(prefix, key),
        message: suggestion ? `unknown key (did you mean "${suggestion}"?)` : "unknown key",
      });
    }
  }
  const result: Record<string, unknown> = {};
  for (const key of known) {
    const field = shape[key] as z.ZodTypeAny;
    const value = input[key] ?? undefined;
    const nested = objectInside(field);
    if (nested) {
      result[key] = parseObject(nested, value, join(prefix, key), problems);
      continue;
    }
    const lenient = readLeniently(field, value);
    if (lenient.note) problems.push({ path: join(prefix, key), message: lenient.note });
    const parsed = field.safeParse(lenient.value);
    if (parsed.success) {
      result[key] = parsed.data;
    } else {
      problems.push({ path: join(prefix, key), message: describeIssue(parsed.error.issues[0]) });
      result[key] = field.parse(undefined);
    }
  }
  return result;
}

/** The object schema behind a `.default({})` wrapper, if the field is a nested section. */
function objectInside(field: z.ZodTypeAny): AnyObject | undefined {
  const inner = field instanceof z.ZodDefault ? field._def.innerType : field;
  return inner instanceof z.ZodObject ? (inner as AnyObject) : undefined;
}

function describeIssue(issue: z.ZodIssue | undefined): string {
  if (!issue) return "invalid value";
  const where = issue.path.length > 0 ? ` (item ${issue.path.join(".")})` : "";
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}, got ${issue.received}${where}`;
    case "invalid_enum_value":
      return `expected one of ${issue.options.map((o) => `"${String(o)}"`).join(", ")}${where}`;
    case "too_big":
      return issue.type === "string" ? `longer than ${issue.maximum} characters${where}`
        : issue.type === "array" ? `more than ${issue.maximum} items${where}`
        : `must be at most ${issue.maximum}${where}`;
    case "too_small":
      return issue.type === "string" ? `must not be empty${where}`
        : issue.type === "array" ? `needs at least ${issue.minimum} items${where}`
        : `must be at least ${issue.minimum}${where}`;
    default:
      return `${issue.message.toLowerCase()}${where}`;
  }
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

/** The known key within edit distance 2 of `key`, to turn a typo into a hint. */
function closestKey(key: string, known: readonly string[]): string | undefined {
  if (key.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}
