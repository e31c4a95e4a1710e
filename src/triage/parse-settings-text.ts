import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from "yaml";

/** Largest settings file read; real ones are a few KB. Past it the file is a problem, not a slow parse. */
export const MAX_SETTINGS_BYTES = 100_000;
/** Deepest nesting of lists and mappings; the settings need 3, and deeper flow nesting overflows the YAML parser. */
const MAX_DEPTH = 32;
/**
 * Aliases (`*name`) resolved at most: a few are plenty for settings, and a "billion laughs" file (aliases of lists
 * of aliases) is refused before it expands.
 */
const MAX_ALIASES = 100;
/** YAML syntax errors listed at most; the first is the one to fix. */
const MAX_SYNTAX_PROBLEMS = 3;

/** A problem that keeps a settings file from being read at all: BugScout stops until it is fixed. */
export interface FileProblem {
  readonly path: string;
  readonly message: string;
  readonly line?: number;
}

/** A settings file's text, read: its value, or why it cannot be used, and where each key is. */
export interface SettingsText {
  /** The parsed value (null for an empty file); undefined when `problems` says why there is none. */
  readonly value: unknown;
  /** Problems that stop BugScout: the file is not text, too large, too deep, not YAML or not a mapping. */
  readonly problems: readonly FileProblem[];
  /** The 1-based line of a dotted key path (`ranking.top_k`), or of its deepest part found; undefined when absent. */
  locate(path: string): number | undefined;
}

/**
 * Reads the text of a settings file safely: size, binary content and nesting are checked before the YAML parser sees
 * it (deep flow nesting makes the `yaml` package overflow its stack or run out of memory), aliases are capped, and
 * every syntax error keeps its line. Never throws. Pure.
 */
export function parseSettingsText(text: string): SettingsText {
  const none = (message: string, line?: number): SettingsText => ({
    value: undefined,
    problems: [{ path: "(file)", message, ...(line ? { line } : {}) }],
    locate: () => undefined,
  });
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_SETTINGS_BYTES) return none(`larger than ${MAX_SETTINGS_BYTES / 1000} KB (${bytes} bytes); not read`);
  if (/[\u0000\ufffd]/.test(text)) return none("not a text file (it holds NUL bytes or is not UTF-8); not read");
  const deep = deepFlowLine(text);
  if (deep !== undefined) return none(`nested deeper than ${MAX_DEPTH} levels; not read`, deep);

  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // An unclosed bracket or quote is noticed at the end of the file: point at the last line with text instead.
    const lastLine = text.trimEnd().split("\n").length;
    return {
      value: undefined,
      problems: doc.errors.slice(0, MAX_SYNTAX_PROBLEMS).map((error) => {
        const line = Math.max(1, Math.min(lines.linePos(error.pos[0]).line, lastLine));
        return { path: "(file)", message: `not valid YAML: ${firstLine(error.message)}`, line };
      }),
      locate: () => undefined,
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // The yaml package's only throw here is its alias guard (a ReferenceError).
    const aliases = error instanceof Error && /alias/i.test(error.message);
    return none(aliases ? `its aliases (\`*name\`) expand past ${MAX_ALIASES} nodes; not read` : "could not be read as YAML");
  }
  if (depthOf(value, 0) > MAX_DEPTH) return none(`nested deeper than ${MAX_DEPTH} levels; not read`);
  if (value !== null && (typeof value !== "object" || Array.isArray(value))) {
    return none(`must be a mapping of keys (\`key: value\` lines), not ${Array.isArray(value) ? "a list" : `a ${typeof value}`}`, 1);
  }
  return { value, problems: [], locate: (path) => locateKey(doc, lines, path) };
}

/**
 * The line where flow brackets (`[`, `{`) first nest past the limit; strings and comments are not told apart (a cap
 * only). The yaml package has no depth limit of its own: tens of thousands of `[` exhaust the heap, so every YAML
 * file BugScout reads from a repository passes this first.
 */
export function deepFlowLine(text: string): number | undefined {
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) line++;
    else if (ch === 91 || ch === 123) {
      if (++depth > MAX_DEPTH) return line;
    } else if ((ch === 93 || ch === 125) && depth > 0) depth--;
  }
  return undefined;
}

function depthOf(value: unknown, depth: number): number {
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
  return deepest;
}

/** Walks mappings by key; a key may itself hold dots (a label `area.ui`), so the longest matching run of parts wins. */
function locateKey(doc: Document, lines: LineCounter, path: string): number | undefined {
  if (path === "(file)") return undefined;
  const parts = path.split(".");
  let node: unknown = doc.contents;
  let line: number | undefined;
  let i = 0;
  while (i < parts.length && isMap(node)) {
    const map = node;
    let found = false;
    for (let end = parts.length; end > i && !found; end--) {
      const want = parts.slice(i, end).join(".");
      const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === want);
      if (!pair) continue;
      const key = pair.key as Node;
      if (key.range) line = lines.linePos(key.range[0]).line;
      node = pair.value;
      i = end;
      found = true;
    }
    if (!found) break;
  }
  return line;
}

function firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "").slice(0, 200);
}
