import { fileURLToPath } from "node:url";

/**
 * Defined (esbuild `define`) only in the Action's self-contained bundle, `scripts/build-action.mjs`: there is no
 * node_modules beside it, and the files that cannot be bundled — the SQLite addon, the grammars' WASM, the index
 * worker's entry — lie in the bundle's folder. From source or tsc's output they are resolved in node_modules instead.
 */
declare const BUGSCOUT_SELF_CONTAINED: boolean | undefined;

/** Whether this code runs from the Action's self-contained bundle. */
export function isSelfContained(): boolean {
  return typeof BUGSCOUT_SELF_CONTAINED === "boolean" && BUGSCOUT_SELF_CONTAINED;
}

/**
 * The absolute path of `relative` in the bundle's folder, or undefined when not running from the bundle. Every chunk
 * of the bundle lies in that one folder, so `import.meta.url` of whichever chunk holds this module names it.
 */
export function bundledAsset(relative: string): string | undefined {
  return isSelfContained() ? fileURLToPath(new URL(relative, import.meta.url)) : undefined;
}
