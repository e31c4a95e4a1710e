import type { BuildLayout, PackageManifest, TsPaths } from "../types.js";
import { addBuild, readEntryBuilds, readScriptBuilds } from "./package-builds.js";

/** What a `package.json` content declares: the package, and the builds its scripts run and its entries imply. */
export interface PackageDeclaration {
  readonly manifest: PackageManifest;
  readonly builds: readonly BuildLayout[];
}

/**
 * What a JSON content declares as an npm package: its `name`, its entry modules and its workspace globs, and the
 * builds its scripts run (`tsc --outDir lib`, `babel src -d lib`) and its entries imply (`main: dist/index.js` beside
 * `source: src/index.ts`). Read from any JSON object with a string `name` and
 * one of the fields only packages have (the content is stored by hash, not by path: the graph uses it only for files
 * named `package.json`). Undefined for anything else, including JSON that does not parse.
 */
export function readPackageManifest(text: string): PackageDeclaration | undefined {
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
  const manifest: PackageManifest = {
    name: value.name,
    entries: [...entries].filter((entry) => entry.length < 500).slice(0, 50),
    workspaces: workspaces.filter((glob): glob is string => typeof glob === "string").slice(0, 200),
  };
  const builds = [...readScriptBuilds(value.scripts)];
  for (const b of readEntryBuilds(manifest.entries)) addBuild(builds, b);
  return { manifest, builds };
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

/** What a `tsconfig.json`-shaped content declares: its path aliases and where its compiler writes. */
export interface TsConfigDeclaration {
  readonly tsPaths?: TsPaths;
  readonly builds: readonly BuildLayout[];
}

/**
 * The path aliases (`compilerOptions.paths` and `baseUrl`) and the build (`compilerOptions.outDir` and `rootDir`, else
 * the one folder `include` names) of a `tsconfig.json`-shaped content, comments and trailing commas allowed as
 * TypeScript reads it. Undefined when it declares neither. A config's `extends` is not followed: its base's `outDir`
 * is relative to the base, and the base is another content.
 */
export function readTsConfig(text: string): TsConfigDeclaration | undefined {
  if (text.length > 256 * 1024 || !/paths|outDir/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stripJsonComments(text));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isRecord(value.compilerOptions)) return undefined;
  const options = value.compilerOptions;
  const tsPaths = readPaths(options);
  const builds = typeof options.outDir === "string" && options.outDir.length > 0 && options.outDir.length < 300
    ? [buildOf(options.outDir, typeof options.rootDir === "string" ? options.rootDir : includedFolder(value))]
    : [];
  if (!tsPaths && builds.length === 0) return undefined;
  return tsPaths ? { tsPaths, builds } : { builds };
}

function readPaths(options: Record<string, unknown>): TsPaths | undefined {
  if (!isRecord(options.paths)) return undefined;
  const paths: Record<string, string[]> = {};
  for (const [pattern, targets] of Object.entries(options.paths).slice(0, 100)) {
    if (Array.isArray(targets)) paths[pattern] = targets.filter((t): t is string => typeof t === "string").slice(0, 10);
  }
  return typeof options.baseUrl === "string" ? { baseUrl: options.baseUrl, paths } : { paths };
}

function buildOf(outDir: string, rootDir: string | undefined): BuildLayout {
  return rootDir !== undefined && rootDir.length < 300 ? { outDir, rootDir } : { outDir };
}

/**
 * The one folder a config's `include` names (`["src"]`, `["src/**"]`): without `rootDir`, TypeScript writes the
 * sources' common folder's contents to `outDir`, and that is it. Undefined for several folders or none.
 */
function includedFolder(config: Record<string, unknown>): string | undefined {
  if (!Array.isArray(config.include)) return undefined;
  const folders = new Set<string>();
  for (const pattern of config.include) {
    if (typeof pattern !== "string") return undefined;
    const folder = pattern.replace(/^\.\//, "").split("/").filter((part) => !/[*?{]/.test(part) && !/\.[cm]?[jt]sx?$/.test(part));
    folders.add(folder.join("/"));
  }
  const [only] = folders;
  return folders.size === 1 && only !== "" ? only : undefined;
}

/** JSONC to JSON: comments and trailing commas out, strings untouched (a URL's `//` stays). */
function stripJsonComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else {
      out += ch;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}
