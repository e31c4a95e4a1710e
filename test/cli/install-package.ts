import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { runProcess } from "../support/child-process.js";

const ROOT = join(import.meta.dirname, "../..");

/** What `npm pack` needs to build the package: the sources and build config, nothing else. */
const BUILD_INPUTS = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json", "src", "scripts", "README.md", "app.yml"];

/** The result of running a command: its exit code and both streams. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` with `args` and returns the exit code and output instead of throwing on a non-zero exit. A run that
 * outlives `timeoutMs` (default 60 s) is killed and throws with what it printed.
 */
export async function run(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Run> {
  const result = await runProcess(file, args, options);
  if (result.code === null) throw new Error(`${file} was ended by ${result.signal}:\n${result.stderr}`);
  return { code: result.code, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The npm settings of the user running the tests, as flags for a nested npm: the global and user config files and
 * the cache. The nested npm runs with `cleanEnv` (none of the `npm_config_*` variables `npm test` exports) and, for
 * `--prefix`, would read `<prefix>/etc/npmrc` instead of the machine's global npmrc: a certificate authority, a
 * registry, a proxy or auth kept there would be dropped and every registry request would fail and be retried.
 * Asked of npm itself, with this process's environment, so a cache given as `npm_config_cache=…` is kept too.
 */
export async function userNpmConfigFlags(): Promise<string[]> {
  const keys = ["globalconfig", "userconfig", "cache"] as const;
  const answer = await run("npm", ["config", "get", ...keys], { env: { ...process.env, PATH: cleanEnv().PATH } });
  if (answer.code !== 0) throw new Error(`npm config get failed:\n${answer.stderr}`);
  const values = new Map(answer.stdout.trim().split("\n").map((line) => {
    const eq = line.indexOf("=");
    return [line.slice(0, eq), line.slice(eq + 1)] as const;
  }));
  return keys.flatMap((key) => {
    const value = values.get(key);
    if (!value) throw new Error(`npm config get printed no ${key}:\n${answer.stdout}`);
    return [`--${key}`, value];
  });
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

/** The copy of the project that {@link packProject} built and packed in `work`: its `dist/` is what the tarball holds. */
export function packedCopy(work: string): string {
  return join(work, "project");
}

/**
 * Packs the project the way a release would (`npm pack`, whose `prepack` builds dist/) from a copy of its sources,
 * so the build never touches the checkout's dist/ while other tests run, and returns the tarball's path.
 */
export async function packProject(work: string): Promise<string> {
  const copy = packedCopy(work);
  mkdirSync(copy);
  for (const input of BUILD_INPUTS) cpSync(join(ROOT, input), join(copy, input), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  const packed = await run("npm", ["pack", "--pack-destination", work, "--silent", ...(await userNpmConfigFlags())], {
    cwd: copy, env: cleanEnv(), timeoutMs: 180_000,
  });
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball:\n${packed.stdout}`);
  return join(work, tarball);
}

/**
 * Installs `tarball` globally into `prefix` with the user's own npm settings (`userNpmConfigFlags`: `--prefix`
 * alone would swap the machine's global npmrc for `<prefix>/etc/npmrc`), preferring the npm cache. better-sqlite3's installer
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
  const archived = await run("tar", ["-czf", join(prebuilds, archive), "build/Release/better_sqlite3.node"], { cwd: sqlite });
  if (archived.code !== 0) throw new Error(`tar failed:\n${archived.stderr}`);
  const flags = await userNpmConfigFlags();
  return run("npm", ["install", "--global", "--prefix", prefix, ...flags, "--prefer-offline", "--no-audit", "--no-fund", tarball], {
    env: cleanEnv({ npm_config_better_sqlite3_local_prebuilds: prebuilds }),
    // Fetching the dependencies' package documents on a machine with an empty cache takes a minute or two.
    timeoutMs: 240_000,
  });
}
