/**
 * Languages the indexer recognises. `text` means "no grammar": symbols fall back to line windows. `vue` and `svelte`
 * are single-file components: markup whose `<script>` blocks are JavaScript or TypeScript.
 */
export type Language =
  | "python" | "javascript" | "typescript" | "tsx" | "vue" | "svelte" | "java" | "kotlin" | "go" | "rust"
  | "c" | "cpp" | "csharp" | "ruby" | "php" | "scala" | "swift" | "lua" | "bash"
  | "markdown" | "rst" | "json" | "yaml" | "toml" | "html" | "css" | "text";

/** Kinds of symbol a grammar yields; `window` is a line window in a file without a grammar. */
export type SymbolKind =
  | "class" | "interface" | "enum" | "struct" | "trait" | "module"
  | "function" | "method" | "constructor" | "property" | "window";

/** A definition inside a file. Lines are 1-based and inclusive. */
export interface SymbolInfo {
  /** The bare name, e.g. `save`. */
  readonly name: string;
  /** Dotted path from the file's top level, e.g. `Model.save`. */
  readonly qualifiedName: string;
  readonly kind: SymbolKind;
  readonly startLine: number;
  readonly endLine: number;
}

/** Why a file was left out of the index; shown in notes and counted in reports. */
export type SkipReason =
  | "binary" | "too-large" | "vendored" | "generated" | "minified" | "excluded" | "ignored-dir" | "over-file-cap"
  | "unreadable" | "symlink";

/** A type declared in a file and the supertypes it names (base classes, interfaces, traits, embedded structs). */
export interface TypeLink {
  /** The type's bare name, as its symbol's `name`. */
  readonly name: string;
  /** The 1-based line of its name. */
  readonly line: number;
  /** Bare names of its supertypes, generic arguments and qualifiers dropped (`Base<T>`, `mod.Base` → `Base`). */
  readonly supers: readonly string[];
}

/** What a JSON package manifest (`package.json`) declares, read from any JSON content with a string `name`. */
export interface PackageManifest {
  readonly name: string;
  /** Entry modules named by `main`, `module`, `types`/`typings`, `source` and string or `"."` `exports`. */
  readonly entries: readonly string[];
  /** Workspace globs (`workspaces`, or `workspaces.packages`). */
  readonly workspaces: readonly string[];
}

/** `compilerOptions.baseUrl` and `paths` of a TypeScript or JavaScript project config. */
export interface TsPaths {
  readonly baseUrl?: string;
  /** Pattern (`@/*`, `~utils`) → targets (`src/*`), relative to `baseUrl`, else to the config's folder. */
  readonly paths: Readonly<Record<string, readonly string[]>>;
}

/**
 * A build that writes JavaScript from source into another folder, as a project declares it: `compilerOptions.outDir`
 * and `rootDir` of a `tsconfig.json`, or a `package.json` script (`tsc --outDir lib`, `babel src -d lib`). Paths are
 * as written, relative to the declaring file's folder.
 */
export interface BuildLayout {
  /** The folder the build writes to (`dist`, `./lib/cjs`). */
  readonly outDir: string;
  /** The folder its sources are under (`src`); absent when the project leaves it to the compiler (their common root). */
  readonly rootDir?: string;
}

/**
 * A content's links to other code, as written (unresolved: resolving needs the tree, and contents are stored by
 * hash, whatever their path). Import specifiers keep the language's own syntax: `a.b` / `.c` (Python), `com.x.Y` /
 * `com.x.*` (JVM), `./x` / `@scope/pkg` (JavaScript), `"x.h"` / `<x.h>` (C), `crate::a::B` / `mod:x` (Rust).
 */
export interface FileLinks {
  readonly imports: readonly string[];
  readonly types: readonly TypeLink[];
  readonly package?: PackageManifest;
  /** The path aliases a `tsconfig.json`/`jsconfig.json` content declares (`compilerOptions.baseUrl` and `paths`). */
  readonly tsPaths?: TsPaths;
  /** The module path a `go.mod` content declares (`module github.com/acme/tool`). */
  readonly goModule?: string;
  /** The builds a `tsconfig.json` or a `package.json` declares (where built JavaScript comes from). */
  readonly builds?: readonly BuildLayout[];
}
