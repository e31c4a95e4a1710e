import { moduleSegments, moduleTail } from "./path-terms.js";

/** Files by lower-cased file name and by lower-cased last module segment, for suffix matching. */
export interface PathLookup {
  /** File `file`'s lower-cased path segments. */
  segmentsOf(file: number): readonly string[];
  /** File `file`'s lower-cased module segments (`moduleSegments`). */
  modulesOf(file: number): readonly string[];
  readonly byName: ReadonlyMap<string, readonly number[]>;
  readonly byModuleTail: ReadonlyMap<string, readonly number[]>;
}

/**
 * Indexes paths (file number = position in `paths`) for {@link matchPathSuffix} and {@link matchModule}. Only the
 * two maps are built up front; a file's segments are split when a mention's candidates reach it (django: 13-40 ms
 * to split all 5,158 paths twice in a fresh process, for the few dozen files an issue's mentions name).
 */
export function buildPathLookup(paths: readonly string[]): PathLookup {
  const lower = paths.map((p) => p.toLowerCase());
  const segments: (readonly string[] | undefined)[] = new Array(paths.length);
  const modules: (readonly string[] | undefined)[] = new Array(paths.length);
  const byName = new Map<string, number[]>();
  const byModuleTail = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, v: number): void => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  lower.forEach((p, i) => {
    push(byName, p.slice(p.lastIndexOf("/") + 1), i);
    push(byModuleTail, moduleTail(p), i);
  });
  return {
    segmentsOf: (file) => (segments[file] ??= lower[file].split("/")),
    modulesOf: (file) => (modules[file] ??= moduleSegments(lower[file])),
    byName,
    byModuleTail,
  };
}

/** Files matched by a mention, all with the same (longest) number of matching trailing segments. */
export interface SuffixMatch {
  readonly files: readonly number[];
  readonly matched: number;
}

/**
 * Files whose path and `mention` share the longest run of trailing segments, where one of the two is matched
 * whole: `/usr/lib/site-packages/django/forms/fields.py` matches `django/forms/fields.py`, and `a/b/C.java`
 * matches `src/main/java/a/b/C.java`; `urllib/parse.py` does not match `sphinx/util/parse.py`. When no file
 * matches whole, a shared tail of {@link PARTIAL_MIN_SEGMENTS}+ segments still counts: an installed package
 * (`site-packages/_pytest/main.py`) against a `src/` layout (`src/_pytest/main.py`).
 */
export function matchPathSuffix(lookup: PathLookup, mention: string): SuffixMatch {
  const wanted = mention.toLowerCase().replace(/\\/g, "/").split("/").filter((s) => s !== "" && s !== ".");
  const candidates = lookup.byName.get(wanted[wanted.length - 1] ?? "");
  const whole = bestSuffix(lookup.segmentsOf, candidates, wanted, true);
  if (whole.files.length > 0) return whole;
  const partial = bestSuffix(lookup.segmentsOf, candidates, wanted, false);
  return partial.matched >= PARTIAL_MIN_SEGMENTS ? partial : { files: [], matched: 0 };
}

/** The files at exactly `path` (a tree path; compared without case, as every lookup here is). */
export function filesAt(lookup: PathLookup, path: string): number[] {
  const lower = path.toLowerCase();
  return (lookup.byName.get(lower.slice(lower.lastIndexOf("/") + 1)) ?? []).filter((f) => lookup.segmentsOf(f).join("/") === lower);
}

/** Trailing segments (the file name and at least one folder) a partial path match must share. */
export const PARTIAL_MIN_SEGMENTS = 2;

/**
 * Files whose module path ends with the dotted name's segments (`django.db.models` → `django/db/models/__init__.py`,
 * `com.acme.Foo` → `src/main/java/com/acme/Foo.java`). The whole dotted name must match.
 */
export function matchModule(lookup: PathLookup, dotted: readonly string[]): SuffixMatch {
  const wanted = dotted.map((s) => s.toLowerCase());
  const found = bestSuffix(lookup.modulesOf, lookup.byModuleTail.get(wanted[wanted.length - 1] ?? ""), wanted, true);
  return found.matched === wanted.length ? found : { files: [], matched: 0 };
}

function bestSuffix(
  segmentsOf: (file: number) => readonly string[],
  candidates: readonly number[] | undefined,
  wanted: readonly string[],
  whole: boolean,
): SuffixMatch {
  let best: number[] = [];
  let bestLength = 0;
  for (const file of candidates ?? []) {
    const have = segmentsOf(file);
    let k = 0;
    while (k < have.length && k < wanted.length && have[have.length - 1 - k] === wanted[wanted.length - 1 - k]) k++;
    if (whole && k < have.length && k < wanted.length) continue;
    if (k > bestLength) {
      best = [file];
      bestLength = k;
    } else if (k === bestLength && k > 0) {
      best.push(file);
    }
  }
  return { files: best, matched: bestLength };
}
