import type { PackageManifest } from "../types.js";

/**
 * What a JSON content declares as an npm package: its `name`, its entry modules and its workspace globs. Read from
 * any JSON object with a string `name` and one of the fields only packages have (the content is stored by hash,
 * not by path: the graph uses it only for files named `package.json`). Undefined for anything else, including
 * JSON that does not parse.
 */
export function readPackageManifest(text: string): PackageManifest | undefined {
  if (text.length > 1024 * 1024) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // npm's own rules: at most 214 characters, no spaces or control characters (a name is saved `\n`-joined).
  if (!isRecord(value) || typeof value.name !== "string" || !/^[^\s\x00-\x1f]{1,214}$/.test(value.name)) return undefined;
  const packageFields = ["version", "main", "module", "exports", "types", "typings", "dependencies", "devDependencies", "workspaces", "private", "scripts"];
  if (!packageFields.some((field) => field in value)) return undefined;
  const entries = new Set<string>();
  for (const field of ["main", "module", "types", "typings", "source", "browser"]) {
    const entry = value[field];
    if (typeof entry === "string") entries.add(entry);
  }
  collectExportTargets(value.exports, entries, 0);
  const workspaces = Array.isArray(value.workspaces) ? value.workspaces
    : isRecord(value.workspaces) && Array.isArray(value.workspaces.packages) ? value.workspaces.packages : [];
  return {
    name: value.name,
    entries: [...entries].filter((entry) => entry.length < 500).slice(0, 50),
    workspaces: workspaces.filter((glob): glob is string => typeof glob === "string").slice(0, 200),
  };
}

/** The file targets of `exports`: a string, the `"."` entry, or the conditions (`import`, `require`, `default`) under it. */
function collectExportTargets(exports: unknown, into: Set<string>, depth: number): void {
  if (depth > 3) return;
  if (typeof exports === "string") {
    into.add(exports);
  } else if (isRecord(exports)) {
    const keys = Object.keys(exports);
    // A subpath map (`"./x": …`) contributes only its root entry; a conditions map contributes each condition.
    const subpaths = keys.some((key) => key.startsWith("."));
    for (const key of keys) if (!subpaths || key === ".") collectExportTargets(exports[key], into, depth + 1);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The module path of a `go.mod` content: its `module` line, when a `go` version line says it is one (the content
 * is stored by hash, whatever its name; the graph uses it only for files named `go.mod`).
 */
export function readGoModule(text: string): string | undefined {
  if (text.length > 256 * 1024 || !/^go\s+\d+(\.\d+)*\s*$/m.test(text)) return undefined;
  const m = /^module\s+"?([^\s"]+)"?\s*(\/\/.*)?$/m.exec(text);
  return m && m[1].length <= 300 ? m[1] : undefined;
}
