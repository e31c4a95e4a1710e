import { createRequire } from "node:module";

/**
 * `node:crypto`, loaded on first use. Loading it costs ~10 ms (eighteen internal modules), which a warm `bugscout rank`
 * on an up-to-date index never needs: nothing is hashed and no snapshot is written. Modules on that path take
 * crypto from here instead of importing it.
 */
export function crypto(): typeof import("node:crypto") {
  loaded ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return loaded;
}

let loaded: typeof import("node:crypto") | undefined;
