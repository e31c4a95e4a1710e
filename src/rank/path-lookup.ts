import { moduleSegments } from "./path-terms.js";

/** Files by lower-cased file name and by lower-cased last module segment, for suffix matching. */
export interface PathLookup {
  readonly segments: readonly (readonly string[])[];
  readonly modules: readonly (readonly string[])[];
  readonly byName: ReadonlyMap<string, readonly number[]>;
  readonly byModuleTail: ReadonlyMap<string, readonly number[]>;
}

/** Indexes paths (file number = position in `paths`) for {@link matchPathSuffix} and {@link matchModule}. */
export function buildPathLookup(paths: readonly string[]): PathLookup {
  const segments = paths.map((p) => p.toLowerCase().split("/"));
  const modules = paths.map((p) => moduleSegments(p.toLowerCase()));
  const byName = new Map<string, number[]>();
  const byModuleTail = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, v: number): void => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  segments.forEach((s, i) => push(byName, s[s.length - 1], i));
  modules.forEach((s, i) => push(byModuleTail, s[s.length - 1], i));
  return { segments, modules, byName, byModuleTail };
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
  const whole = bestSuffix(lookup.segments, candidates, wanted, true);
  if (whole.files.length > 0) return whole;
  const partial = bestSuffix(lookup.segments, candidates, wanted, false);
  return partial.matched >= PARTIAL_MIN_SEGMENTS ? partial : { files: [], matched: 0 };
}

/** Trailing segments (the file name and at least one folder) a partial path match must share. */
export const PARTIAL_MIN_SEGMENTS = 2;

/**
 * Files whose module path ends with the dotted name's segments (`django.db.models` → `django/db/models/__init__.py`,
 * `com.acme.Foo` → `src/main/java/com/acme/Foo.java`). The whole dotted name must match.
 */
export function matchModule(lookup: PathLookup, dotted: readonly string[]): SuffixMatch {
  const wanted = dotted.map((s) => s.toLowerCase());
  const found = bestSuffix(lookup.modules, lookup.byModuleTail.get(wanted[wanted.length - 1] ?? ""), wanted, true);
  return found.matched === wanted.length ? found : { files: [], matched: 0 };
}

function bestSuffix(
  all: readonly (readonly string[])[],
  candidates: readonly number[] | undefined,
  wanted: readonly string[],
  whole: boolean,
): SuffixMatch {
  let best: number[] = [];
  let bestLength = 0;
  for (const file of candidates ?? []) {
    const have = all[file];
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
