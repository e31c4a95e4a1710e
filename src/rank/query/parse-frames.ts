/** The trace formats BugScout reads; `native` is C, C++ and Objective-C (sanitizers, gdb, lldb). */
export type FrameFormat = "python" | "java" | "javascript" | "go" | "rust" | "native" | "ruby" | "php" | "csharp";

/** A stack-trace frame found in issue text. `path` is as written (absolute, relative or package-derived). */
export interface IssueFrame {
  readonly format: FrameFormat;
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

/*
 * Every pattern here runs over the whole issue, which anyone can write (65,536 characters at most), so none may take
 * quadratic time on it: repetitions are bounded (a folder or file name at most 255 characters, at most 64 folders,
 * a symbol 300), a path that could start inside a longer word starts only where a word starts (`PATH_START`), and
 * leading blanks stop at line ends (`^\s*` under the m flag crosses them). bench/hostile-text.ts measures it.
 */
/** Where a path may start: not right after a character a path holds, where the longer path would start earlier. */
const PATH_START = String.raw`(?<![\w.\/-])`;
/** A path's folders: no spaces, quotes or parentheses. */
const DIRS = String.raw`(?:[\w.~@+-]{0,255}\/){0,64}`;

/** `File "django/forms/fields.py", line 151, in clean`; IPython 8: `File ~/x/dataset.py:1234, in Dataset.foo(self)` */
const PYTHON = /File (?:"([^"\n]{1,1000})", line |([^\s",]{1,1000}\.pyx?):)(\d+)(?:, in ([\w<>.]{1,300}))?/g;
/** Older IPython: `~/lib/python3.9/site-packages/xarray/core/dataset.py in merge(self, other)`, also quoted (`> `). */
const IPYTHON = /^[ \t>]*((?:[\w.~-]{0,255}\/){1,64}[\w.-]{1,255}\.py) in ([\w<>]{1,300})\(/gm;
/** `at org.foo.Bar$Inner.method(Bar.java:12)` (Java, Kotlin, Scala, Groovy); some tools print a space before `(`. */
const JVM = /\bat\s+((?:[\w$]{1,255}\.){1,64})([\w$<>-]{1,300}) ?\(([\w$-]+\.(?:java|kt|kts|scala|groovy)):(\d+)\)/g;
/** The start of a JVM trace's nested cause. */
const CAUSED_BY = /^[ \t]*Caused by:/gm;
/** A URL's scheme and host before a script's path (`http://localhost:3000`, `webpack://`, `file://`). */
const ORIGIN = String.raw`(?:[a-z][\w+.-]*:\/\/[^\s/()@]*)?`;
const SCRIPT = String.raw`[^\s():]{0,1000}\.(?:[cm]?js|jsx|[cm]?ts|tsx|vue|svelte)`;
/** V8: `at fn (src/x.ts:1:2)`, `at src/x.ts:1:2`, `at async Foo.bar (file:///a/b.mjs:3:4)`, `at f (http://h:3000/x.js:1:2)` */
const JS = new RegExp(String.raw`\bat\s+(?:(?:async\s+)?([\w$.<>[\] ]{1,300}?)\s+\()?(${ORIGIN}${SCRIPT}):(\d+)(?::(\d+))?\)?`, "g");
/** Firefox and Safari: `fn@http://host/x.js:1:2`, `@webpack:///./src/x.js:1:2`, `Foo/<.bar@src/x.js:3:4` */
const GECKO = new RegExp(String.raw`^[ \t]*([\w$.<>/]{0,300})@(${ORIGIN}${SCRIPT}):(\d+)(?::(\d+))?[ \t]*$`, "gm");
/** Go panics and goroutine dumps: a tab-indented `/path/pkg/file.go:12 +0x1d` under a `pkg.Func(...)` line. */
const GO = /^[^\S\n\u2028\u2029]*((?:[\w.@~-]{0,255}\/){0,64}[\w.-]{1,255}\.go):(\d+)(?:\s+\+0x[0-9a-f]+)?\s*$/gm;
/** Rust: `at src/x.rs:12:5` in backtraces, or `panicked at src/main.rs:2:5`. */
const RUST = /(?:\bat\s+|panicked at\s+'?(?:(?!panicked at)[^\n]){0,10000}?'?,?\s*)((?<![\w.\/-])(?:[\w.@~-]{0,255}\/){0,64}[\w.-]{1,255}\.rs):(\d+)(?::\d+)?/g;
/**
 * Native frames: sanitizers `#0 0x4f5c3e in png_read_row /src/pngread.c:123:7`, gdb `#3  0x… in foo (x=0) at
 * src/foo.c:12`, lldb `frame #0: 0x… a.out`main at main.c:5:3`.
 */
const NATIVE = new RegExp(String.raw`^[ \t]*(?:(?:\*[ \t]*)?frame[ \t]+)?#\d+:?[ \t]+(?:0x[0-9a-f]+[ \t]+(?:in[ \t]+)?)?(?:[\w.+-]{0,300}\`)?([\w:~<>]{1,300})?[^\n]{0,2000}?[ \t(](?:at[ \t]+)?(${DIRS}[\w.+-]{1,255}\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|inl|ipp|m|mm|cu)):(\d+)(?::\d+)?\)?[ \t]*$`, "gm");
/** Ruby: `/app/models/user.rb:12:in 'save'`, `from lib/x.rb:3:in \`block in Foo#bar'` */
const RUBY = new RegExp(String.raw`(${PATH_START}${DIRS}[\w.-]{1,255}\.(?:rb|rake)):(\d+):in [\`']([^'\n]{1,300})'`, "g");
/** PHP: `#0 /var/www/src/Foo.php(123): App\Foo->bar()`, `in /var/www/src/Foo.php:123`, `… on line 123` */
const PHP_TRACE = new RegExp(String.raw`^[ \t]*#\d+[ \t]+(${DIRS}[\w.-]{1,255}\.php)\((\d+)\):[ \t]*(?:[\w\\]+(?:->|::))?(\w+)?`, "gm");
const PHP_AT = new RegExp(String.raw`\b(?:in|at)[ \t]+(${DIRS}[\w.-]{1,255}\.php)(?::| on line )(\d+)`, "g");
/** C#: `at Ns.Type.Method(Args) in C:\src\Proj\File.cs:line 42` */
const CSHARP = /\bat ([\w.`<>+[\]]{1,300})\([^)\n]{0,1000}\) in ((?:[A-Za-z]:)?[^\s:]{0,1000}?[\w.-]{1,255}\.cs):line (\d+)/g;

/**
 * Finds stack-trace frames in `text`, in order of appearance. JVM frames turn the package into a path prefix,
 * so `at a.b.C.m(C.java:12)` becomes `a/b/C.java`, which matches `src/main/java/a/b/C.java` by suffix.
 */
export function parseFrames(text: string): IssueFrame[] {
  const found: { index: number; frame: IssueFrame }[] = [];
  const add = (index: number, frame: IssueFrame): void => {
    found.push({ index, frame });
  };
  for (const m of text.matchAll(PYTHON)) {
    const symbol = m[4]?.startsWith("<") ? undefined : m[4]?.split(".").pop();
    add(m.index, { format: "python", path: m[1] ?? m[2], line: Number(m[3]), symbol, text: m[0] });
  }
  for (const m of text.matchAll(IPYTHON)) {
    add(m.index, { format: "python", path: m[1], symbol: m[2].startsWith("<") ? undefined : m[2], text: m[0].replace(/^[\s>]+/, "").trimEnd() });
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
    add(m.index, { format: "java", path, line: Number(m[4]), symbol, text: m[0], ...(cause > 0 ? { cause } : {}) });
  }
  for (const m of [...text.matchAll(JS), ...text.matchAll(GECKO)]) {
    const symbol = m[1]?.trim().split(/[.\s/<]/).filter((s) => s !== "").pop();
    const column = m[4] ? { column: Number(m[4]) } : {};
    add(m.index, { format: "javascript", path: scriptPath(m[2]), line: Number(m[3]), ...column, symbol: symbol || undefined, text: m[0].trim() });
  }
  for (const m of text.matchAll(GO)) {
    const symbol = previousLine(text, m.index).match(/([A-Za-z_]\w*)\([^()]*\)\s*$/)?.[1];
    add(m.index, { format: "go", path: m[1], line: Number(m[2]), symbol, text: m[0].trim() });
  }
  for (const m of text.matchAll(RUST)) {
    const symbol = m[0].startsWith("at") ? previousLine(text, m.index).match(/\d+: (?:[\w<>]+::)*([A-Za-z_]\w*)\s*$/)?.[1] : undefined;
    add(m.index, { format: "rust", path: m[1].replace(/^\.\//, ""), line: Number(m[2]), symbol, text: m[0].trim() });
  }
  for (const m of text.matchAll(NATIVE)) {
    const symbol = m[1]?.split("::").pop()?.replace(/[<>~].*$/, "");
    add(m.index, { format: "native", path: m[2].replace(/^\.\//, ""), line: Number(m[3]), symbol: symbol || undefined, text: m[0].trim() });
  }
  for (const m of text.matchAll(RUBY)) {
    const symbol = m[3].match(/([A-Za-z_]\w*[?!=]?)$/)?.[1];
    add(m.index, { format: "ruby", path: m[1], line: Number(m[2]), symbol, text: m[0].trim() });
  }
  for (const m of text.matchAll(PHP_TRACE)) add(m.index, { format: "php", path: m[1], line: Number(m[2]), symbol: m[3], text: m[0].trim() });
  for (const m of text.matchAll(PHP_AT)) add(m.index, { format: "php", path: m[1], line: Number(m[2]), text: m[0].trim() });
  for (const m of text.matchAll(CSHARP)) {
    const symbol = m[1].split(".").pop()?.replace(/[`<].*$/, "");
    add(m.index, { format: "csharp", path: m[2].replace(/\\/g, "/").replace(/^[A-Za-z]:/, ""), line: Number(m[3]), symbol: symbol || undefined, text: m[0].trim() });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.frame);
}

