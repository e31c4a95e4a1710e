/**
 * Whole-process start-to-exit time of `bugscout rank` on a warm store: the real command, started N times as a user
 * starts it, timed from spawn to exit. The store is built first (cold `index`, reported too) in a temp folder; one
 * untimed rank follows, then the timed runs.
 *
 * Usage: node --import tsx bench/cli-start.ts <checkout> <issue file> [runs=20] [bin=dist/cli-bundle/bin.js]
 * Run `npm run build` first (or pass an installed `bugscout` as bin). Nothing is written into the checkout.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VOYAGE_") && key !== "NODE_OPTIONS")),
  NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(REPORT_CPU)}`,
};

/** Runs the command once and returns its wall and CPU time in milliseconds; throws when it fails. */
function timed(args: string[], command = bin.endsWith(".js") ? [process.execPath, bin] : [bin]): { wall: number; cpu: number } {
  const started = performance.now();
  const result = spawnSync(command[0], [...command.slice(1), ...args], { env, encoding: "utf8", maxBuffer: 64 << 20 });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`bugscout ${args[0]} exited ${result.status}: ${result.stderr}`);
  const cpu = /cpu-us (\d+)/.exec(result.stderr);
  if (!cpu) throw new Error("the child did not report its CPU time");
  return { wall, cpu: Number(cpu[1]) / 1000 };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];

try {
  const load = loadavg()[0];
  const coldMs = timed(["index", checkout, "--store", store]).wall;
  const rank = ["rank", "--repo", checkout, "--issue-file", issueFile, "--store", store, "--json"];
  timed(rank);
  const runs: { wall: number; cpu: number }[] = [];
  const floor: { wall: number; cpu: number }[] = [];
  // Interleaved with an empty Node process, the floor no command can go under on this machine at this load.
  for (let i = 0; i < Number(runsArg); i++) {
    runs.push(timed(rank));
    floor.push(timed(["-e", ""], [process.execPath]));
  }
  const stats = (xs: number[]) => ({
    median: Math.round(percentile(xs, 0.5)), p95: Math.round(percentile(xs, 0.95)), min: Math.round(Math.min(...xs)),
  });
  console.log(JSON.stringify({
    checkout, bin: binArg, runs: runs.length, coldIndexMs: Math.round(coldMs),
    rankWallMs: stats(runs.map((r) => r.wall)), rankCpuMs: stats(runs.map((r) => r.cpu)),
    emptyNodeWallMs: stats(floor.map((r) => r.wall)), emptyNodeCpuMs: stats(floor.map((r) => r.cpu)),
    loadAverage: { before: Number(load.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) }, cores: cpus().length, node: process.version,
  }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
