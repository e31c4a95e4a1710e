import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");

/** What `npm pack` needs to build the package: the sources and build config, nothing else. */
const BUILD_INPUTS = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json", "src", "README.md", "app.yml"];

/** The result of running a command: its exit code and both streams. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` and returns the exit code and output instead of throwing on a non-zero exit. */
export async function run(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(file, [...args], { ...options, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof e.code !== "number") throw error;
    return { code: e.code, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

/**
 * An environment for child processes: this test's node first on PATH (the installed bin's `#!/usr/bin/env node`
 * must find the Node whose ABI the native module was built for), and none of the `npm_*` variables that
 * `npm test` exports, so the nested npm reads only the flags it is given.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith("npm_") && !key.startsWith("VOYAGE_")) env[key] = value;
  }
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
  return { ...env, ...extra };
}

/**
 * Packs the project the way a release would (`npm pack`, whose `prepack` builds dist/) from a copy of its sources,
 * so the build never touches the checkout's dist/ while other tests run, and returns the tarball's path.
 */
export async function packProject(work: string): Promise<string> {
  const copy = join(work, "project");
  mkdirSync(copy);
  for (const input of BUILD_INPUTS) cpSync(join(ROOT, input), join(copy, input), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  const packed = await run("npm", ["pack", "--pack-destination", work, "--silent"], { cwd: copy, env: cleanEnv() });
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball:\n${packed.stdout}`);
  return join(work, tarball);
}

/**
 * Installs `tarball` globally into `prefix` from the local npm cache. better-sqlite3's installer
 * (prebuild-install) is pointed at a local prebuilt archive of the binary the project's own `npm ci` produced,
 * through its `npm_config_better_sqlite3_local_prebuilds` setting; the same mechanism serves offline installs. It
 * unpacks and loads that binary as it would a downloaded one, instead of compiling SQLite again (minutes of CPU).
 */
export async function installGlobally(tarball: string, prefix: string, work: string): Promise<Run> {
  const prebuilds = join(work, "prebuilds");
  mkdirSync(prebuilds);
  const sqlite = join(ROOT, "node_modules/better-sqlite3");
  const { version } = JSON.parse(readFileSync(join(sqlite, "package.json"), "utf8")) as { version: string };
  const archive = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await exec("tar", ["-czf", join(prebuilds, archive), "build/Release/better_sqlite3.node"], { cwd: sqlite });
  return run("npm", ["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", tarball], {
    env: cleanEnv({ npm_config_better_sqlite3_local_prebuilds: prebuilds }),
  });
}
