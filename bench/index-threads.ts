/**
 * Cold `bugscout index` with one thread against the default thread count, in turn, on one tree (issue 25).
 * Usage: npm run build && node --import tsx bench/index-threads.ts <tree dir> [rounds=3] [bin=dist/cli-bundle/bin.js]
 * Each run indexes into a fresh store in a temp folder (a cold index); wall time and peak RSS come from
 * /usr/bin/time, the load average is read before each run. Runs alternate (1, default, 1, default…) so a change in
 * the machine's load falls on both.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";

const [root, roundsArg = "3", bin = "dist/cli-bundle/bin.js"] = process.argv.slice(2);
if (!root) throw new Error("usage: bench/index-threads.ts <tree dir> [rounds] [bin]");
const dir = mkdtempSync(join(tmpdir(), "bugscout-threads-"));

interface Run {
  readonly threads: string;
  readonly wallS: number;
  /** User + system CPU of all the process's threads. */
  readonly cpuS: number;
  readonly rssMb: number;
  readonly load: string;
  readonly line: string;
}

function coldIndex(threads: string | undefined, n: number): Run {
  const env = { ...process.env };
  if (threads === undefined) delete env.BUGSCOUT_INDEX_THREADS;
  else env.BUGSCOUT_INDEX_THREADS = threads;
  const load = os.loadavg()[0]!.toFixed(1);
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %M %U %S", process.execPath, bin, "index", root!, "--store", join(dir, `${n}.sqlite`)],
    { env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`index failed: ${result.stderr}`);
  const [, wall, rss, user, system] = /TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(result.stderr)!;
  return {
    threads: threads ?? `default (${os.availableParallelism()})`, wallS: Number(wall),
    cpuS: Number((Number(user) + Number(system)).toFixed(2)), rssMb: Math.round(Number(rss) / 1024), load,
    line: result.stdout.split("\n")[0]!,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const runs: Run[] = [];
  for (let round = 0; round < Number(roundsArg); round++) {
    runs.push(coldIndex("1", runs.length), coldIndex(undefined, runs.length + 1));
    for (const run of runs.slice(-2)) process.stdout.write(`${JSON.stringify(run)}\n`);
  }
  const one = runs.filter((r) => r.threads === "1");
  const many = runs.filter((r) => r.threads !== "1");
  const [oneWall, manyWall] = [median(one.map((r) => r.wallS)), median(many.map((r) => r.wallS))];
  process.stdout.write(`${JSON.stringify({
    medianWallS: { one: oneWall, default: manyWall, ratio: Number((manyWall / oneWall).toFixed(2)) },
    medianCpuS: { one: median(one.map((r) => r.cpuS)), default: median(many.map((r) => r.cpuS)) },
    medianPeakRssMb: { one: median(one.map((r) => r.rssMb)), default: median(many.map((r) => r.rssMb)) },
  })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
