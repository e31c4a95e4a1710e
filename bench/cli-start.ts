/**
 * Whole-process start-to-exit time of `bugscout rank` on a warm store: the real command, started N times as a user
 * starts it, timed from spawn to exit. The store is built first (cold `index`, reported too) in a temp folder; one
 * untimed rank follows, then the timed runs.
 *
 * Usage: node --import tsx bench/cli-start.ts <checkout> <issue file> [runs=20] [bin=dist/cli/bin.js]
 * Run `npm run build` first (or pass an installed `bugscout` as bin). Nothing is written into the checkout.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const [checkout, issueFile, runsArg = "20", binArg = "dist/cli/bin.js"] = process.argv.slice(2);
if (!checkout || !issueFile) throw new Error("usage: bench/cli-start.ts <checkout> <issue file> [runs] [bin]");
const bin = resolve(binArg);
const work = mkdtempSync(join(tmpdir(), "bugscout-cli-start-"));
const store = join(work, "index.sqlite");
// No embedding key: the command must start, refresh, load and rank lexically, which is what is measured.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VOYAGE_")));

/** Runs the command once and returns its wall time in milliseconds; throws when it fails. */
function timed(args: string[], command = bin.endsWith(".js") ? [process.execPath, bin] : [bin]): number {
  const started = performance.now();
  const result = spawnSync(command[0], [...command.slice(1), ...args], { env, encoding: "utf8", maxBuffer: 64 << 20 });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`bugscout ${args[0]} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];

try {
  const load = loadavg()[0];
  const coldMs = timed(["index", checkout, "--store", store]);
  const rank = ["rank", "--repo", checkout, "--issue-file", issueFile, "--store", store, "--json"];
  timed(rank);
  const runs: number[] = [];
  const floor: number[] = [];
  // Interleaved with an empty Node process, the floor no command can go under on this machine at this load.
  for (let i = 0; i < Number(runsArg); i++) {
    runs.push(timed(rank));
    floor.push(timed(["-e", ""], [process.execPath]));
  }
  const round = (x: number) => Math.round(x);
  console.log(JSON.stringify({
    checkout, bin: binArg, runs: runs.length, coldIndexMs: round(coldMs),
    rankMs: { median: round(percentile(runs, 0.5)), p95: round(percentile(runs, 0.95)), min: round(Math.min(...runs)), max: round(Math.max(...runs)) },
    emptyNodeMs: { median: round(percentile(floor, 0.5)), p95: round(percentile(floor, 0.95)) },
    loadAverage: { before: Number(load.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) }, cores: cpus().length, node: process.version,
  }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
