import type { BuildLayout } from "../types.js";

/**
 * Compilers that write a folder of JavaScript from a folder (or entry) of sources, and how each names the two. A
 * bundler (`tsup`, `esbuild`) is read the same way: its entry's folder is the source folder, so a frame of its
 * output is credited to that entry at least.
 */
const TOOLS: Readonly<Record<string, Tool>> = {
  tsc: { out: ["--outDir", "-outDir"], root: ["--rootDir", "-rootDir"], valued: ["-p", "--project", "--target", "--module", "--lib", "--jsx", "--moduleResolution", "--declarationDir", "--tsBuildInfoFile"] },
  babel: { out: ["-d", "--out-dir"], valued: ["--config-file", "-x", "--extensions", "--ignore", "--only", "--env-name", "--root-mode", "--source-root", "--plugins", "--presets"] },
  swc: { out: ["-d", "--out-dir"], valued: ["--config-file", "-C", "--config", "--extensions", "--ignore", "--env-name"] },
  tsup: { out: ["-d", "--out-dir"], valued: ["--format", "--target", "--config", "--env", "--platform", "--tsconfig", "--external", "--entry"] },
  esbuild: { out: ["--outdir"], valued: [] },
};

interface Tool {
  /** Flags naming the folder it writes to. */
  readonly out: readonly string[];
  /** Flags naming the sources' root folder; without one, the first positional argument is the sources. */
  readonly root?: readonly string[];
  /** Flags taking a value given as the next word, so that value is not read as a source. */
  readonly valued: readonly string[];
}

/** More than this many scripts, or words in one, is not a package's build: read no further. */
const MAX_SCRIPTS = 100;
const MAX_SCRIPT_LENGTH = 2000;

/**
 * The builds a `package.json`'s `scripts` run: each `tsc --outDir lib [--rootDir src]`, `babel src -d lib`, `swc src
 * -d lib`, `tsup src/index.ts -d dist` or `esbuild src/x.ts --outdir=dist`, however it is started (`npx`, `cross-env
 * X=1`, after `&&`). Paths as written; a script's `$VAR`s and globs are not expanded, so a word with one is no folder.
 */
export function readScriptBuilds(scripts: unknown): BuildLayout[] {
  if (typeof scripts !== "object" || scripts === null || Array.isArray(scripts)) return [];
  const out: BuildLayout[] = [];
  for (const script of Object.values(scripts).slice(0, MAX_SCRIPTS)) {
    if (typeof script !== "string" || script.length > MAX_SCRIPT_LENGTH) continue;
    for (const command of script.split(/&&|\|\||[;|&]/)) {
      const build = readCommand(command.trim().split(/\s+/).map(unquote));
      if (build) addBuild(out, build);
    }
  }
  return out.slice(0, 20);
}

/** Adds `build` to `builds` unless an equal one is there. */
export function addBuild(builds: BuildLayout[], build: BuildLayout): void {
  if (!builds.some((b) => b.outDir === build.outDir && b.rootDir === build.rootDir)) builds.push(build);
}

function readCommand(words: readonly string[]): BuildLayout | undefined {
  // `npx tsc`, `./node_modules/.bin/babel`: the tool is the first word whose file name is one.
  const toolOf = (word: string): Tool | undefined => TOOLS[word.slice(word.lastIndexOf("/") + 1)];
  const at = words.findIndex((w) => toolOf(w) !== undefined);
  if (at < 0) return undefined;
  const tool = toolOf(words[at])!;
  let outDir: string | undefined;
  let rootDir: string | undefined;
  let source: string | undefined;
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i];
    const eq = word.indexOf("=");
    const [flag, inline] = word.startsWith("-") && eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, undefined];
    const value = (): string | undefined => inline ?? words[++i];
    if (tool.out.includes(flag)) outDir = value();
    else if (tool.root?.includes(flag)) rootDir = value();
    else if (tool.valued.includes(flag)) value();
    else if (!word.startsWith("-") && source === undefined) source = word;
  }
  if (!isFolder(outDir)) return undefined;
  // tsc compiles what its config includes: a positional word is a file, not the root. Others: the first source.
  const root = rootDir ?? (tool.root ? undefined : folderOf(source));
  return isFolder(root) ? { outDir, rootDir: root } : { outDir };
}

/** A source argument's folder: itself, or a file's folder (`src/index.ts` → `src`); globs and variables are none. */
function folderOf(source: string | undefined): string | undefined {
  if (source === undefined) return undefined;
  if (!/\.[cm]?[jt]sx?$/.test(source)) return source.replace(/\/+$/, "");
  const slash = source.lastIndexOf("/");
  return slash < 0 ? "." : source.slice(0, slash);
}

function isFolder(path: string | undefined): path is string {
  return path !== undefined && path.length > 0 && path.length < 300 && !/[*?{}$`<>]/.test(path) && !path.startsWith("/");
}

function unquote(word: string): string {
  return word.replace(/^(['"])(.*)\1$/, "$2");
}

/**
 * The builds a package's entries imply: a built entry (`main`, `module`, an `exports` target: `dist/index.js`) beside
 * a source entry of the same name (`source`, or a TypeScript `exports` target: `src/index.ts`) in another folder
 * says the one folder is built from the other. Declaration files (`.d.ts`) are neither.
 */
export function readEntryBuilds(entries: readonly string[]): BuildLayout[] {
  const parts = (entry: string) => {
    const path = entry.replace(/^\.\//, "");
    const slash = path.lastIndexOf("/");
    return { dir: slash < 0 ? "." : path.slice(0, slash), stem: path.slice(slash + 1).replace(/\.[^.]+$/, "") };
  };
  const built = entries.filter((e) => /\.[cm]?js$/.test(e)).map(parts);
  const sources = entries.filter((e) => /\.[cm]?tsx?$/.test(e) && !/\.d\.[cm]?ts$/.test(e)).map(parts);
  const out: BuildLayout[] = [];
  for (const b of built) {
    for (const s of sources) {
      if (b.stem !== s.stem || b.dir === s.dir || !isFolder(b.dir) || !isFolder(s.dir)) continue;
      addBuild(out, { outDir: b.dir, rootDir: s.dir });
    }
  }
  return out.slice(0, 20);
}
