import type { Language } from "../../index/types.js";
import type { FileRole } from "./file-role.js";

/** A TypeScript declaration file's stem: `utc.d.ts`, `index.d.mts` → `utc`, `index`. */
const TYPESCRIPT_DECLARATION = /^(.+)\.d\.[cm]?ts$/;
/** A Flow definition's implementation file name: `immutable.js.flow` → `immutable.js`. */
const FLOW_DEFINITION = /^(.+\.[cm]?jsx?)\.flow$/;
/** The JavaScript files a declaration beside them describes. */
const SCRIPT_EXTENSIONS = ["js", "mjs", "cjs", "jsx"] as const;
/** Folders that hold a package's hand-written declarations, away from its sources (`types/plugin/utc.d.ts`). */
const TYPES_DIR = /(^|\/)(types|typings|type-definitions)\//g;
const IN_TYPES_DIR = /(^|\/)(types|typings|type-definitions)\//;
/**
 * Implementations a declaration may describe: JavaScript only. TypeScript code brings its own types, so a `.d.ts`
 * named like a `.ts` file declares something else — insomnia's `types/nunjucks.d.ts` types the nunjucks library, not
 * its own `modes/nunjucks.ts`.
 */
const IMPLEMENTATION_LANGUAGES: ReadonlySet<Language> = new Set<Language>(["javascript"]);
const CODE_EXTENSION = /\.[cm]?[jt]sx?$/;

/** What {@link findDeclarationSubjects} reads of each file. */
export interface DeclarationCandidate {
  readonly path: string;
  readonly role: FileRole;
  readonly language: Language;
}

/**
 * Declaration files paired with the implementation they describe, as [declaration, implementation] file numbers:
 * `foo.d.ts` ↔ `foo.js` in the same folder (`index.d.ts` ↔ `index.js` too), `foo.js.flow` ↔ `foo.js`, and a
 * declaration kept in a `types/` (`typings/`, `type-definitions/`) folder ↔ the one code file of the same package
 * whose module path ends like the declaration's path below that folder (`types/plugin/utc.d.ts` ↔
 * `src/plugin/utc/index.js`). Signatures and doc comments repeat an issue's names where no behaviour is fixed; the
 * fix is in the file they describe. A module name that fits several files (`src/utc.js` and `esm/utc.js`) pairs
 * with none: lending to a build copy or a namesake would reward the wrong file.
 */
export function findDeclarationSubjects(files: readonly DeclarationCandidate[]): [number, number][] {
  const isCode = (f: DeclarationCandidate): boolean => f.role === "code" && IMPLEMENTATION_LANGUAGES.has(f.language);
  const byPath = new Map<string, number>();
  files.forEach((f, d) => {
    if (isCode(f)) byPath.set(f.path, d);
  });
  const pairs: [number, number][] = [];
  const apart: { readonly declaration: number; readonly module: readonly string[] }[] = [];
  files.forEach((f, d) => {
    if (f.role !== "data") return;
    const slash = f.path.lastIndexOf("/") + 1;
    const dir = f.path.slice(0, slash);
    const name = f.path.slice(slash);
    const flow = FLOW_DEFINITION.exec(name);
    const stem = flow ? undefined : TYPESCRIPT_DECLARATION.exec(name)?.[1];
    const beside = flow ? [dir + flow[1]] : stem !== undefined ? SCRIPT_EXTENSIONS.map((ext) => `${dir}${stem}.${ext}`) : [];
    const found = beside.map((p) => byPath.get(p)).filter((c): c is number => c !== undefined);
    for (const c of found) pairs.push([d, c]);
    if (found.length > 0 || (stem === undefined && !flow)) return;
    const module = modulePathBelowTypes(f.path, stem ?? flow![1].replace(CODE_EXTENSION, ""));
    if (module) apart.push({ declaration: d, module });
  });
  if (apart.length > 0) pairs.push(...pairAcrossFolders(files, apart, isCode));
  return pairs;
}

/**
 * The module path a declaration under a types folder describes, as folder parts: `types/plugin/utc.d.ts` →
 * [`plugin`, `utc`]. `types/index.d.ts` describes the whole package, not one file: none.
 */
function modulePathBelowTypes(path: string, stem: string): string[] | undefined {
  let below = -1;
  for (const m of path.matchAll(TYPES_DIR)) below = m.index + m[0].length;
  if (below < 0) return undefined;
  // Lower-cased: `type-definitions/immutable.js.flow` describes `src/Immutable.js`.
  const parts = [...path.slice(below, path.lastIndexOf("/") + 1).split("/").filter((p) => p !== ""), stem].map((p) => p.toLowerCase());
  if (parts.at(-1) === "index") parts.pop();
  return parts.length > 0 ? parts : undefined;
}

/**
 * Pairs each declaration with the one code file of its package whose module path (`src/plugin/utc/index.js` →
 * `src/plugin/utc`) ends with the declaration's module name, reading more of the declaration's path while several
 * files fit. A package is the deepest folder above with a `package.json` (the tree's root when none).
 */
function pairAcrossFolders(
  files: readonly DeclarationCandidate[],
  apart: readonly { readonly declaration: number; readonly module: readonly string[] }[],
  isCode: (f: DeclarationCandidate) => boolean,
): [number, number][] {
  const packages = new Set<string>();
  for (const f of files) if (f.path === "package.json" || f.path.endsWith("/package.json")) packages.add(f.path.slice(0, -"package.json".length));
  const packageOf = (path: string): string => {
    for (let end = path.lastIndexOf("/"); end !== -1; end = path.lastIndexOf("/", end - 1)) {
      if (packages.has(path.slice(0, end + 1))) return path.slice(0, end + 1);
    }
    return "";
  };
  // Code files by the last part of their module path, outside the types folders themselves.
  const byName = new Map<string, { readonly file: number; readonly module: readonly string[] }[]>();
  files.forEach((f, d) => {
    if (!isCode(f) || IN_TYPES_DIR.test(f.path)) return;
    const module = f.path.replace(CODE_EXTENSION, "").toLowerCase().split("/");
    if (module.length > 1 && module.at(-1) === "index") module.pop();
    const name = module.at(-1)!;
    byName.set(name, [...(byName.get(name) ?? []), { file: d, module }]);
  });
  const pairs: [number, number][] = [];
  for (const { declaration, module } of apart) {
    const home = packageOf(files[declaration].path);
    let fits = (byName.get(module.at(-1)!) ?? []).filter((c) => packageOf(files[c.file].path) === home);
    for (let k = 2; fits.length > 1 && k <= module.length; k++) {
      fits = fits.filter((c) => c.module.length >= k && c.module[c.module.length - k] === module[module.length - k]);
    }
    if (fits.length === 1) pairs.push([declaration, fits[0].file]);
  }
  return pairs;
}
