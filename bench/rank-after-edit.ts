/**
 * `bugscout rank` right after a one-line edit, as a user (or an agent calling the CLI) meets it: each round appends
 * a comment line to one file of the checkout, then spawns the command and times the answer on stdout and the exit.
 * Builds given with `--bin` run in turn, each on its own warm store (`--store`, same order). The file is restored
 * at the end. Bench only.
 *
 *   npm run build && npx tsx bench/rank-after-edit.ts --repo <checkout> --file <path in it> --issue <issue file> \
 *     --bin dist/cli-bundle/bin.js --store <warm store> [--bin <other build> --store <its store>] [--rounds 7]
 */
import { spawn } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseBenchArgs } from "./bench-args.js";

const args = parseBenchArgs();
const repo = resolve(args.one("repo", ""));
const file = join(repo, args.one("file", ""));
const issue = args.one("issue", "");
const bins = args.all("bin");
const stores = args.all("store");
const rounds = Number(args.one("rounds", "7"));
if (!repo || !issue || bins.length === 0 || bins.length !== stores.length) {
  throw new Error("usage: bench/rank-after-edit.ts --repo DIR --file PATH --issue FILE (--bin BIN --store STORE)... [--rounds N]");
}

/** Spawns one rank and resolves with [ms to the first stdout bytes, ms to exit]; rejects when it fails or hangs. */
function timedRank(bin: string, store: string): Promise<[number, number]> {
  return new Promise((done, fail) => {
    const started = performance.now();
    let answered = 0;
    const child = spawn(process.execPath, [bin, "rank", "--repo", repo, "--issue-file", issue, "--store", store, "--json"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.stdout.once("data", () => (answered = performance.now() - started));
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) done([Math.round(answered), Math.round(performance.now() - started)]);
      else fail(new Error(`${bin} rank exited ${code}`));
    });
  });
}

const original = readFileSync(file);
const times: [number, number][][] = bins.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    for (let b = 0; b < bins.length; b++) {
      appendFileSync(file, `# bench edit ${round} ${b}\n`);
      times[b].push(await timedRank(resolve(bins[b]), stores[b]));
    }
  }
} finally {
  writeFileSync(file, original);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
bins.forEach((bin, b) => console.log(JSON.stringify({
  bin, rounds, answerMedianMs: median(times[b].map((t) => t[0])), exitMedianMs: median(times[b].map((t) => t[1])), runs: times[b],
})));
