import { replaceFencedBlocks } from "./fenced-blocks.js";
import { parseFrames, type IssueFrame } from "./parse-frames.js";

export type { IssueFrame } from "./parse-frames.js";

/** A file path written in the issue, e.g. `django/forms/fields.py` or `Foo.java:12`. */
export interface IssuePath {
  readonly path: string;
  readonly line?: number;
  readonly text: string;
}

/** An error line: `ValueError: Invalid IPv6 URL`, `java.lang.IllegalStateException: closed`. */
export interface IssueError {
  /** The exception or error type, as written (may be dotted). */
  readonly type: string;
  readonly message: string;
}

/** The parts of an issue that the ranker weighs separately. */
export interface ParsedIssue {
  /** The whole text, line ends normalised. */
  readonly text: string;
  /** The first line. */
  readonly title: string;
  /** Text outside fenced blocks, inline code spans and stack frames. */
  readonly prose: string;
  /** Fenced blocks, inline code spans and interactive-session lines (`>>> `), as written. */
  readonly code: readonly string[];
  /** Code-shaped names with their case: dotted names, `Class.method`, calls `foo()`, camelCase and snake_case words. */
  readonly identifiers: readonly string[];
  /** Modules named in import statements (`import a.b`, `from a.b import c`, `import a.b.C;`), as dotted names. */
  readonly imports: readonly string[];
  readonly paths: readonly IssuePath[];
  readonly frames: readonly IssueFrame[];
  readonly errors: readonly IssueError[];
}

const INLINE = /`([^`\n]+)`/g;
/** A Markdown or HTML image: `![screenshot](https://…/1234.png)`, `<img width="600" src="…">`. */
const IMAGE = /!\[[^\]\n]{0,1000}\]\([^)\s]{0,2000}\)|<img\b[^>]{0,2000}>/gi;
/** The scheme and host of a URL: `https://user-images.githubusercontent.com`. */
const URL_ORIGIN = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s/?#)\]>"'`]*/gi;
/** A line of an interactive session (`>>> `, `... `, `In [1]: `, `$ `); the group is what was typed. */
const SESSION = /^[ \t]*(?:>>>|\.\.\.|In \[\d+\]:|\$) ?(.*)$/gm;
/** How the name of something raised or emitted ends: an error, exception, warning, exit, failure, fault or panic. */
const RAISED_SUFFIX = "(?:Error|Exception|Warning|Exit|Interrupt|Failure|Fault|Panic)";
/** A name that ends like something raised or emitted (`PaymentDeclinedError`, `MediaOrderConflictWarning`). */
export const RAISED_NAME = new RegExp(`${RAISED_SUFFIX}$`);
const ERROR = new RegExp(String.raw`^[ \t]*(?:Caused by: |Exception in thread "[^"]*" )?((?:[A-Za-z_][\w]*\.)*[A-Z]\w*${RAISED_SUFFIX})\b(?::[ \t]*(.*))?$`, "gm");
const FILE_EXT =
  "py|pyi|pyx|java|kt|kts|scala|groovy|js|jsx|mjs|cjs|ts|tsx|go|rs|c|h|cc|cpp|hpp|cs|rb|php|swift|lua|sh|m|" +
  "html|css|scss|vue|svelte|json|ya?ml|toml|cfg|ini|txt|rst|md|xml|gradle|sql";
const PATH = new RegExp(String.raw`(?<![\w/.-])((?:[\w.-]+/)*[\w-][\w.-]*\.(?:${FILE_EXT}))(?::(\d+))?(?![\w/])`, "g");
/**
 * A link to a file of a repository on GitHub or GitHub Enterprise (`https://github.com/o/r/blob/<ref>/src/x.js#L254`,
 * `…/tree/…`, `raw.githubusercontent.com/o/r/<ref>/…`): reporters paste permalinks to the line they suspect. The
 * path is taken after the ref's first segment; a ref with slashes leaves extra leading segments, which the suffix
 * match of the mention ignores.
 */
