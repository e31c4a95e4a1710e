import { compilePathGlob, isGlobProblem, type PathGlob, type PathGlobOptions } from "./path-glob.js";

/** One glob of a rule; a negated one (`!pattern`) passes when the pattern does not match. */
export interface RuleGlob {
  readonly glob: PathGlob;
  readonly negated: boolean;
}

/**
 * What a label's rule asks of one file: `any` — some glob passes, `all` — every glob passes; `and` / `or` combine.
 * A pull request's "any file" and "all files" collapse to the one file an issue's ranking points at.
 */
export type AreaTest =
  | { readonly kind: "globs"; readonly mode: "any" | "all"; readonly globs: readonly RuleGlob[] }
  | { readonly kind: "and" | "or"; readonly terms: readonly AreaTest[] };

/** An area label and the files it covers. */
export interface AreaLabel {
  /** The label's name as the map writes it. */
  readonly label: string;
  readonly test: AreaTest;
  /** Where the entry came from. */
  readonly source: "labeler" | "settings";
}

/** The repository's area map: labels in the order the files list them. */
export interface AreaMap {
  readonly labels: readonly AreaLabel[];
}

/** A problem found in a map file, shown in the comment like a settings problem. */
export interface MapProblem {
  /** The file, e.g. `.github/labeler.yml`. */
  readonly file: string;
  /** Where in it: a label, a line, or `(file)`. */
  readonly path: string;
  readonly message: string;
}

/** An empty map: no label is ever chosen. */
export const EMPTY_AREA_MAP: AreaMap = { labels: [] };

/** The labels of the map whose rule covers `path`, in map order. */
export function labelsCovering(map: AreaMap, path: string): AreaLabel[] {
  return map.labels.filter((entry) => passes(entry.test, path));
}

/** Whether a rule covers `path`. */
export function passes(test: AreaTest, path: string): boolean {
  switch (test.kind) {
    case "globs": {
      const pass = (g: RuleGlob) => g.glob.matches(path) !== g.negated;
      return test.mode === "any" ? test.globs.some(pass) : test.globs.every(pass);
    }
    case "and":
      return test.terms.every((t) => passes(t, path));
    case "or":
      return test.terms.some((t) => passes(t, path));
  }
}

/** `over`'s labels replace `base`'s of the same name (GitHub label names ignore case) and come after the rest. */
export function mergeAreaMaps(base: AreaMap, over: AreaMap): AreaMap {
  const replaced = new Set(over.labels.map((l) => l.label.toLowerCase()));
  return { labels: [...base.labels.filter((l) => !replaced.has(l.label.toLowerCase())), ...over.labels] };
}

/** Glob reading of `labels.areas`: minimatch's, as actions/labeler v5 reads its globs (dot files included). */
const SETTINGS_GLOBS: PathGlobOptions = { dot: true, classes: true, braces: true };

/**
 * The map written as `labels.areas` in `.github/bugscout.yml`: `label: [globs]`. A file is in the area when one glob
 * matches it and no `!glob` does; a glob ending in `/` means everything under that folder. Bad globs are problems
 * and are left out (a label left with no glob is left out too).
 */
export function buildSettingsAreaMap(areas: Readonly<Record<string, readonly string[]>>): { map: AreaMap; problems: MapProblem[] } {
  const problems: MapProblem[] = [];
  const labels: AreaLabel[] = [];
  for (const [label, patterns] of Object.entries(areas)) {
    const positive: RuleGlob[] = [];
    const negative: RuleGlob[] = [];
    for (const [i, raw] of patterns.entries()) {
      const negated = raw.startsWith("!");
      const text = (negated ? raw.slice(1) : raw).trim().replace(/^\.\//, "");
      const glob = compilePathGlob(text.endsWith("/") ? `${text}**` : text, SETTINGS_GLOBS);
      if (isGlobProblem(glob)) {
        problems.push({ file: ".github/bugscout.yml", path: `labels.areas.${label}`, message: `${glob.problem} (item ${i})` });
        continue;
      }
      (negated ? negative : positive).push({ glob, negated });
    }
    if (positive.length === 0) continue;
    const any: AreaTest = { kind: "globs", mode: "any", globs: positive };
    labels.push({ label, source: "settings", test: negative.length > 0 ? { kind: "and", terms: [any, { kind: "globs", mode: "all", globs: negative }] } : any });
  }
  return { map: { labels }, problems };
}
