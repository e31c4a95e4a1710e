import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bundledAsset } from "./bundled-asset.js";

/**
 * The folder of the prebuilt better-sqlite3 addon for this process, named like better-sqlite3's own prebuilds:
 * `node-v<ABI>-<platform>-<arch>` (the ABI is Node's `process.versions.modules`: 115 for Node 20, 137 for Node 24).
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
 * bundle), else one sentence naming what this runner needs, what the bundle has, and the loader's error if any.
 */
export function checkBundledAddon(): string | undefined {
  const folder = bundledAsset("native");
  if (!folder) return undefined;
  const target = addonTarget();
  const file = path.join(folder, target, "better_sqlite3.node");
  if (!existsSync(file)) {
    const bundled = existsSync(folder) ? readdirSync(folder).filter((name) => existsSync(path.join(folder, name, "better_sqlite3.node"))).sort() : [];
    return missingAddonMessage(target, bundled, process.versions.node);
  }
  try {
    createRequire(import.meta.url)(file);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return `the SQLite addon for ${target} does not load on this runner (${reason}): see docs/action.md#runners`;
  }
}

/**
 * The sentence for a bundle without the addon `needed` (this runner's `node-v<ABI>-<platform>-<arch>`): what it
 * needs and has, and why — a build for another Node on this very platform (an old build the runner now starts on a
 * newer Node: only a newer build helps, never another runner), or no build at all for this platform.
 */
export function missingAddonMessage(needed: string, bundled: readonly string[], nodeVersion: string): string {
  const [, abi = "", platform = ""] = /^node-v(\d+)-(.+)$/.exec(needed) ?? [];
  const head = `this build of the Action has no SQLite addon for this runner: it needs ${needed} (Node ${nodeVersion}, ABI ${abi}, on ${platform}) and has ${bundled.join(", ") || "none"}`;
  const otherNodes = bundled.filter((name) => name.endsWith(`-${platform}`));
  if (otherNodes.length > 0) {
    const abis = [...new Set(otherNodes.map((name) => /^node-v(\d+)-/.exec(name)?.[1]))].join(", ");
    return `${head}: this build is for another Node (ABI ${abis}) than the runner starts it on; `
      + "use a newer release of the Action (a release tag such as @v1 carries the build for the Node its action.yml names), see docs/action.md#runners";
  }
  const platforms = [...new Set(bundled.map((name) => name.replace(/^node-v\d+-/, "")))];
  return `${head}: no addon was built for ${platform}`
    + (platforms.length > 0 ? `; the platforms it has are ${platforms.join(", ")}` : "")
    + ", see docs/action.md#runners";
}