/**
 * Frames in the order of their distance from where the error arose, innermost first: Python tracebacks list the
 * innermost frame last; JVM traces list the deepest cause's frames after the wrapper's (`Caused by:`), each cause
 * innermost first; every other format lists the innermost frame first.
 *
 * Reversing a Python issue's frames whole also orders chained tracebacks ("During handling of the above exception…",
 * "The above exception was the direct cause…"): each traceback innermost first, the last printed (the exception that
 * reached the reporter) leading. Unlike a JVM trace, the root cause does not lead: the first printed traceback is
 * usually the low-level error that the code in the last one handled or wrapped, and the fix is there (issue 65;
 * the root cause leading, or each traceback counted from its own crash site, lost development rankings:
 * docs/ranking.md, "Stack traces").
 */
export function innermostFirst<T extends { readonly f: IssueFrame }>(frames: readonly T[]): T[] {
  if (frames.length > 0 && frames[0].f.format === "python") return frames.slice().reverse();
  // A stable sort: within one cause the order of appearance stays.
  return frames.slice().sort((a, b) => (b.f.cause ?? 0) - (a.f.cause ?? 0));
}

/** A script's path without its URL's scheme and host (`http://h:3000/static/x.js` → `static/x.js`; `file:///a/x.js` → `/a/x.js`). */
function scriptPath(url: string): string {
  if (url.startsWith("file://")) return url.slice("file://".length);
  const origin = url.match(/^[a-z][\w+.-]*:\/\/[^\s/()@]*/)?.[0];
  return origin ? url.slice(origin.length).replace(/^\/(?:\.\/)?/, "") : url;
}

/** The line before the one containing `index` (the function line of a Go or Rust frame). */
function previousLine(text: string, index: number): string {
  const lineStart = text.lastIndexOf("\n", index - 1);
  if (lineStart <= 0) return "";
  return text.slice(text.lastIndexOf("\n", lineStart - 1) + 1, lineStart);
}
