/** A stack-trace frame found in issue text. `path` is as written (absolute, relative or package-derived). */
export interface IssueFrame {
  readonly format: "python" | "java" | "javascript" | "go" | "rust";
  readonly path: string;
  readonly line?: number;
  /** The 1-based column, when the format gives one (JavaScript): where on a built file's line the frame is. */
  readonly column?: number;
  /** The function or method the frame is in, when the format names it. */
  readonly symbol?: string;
  /** The frame as it appears in the issue, trimmed. */
  readonly text: string;
  /**
   * JVM traces: how many `Caused by:` lines come before the frame (0 = the outermost exception). The root cause's
   * frames follow the wrapper's, so the innermost frame is the first of the deepest cause.
   */
  readonly cause?: number;
}

/** `File "django/forms/fields.py", line 151, in clean`; IPython 8: `File ~/x/dataset.py:1234, in Dataset.foo(self)` */
const PYTHON = /File (?:"([^"\n]+)", line |([^\s",]+\.pyx?):)(\d+)(?:, in ([\w<>.]+))?/g;
/** Older IPython: `~/lib/python3.9/site-packages/xarray/core/dataset.py in merge(self, other)` */
const IPYTHON = /^[ \t]*((?:[\w.~-]*\/)+[\w.-]+\.py) in ([\w<>]+)\(/gm;
/** `at org.foo.Bar$Inner.method(Bar.java:12)` (Java, Kotlin, Scala, Groovy); some tools print a space before `(`. */
const JVM = /\bat\s+((?:[\w$]+\.)+)([\w$<>-]+) ?\(([\w$-]+\.(?:java|kt|kts|scala|groovy)):(\d+)\)/g;
/** The start of a JVM trace's nested cause. */
const CAUSED_BY = /^[ \t]*Caused by:/gm;
/** `at fn (src/x.ts:1:2)`, `at src/x.ts:1:2`, `at async Foo.bar (file:///a/b.mjs:3:4)` */
const JS = /\bat\s+(?:(?:async\s+)?([\w$.<>[\] ]+?)\s+\()?((?:file:\/\/)?[^\s():]*\.(?:[cm]?js|jsx|[cm]?ts|tsx|vue|svelte)):(\d+)(?::(\d+))?\)?/g;
/** Go panics: a tab-indented `/path/pkg/file.go:12 +0x1d` under a `pkg.Func(...)` line. */
const GO = /^\s*((?:[\w.@~-]*\/)*[\w.-]+\.go):(\d+)(?:\s+\+0x[0-9a-f]+)?\s*$/gm;
/** Rust: `at src/x.rs:12:5` in backtraces, or `panicked at src/main.rs:2:5`. */
const RUST = /(?:\bat\s+|panicked at\s+'?[^\n]*?'?,?\s*)((?:[\w.@~-]*\/)*[\w.-]+\.rs):(\d+)(?::\d+)?/g;

/**
 * Finds stack-trace frames in `text`, in order of appearance. JVM frames turn the package into a path prefix,
 * so `at a.b.C.m(C.java:12)` becomes `a/b/C.java`, which matches `src/main/java/a/b/C.java` by suffix.
 */
export function parseFrames(text: string): IssueFrame[] {
  const found: { index: number; frame: IssueFrame }[] = [];
  for (const m of text.matchAll(PYTHON)) {
    const symbol = m[4]?.startsWith("<") ? undefined : m[4]?.split(".").pop();
    found.push({ index: m.index, frame: { format: "python", path: m[1] ?? m[2], line: Number(m[3]), symbol, text: m[0] } });
  }
  for (const m of text.matchAll(IPYTHON)) {
    found.push({ index: m.index, frame: { format: "python", path: m[1], symbol: m[2].startsWith("<") ? undefined : m[2], text: m[0].trim() } });
  }
  const causes = [...text.matchAll(CAUSED_BY)].map((m) => m.index);
  for (const m of text.matchAll(JVM)) {
    const qualifier = m[1].slice(0, -1).split(".");
    const className = qualifier.pop() ?? "";
    const dir = qualifier.filter((p) => /^[a-z_][\w]*$/.test(p)).join("/");
    const path = dir ? `${dir}/${m[3]}` : m[3];
    // `<init>` is a constructor; `lambda$save$0` and `access$save` are synthetic wrappers of `save`.
    const method = m[2].replace(/^(?:lambda|access)\$([\w]+?)(?:\$\d+)?$/, "$1");
    const symbol = m[2] === "<init>" || m[2] === "<clinit>" ? className.split("$")[0] : method;
    const cause = causes.filter((at) => at < m.index).length;
    found.push({ index: m.index, frame: { format: "java", path, line: Number(m[4]), symbol, text: m[0], ...(cause > 0 ? { cause } : {}) } });
  }
  for (const m of text.matchAll(JS)) {
    const symbol = m[1]?.trim().split(/[.\s]/).pop();
    const path = m[2].replace(/^file:\/\//, "");
    const column = m[4] ? { column: Number(m[4]) } : {};
    found.push({ index: m.index, frame: { format: "javascript", path, line: Number(m[3]), ...column, symbol: symbol || undefined, text: m[0].trim() } });
  }
  for (const m of text.matchAll(GO)) {
    const symbol = previousLine(text, m.index).match(/([A-Za-z_]\w*)\([^()]*\)\s*$/)?.[1];
    found.push({ index: m.index, frame: { format: "go", path: m[1], line: Number(m[2]), symbol, text: m[0].trim() } });
  }
  for (const m of text.matchAll(RUST)) {
    const symbol = m[0].startsWith("at") ? previousLine(text, m.index).match(/\d+: (?:[\w<>]+::)*([A-Za-z_]\w*)\s*$/)?.[1] : undefined;
    found.push({ index: m.index, frame: { format: "rust", path: m[1].replace(/^\.\//, ""), line: Number(m[2]), symbol, text: m[0].trim() } });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.frame);
}

/**
 * Frames in the order of their distance from where the error arose, innermost first: Python tracebacks list the
 * innermost frame last; JVM traces list the deepest cause's frames after the wrapper's (`Caused by:`), each cause
 * innermost first; every other format lists the innermost frame first.
 */
export function innermostFirst<T extends { readonly f: IssueFrame }>(frames: readonly T[]): T[] {
  if (frames.length > 0 && frames[0].f.format === "python") return frames.slice().reverse();
  // A stable sort: within one cause the order of appearance stays.
  return frames.slice().sort((a, b) => (b.f.cause ?? 0) - (a.f.cause ?? 0));
}

/** The line before the one containing `index` (the function line of a Go or Rust frame). */
function previousLine(text: string, index: number): string {
  const lineStart = text.lastIndexOf("\n", index - 1);
  if (lineStart <= 0) return "";
  return text.slice(text.lastIndexOf("\n", lineStart - 1) + 1, lineStart);
}
