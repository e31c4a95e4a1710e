import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bundledAsset } from "./bundled-asset.js";

/**
 * The folder of the prebuilt better-sqlite3 addon for this process, named like better-sqlite3's own prebuilds:
 * `node-v<ABI>-<platform>-<arch>` (the ABI is Node's `process.versions.modules`, 115 for Node 20).
 */
export function addonTarget(versions: { readonly modules: string } = process.versions, platform: string = process.platform, arch: string = process.arch): string {
  return `node-v${versions.modules}-${platform}-${arch}`;
}

/**
 * The options every SQLite database is opened with: in the Action's bundle, better-sqlite3's `nativeBinding` names the
 * addon shipped beside it (there is no node_modules to search); elsewhere none, and better-sqlite3 finds its own.
 */
export function sqliteOptions(): { nativeBinding?: string } {
  const addon = bundledAsset(`native/${addonTarget()}/better_sqlite3.node`);
  return addon ? { nativeBinding: addon } : {};
}

/**
 * Checks, in the Action's bundle, that it ships an addon this process can load: undefined when it does (or outside the
 * bundle), else one sentence naming this runner's platform, what the bundle has, and the loader's error if any.
 */
export function checkBundledAddon(): string | undefined {
  const folder = bundledAsset("native");
  if (!folder) return undefined;
  const target = addonTarget();
  const file = path.join(folder, target, "better_sqlite3.node");
  if (!existsSync(file)) {
    const bundled = existsSync(folder) ? readdirSync(folder).filter((name) => existsSync(path.join(folder, name, "better_sqlite3.node"))).sort() : [];
    return `this build of the Action has no SQLite addon for this runner (${target}; it has ${bundled.join(", ") || "none"}): `
      + "run the job on a GitHub-hosted runner it lists (runs-on: ubuntu-latest is linux-x64), see docs/action.md#runners";
  }
  try {
    createRequire(import.meta.url)(file);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return `the SQLite addon for ${target} does not load on this runner (${reason}): see docs/action.md#runners`;
  }
}
