/**
 * Whole-process start-to-exit time of `bugscout rank` on a warm store: the real command, started N times as a user
 * starts it, timed from spawn to exit. The store is built first (cold `index`, reported too) in a temp folder; one
 * untimed rank follows, then the timed runs.
 *
 * Usage: node --import tsx bench/cli-start.ts <checkout> <issue file> [runs=20] [bin=dist/cli-bundle/bin.js]
 * Run `npm run build` first (or pass an installed `bugscout` as bin). Nothing is written into the checkout.
 * BENCH_SERVE=1 also starts `bugscout serve` on the store (its socket in the temp folder) and times, interleaved, the
 * rank it answers, `rank --local` and the empty Node process; every served answer is checked to say it was served.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const [checkout, issueFile, runsArg = "20", binArg = "dist/cli-bundle/bin.js"] = process.argv.slice(2);
if (!checkout || !issueFile) throw new Error("usage: bench/cli-start.ts <checkout> <issue file> [runs] [bin]");
const bin = resolve(binArg);
const work = mkdtempSync(join(tmpdir(), "bugscout-cli-start-"));
const store = join(work, "index.sqlite");
// The child reports its own CPU time (user + system) at exit: on a shared machine wall time mostly measures the
// other jobs, CPU time much less so. The preload is an inline module: no file to read.
const REPORT_CPU = `process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system)+"\\n")})`;
// No embedding key: the command must start, refresh, load and rank lexically, which is what is measured.
const runtime = join(work, "run");
mkdirSync(runtime, { mode: 0o700 });
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VOYAGE_") && key !== "NODE_OPTIONS")),
  NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(REPORT_CPU)}`,
  XDG_RUNTIME_DIR: runtime,
};

/** Runs the command once and returns its wall and CPU time in milliseconds; throws when it fails. */
function timed(args: string[], command = bin.endsWith(".js") ? [process.execPath, bin] : [bin], served?: boolean): { wall: number; cpu: number } {
  const started = performance.now();
  const result = spawnSync(command[0], [...command.slice(1), ...args], { env, encoding: "utf8", maxBuffer: 64 << 20, timeout: 120_000 });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`bugscout ${args[0]} exited ${result.status}: ${result.stderr}`);
  if (served !== undefined && result.stdout.includes('"served":true') !== served) throw new Error(`expected a${served ? "" : " non-"}served answer`);
  const cpu = /cpu-us (\d+)/.exec(result.stderr);
  if (!cpu) throw new Error("the child did not report its CPU time");
  return { wall, cpu: Number(cpu[1]) / 1000 };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];
const stats = (xs: number[]) => ({ median: Math.round(percentile(xs, 0.5)), p95: Math.round(percentile(xs, 0.95)), min: Math.round(Math.min(...xs)) });

try {
  const load = loadavg()[0];
  const coldMs = timed(["index", checkout, "--store", store]).wall;
  const rank = ["rank", "--repo", checkout, "--issue-file", issueFile, "--store", store, "--json"];
  timed(rank);
  if (process.env.BENCH_SERVE === "1") {
    await servedSeries(rank, Number(runsArg), load, coldMs);
    process.exit(0);
  }
  const runs: { wall: number; cpu: number }[] = [];
  const floor: { wall: number; cpu: number }[] = [];
  // Interleaved with an empty Node process, the floor no command can go under on this machine at this load.
  for (let i = 0; i < Number(runsArg); i++) {
    runs.push(timed(rank));
    floor.push(timed(["-e", ""], [process.execPath]));
  }
  console.log(JSON.stringify({
    checkout, bin: binArg, runs: runs.length, coldIndexMs: Math.round(coldMs),
    rankWallMs: stats(runs.map((r) => r.wall)), rankCpuMs: stats(runs.map((r) => r.cpu)),
    emptyNodeWallMs: stats(floor.map((r) => r.wall)), emptyNodeCpuMs: stats(floor.map((r) => r.cpu)),
    loadAverage: { before: Number(load.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) }, cores: cpus().length, node: process.version,
  }));
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** With a `bugscout serve` running: served rank, `rank --local` and empty Node in turn. */
async function servedSeries(rank: string[], n: number, load: number, coldMs: number): Promise<void> {
  const command = bin.endsWith(".js") ? [process.execPath, bin] : [bin];
  const server = spawn(command[0], [...command.slice(1), "serve", "--repo", checkout, "--store", store, "--idle-minutes", "10"], { env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  server.stderr.on("data", (c: Buffer) => (log += c.toString()));
  try {
    const deadline = Date.now() + 120_000;
    while (!log.includes("serving ")) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    timed(rank, command, true);
    const served: number[] = [], local: number[] = [], floor: number[] = [];
    for (let i = 0; i < n; i++) {
      served.push(timed(rank, command, true).wall);
      local.push(timed([...rank, "--local"], command, false).wall);
      floor.push(timed(["-e", ""], [process.execPath]).wall);
    }
    const node = percentile(floor, 0.5);
    console.log(JSON.stringify({
      checkout, bin: binArg, runs: n, coldIndexMs: Math.round(coldMs),
      servedRankWallMs: stats(served), localRankWallMs: stats(local), emptyNodeWallMs: stats(floor),
      servedRatio: Number((percentile(served, 0.5) / node).toFixed(2)), localRatio: Number((percentile(local, 0.5) / node).toFixed(2)),
      loadAverage: { before: Number(load.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) }, cores: cpus().length, node: process.version,
    }));
  } finally {
    server.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
}
