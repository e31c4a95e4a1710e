import { tokenize } from "../query/tokenize.js";

/** Stems that name a folder's module rather than themselves: `fields/__init__.py` is the `fields` module. */
const FOLDER_MODULE_STEMS: ReadonlySet<string> = new Set(["__init__", "index", "mod", "package-info"]);

/** Terms of a path: `dir` from its folders, `name` from the file's stem (or its folder's, for `__init__.py`). */
export interface PathTerms {
  readonly dir: readonly string[];
  readonly name: readonly string[];
}

/** Splits a POSIX path into folder terms and file-name terms, with identifier splitting. */
export function pathTerms(path: string, split = true): PathTerms {
  const segments = path.split("/");
  const file = segments.pop() ?? "";
  const stem = fileStem(file);
  const dirs = segments.join(" ");
  const nameSource = FOLDER_MODULE_STEMS.has(stem) && segments.length > 0 ? segments[segments.length - 1] : stem;
  return { dir: tokenize(dirs, { split }), name: tokenize(nameSource, { split }) };
}

/**
 * `terms` followed by the words of each joined name among them (`tracinghandler` → also `tracing`, `handler`), each
 * word added once and only if the terms do not already have it (a camel-case name was split by the tokenizer).
 */
export function withJoinedWordsSplit(terms: readonly string[], split: (word: string) => readonly string[] | undefined): readonly string[] {
  let out: string[] | undefined;
  for (const term of terms) {
    const words = split(term);
    if (!words) continue;
    for (const word of words) {
      if (terms.includes(word) || out?.includes(word)) continue;
      (out ??= [...terms]).push(word);
    }
  }
  return out ?? terms;
}

/** `fields.py` → `fields`, `Foo.test.ts` → `Foo.test`, `Makefile` → `Makefile`. */
function fileStem(file: string): string {
  const dot = file.lastIndexOf(".");
  return dot > 0 ? file.slice(0, dot) : file;
}

/**
 * The module a file defines, as path segments without extension: `django/db/models/__init__.py` →
 * `django/db/models`, `src/main/java/a/B.java` → `src/main/java/a/B`. Matched against dotted names by suffix.
 */
export function moduleSegments(path: string): string[] {
  const segments = path.split("/");
  const stem = fileStem(segments.pop() ?? "");
  if (!FOLDER_MODULE_STEMS.has(stem) || segments.length === 0) segments.push(stem);
  return segments;
}

/** The last of `moduleSegments(path)`, without splitting the path (done for every file of an index). */
export function moduleTail(path: string): string {
  const slash = path.lastIndexOf("/");
  const stem = fileStem(path.slice(slash + 1));
  if (!FOLDER_MODULE_STEMS.has(stem) || slash === -1) return stem;
  return path.slice(path.lastIndexOf("/", slash - 1) + 1, slash);
}