const FILE_LINK =
  /https?:\/\/(?:raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+\/[^/\s]+|[\w.-]+(?::\d+)?\/[\w.-]+\/[\w.-]+\/(?:blob|tree|raw)\/[^/\s]+)\/([^\s#?)\]>"'`]+)(?:#L(\d+))?/g;
const IMPORT = /^[ \t>.]*(?:from[ \t]+([\w.]+)[ \t]+import\b|import(?:[ \t]+static)?[ \t]+([\w.]+(?:\.\*)?))/gm;
const DOTTED = /(?<![\w.:])[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)+(?![\w])/g;
const CALL = /(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\(/g;
const WORD = /(?<![\w.])[A-Za-z_]\w*(?![\w])/g;
const CODE_SHAPED = /_|[a-z][A-Z]|^[A-Z]{2,}[a-z]/;

/**
 * Splits an issue's text into the kinds the ranker weighs separately: prose, code, identifiers, file paths,
 * stack-trace frames and error lines. Pure; the first line is taken as the title.
 */
export function parseIssue(text: string): ParsedIssue {
  const normalized = text.replace(/\r\n?/g, "\n");
  const title = normalized.split("\n", 1)[0]?.trim() ?? "";
  // Frame lines are paths and line numbers: matched to files as frames, and kept out of the word query, where
  // `usr`, `site-packages` and `line` would only add noise.
  const frames = parseFrames(normalized);
  let withoutFrames = normalized;
  for (const f of frames) withoutFrames = withoutFrames.replace(f.text, " ");
  const code: string[] = [];
  let prose = replaceFencedBlocks(withoutFrames, (body) => {
    code.push(body);
    return "\n";
  });
  prose = prose.replace(INLINE, (_all, span: string) => {
    code.push(span);
    return " ";
  });
  for (const m of prose.matchAll(SESSION)) if (m[1].trim()) code.push(m[1]);
  // Screenshots say nothing in words, and a link's scheme and host (`https`, `githubusercontent`, `com`) match every
  // file that carries a URL; the link's path stays (`/docs/forms/fields/#urlfield` names things).
  prose = prose.replace(IMAGE, " ").replace(URL_ORIGIN, " ");

  const errors = [...normalized.matchAll(ERROR)].map((m) => ({ type: m[1], message: (m[2] ?? "").trim() }));

  const imports = [...new Set([...normalized.matchAll(IMPORT)].map((m) => (m[1] ?? m[2]).replace(/\.\*$/, "")))];
  return { text: normalized, title, prose, code, identifiers: findIdentifiers(normalized), imports, paths: [...findLinkedPaths(normalized), ...findPaths(withoutFrames)], frames, errors };
}

/** Files linked by URL ({@link FILE_LINK}), each path once. */
function findLinkedPaths(text: string): IssuePath[] {
  const seen = new Set<string>();
  const out: IssuePath[] = [];
  for (const m of text.matchAll(FILE_LINK)) {
    const path = safeDecode(m[1]).replace(/[.,;:!/]+$/, "");
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, line: m[2] ? Number(m[2]) : undefined, text: m[0] });
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function findPaths(text: string): IssuePath[] {
  const seen = new Set<string>();
  const out: IssuePath[] = [];
  for (const m of text.matchAll(PATH)) {
    const path = m[1].replace(/^\.\//, "");
    if (seen.has(path) || /^\d/.test(path) || isDottedName(path, m.index, text)) continue;
    seen.add(path);
    out.push({ path, line: m[2] ? Number(m[2]) : undefined, text: m[0] });
  }
  return out;
}

/** `self.assertEqual(...)` or `os.path`: a dotted name, not a file, unless the last segment is a known extension. */
function isDottedName(path: string, index: number, text: string): boolean {
  if (path.includes("/")) return false;
  const after = text.charAt(index + path.length);
  return after === "(" || /^[A-Z]/.test(path.split(".").pop() ?? "");
}

function findIdentifiers(text: string): string[] {
  const out = new Set<string>();
  const body = text.replace(/https?:\/\/\S+/g, " ");
  for (const m of body.matchAll(DOTTED)) {
    const name = m[0].replace(/::/g, ".");
    const parts = name.split(".");
    if (parts.every((p) => p.length >= 2) && !PATH_LIKE.test(name)) out.add(name);
  }
  for (const m of body.matchAll(CALL)) out.add(m[1]);
  for (const m of body.matchAll(WORD)) if (m[0].length >= 3 && CODE_SHAPED.test(m[0])) out.add(m[0]);
  return [...out];
}

const PATH_LIKE = new RegExp(String.raw`\.(?:${FILE_EXT})$`);
