/**
 * Load bench (issue 6, line 7): a burst of signed `issues.opened` deliveries over loopback against the real app
 * (Probot's node middleware on 127.0.0.1:0, the real SQLite stores, indexer and BM25 ranker) and a fake GitHub on
 * loopback serving generated repositories as tarballs. Waits until every issue has exactly one comment (bounded,
 * self-stopping; exit code 1 if an issue has none or several) and prints deliveries per second, time to comment,
 * peak memory and the largest number of rankings and index builds that ran at once.
 *
 *   node --import tsx bench/load-burst.ts [--deliveries 200] [--repos 20] [--in-flight 20] [--timeout-s 180]
 *                                         [--redeliver 0] [--octokit off|app] [--modules 4]
 *
 * `--redeliver N` sends the first N deliveries a second time, queued after the others (GitHub redelivers on timeouts).
 * `--octokit app` keeps the retry and throttling plugins on (the throttling plugin paces comment creation).
 * `--modules N` gives each repository 10 x N modules (default 4: 42 files).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { AppDeps } from "../src/handlers/app-deps.js";
import type { RepoIndexer } from "../src/triage/ports.js";
import { issuesOpened } from "../test/app/payloads.js";
import { startFakeGitHub, type FakeRepo } from "../test/fakes/fake-github.js";
import { buildTarball } from "../test/fakes/fake-github-tarball.js";
import { startReliabilityApp } from "../test/reliability/reliability-app.js";
import { buildLoadFixture, type LoadFixture } from "./load-fixtures.js";

const { values: args } = parseArgs({
  options: {
    deliveries: { type: "string", default: "200" },
    repos: { type: "string", default: "20" },
    "in-flight": { type: "string", default: "20" },
    "timeout-s": { type: "string", default: "180" },
    redeliver: { type: "string", default: "0" },
    octokit: { type: "string", default: "off" },
    modules: { type: "string", default: "4" },
  },
});
const DELIVERIES = Number(args.deliveries);
const REPOS = Number(args.repos);
const IN_FLIGHT = Number(args["in-flight"]);
const TIMEOUT_MS = Number(args["timeout-s"]) * 1000;
const REDELIVER = Number(args.redeliver);
const OCTOKIT = args.octokit === "app" ? "app" : "off";
const MODULES = Number(args.modules);
const SHA = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

/** Counts how many calls of one kind are running at once. */
function gauge() {
  const state = { running: 0, max: 0, calls: 0 };
  return {
    state,
    async run<T>(fn: () => Promise<T>): Promise<T> {
      state.running += 1;
      state.calls += 1;
      state.max = Math.max(state.max, state.running);
      try {
        return await fn();
      } finally {
        state.running -= 1;
      }
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function main(): Promise<number> {
  const issuesPerRepo = Math.ceil(DELIVERIES / REPOS);
  const fixtures: LoadFixture[] = Array.from({ length: REPOS }, (_, i) => buildLoadFixture(i, issuesPerRepo, MODULES));
  const fake = await startFakeGitHub();
  const specs = fixtures.map((f, i) => ({ owner: "acme", name: f.name, installationId: 100 + (i % 4) }));
  const repos: FakeRepo[] = [];
  for (const [i, fixture] of fixtures.entries()) {
    const repo = fake.addRepo({ ...specs[i], headSha: SHA });
    const top = `acme-${fixture.name}-5a5a5a5`;
    repo.tarballs.set(SHA, await buildTarball([...fixture.files].map(([path, content]) => ({ name: `${top}/${path}`, content }))));
    repos.push(repo);
  }

  const indexing = gauge();
  const ranking = gauge();
  const instrument = (deps: AppDeps): AppDeps => {
    const counted: RepoIndexer = { ...deps.indexer, index: (key, tree) => indexing.run(() => deps.indexer.index(key, tree)) };
    return {
      ...deps,
      indexer: counted,
      ranker: { rank: (key, request) => ranking.run(() => deps.ranker.rank(key, request)) },
    };
  };
  const app = await startReliabilityApp(fake, { octokit: OCTOKIT, now: () => Date.now(), instrument, logLevel: "info" });

  // Deliveries interleave the repositories, so all 20 are cold at once; every issue is sent once, some twice.
  const plan: { repo: number; issue: number }[] = [];
  for (let k = 0; k < issuesPerRepo; k++) for (let r = 0; r < REPOS && plan.length < DELIVERIES; r++) plan.push({ repo: r, issue: k });
  const sends = [...plan, ...plan.slice(0, REDELIVER)];
  const sentAt = new Map<string, number>();
  const statuses = new Map<number, number>();

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peakRss = baseline;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 20);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let lastResponse = started;
  let nextSend = 0;
  const sender = async () => {
    while (nextSend < sends.length) {
      const { repo, issue } = sends[nextSend++];
      const fixtureIssue = fixtures[repo].issues[issue];
      const key = `${repo}#${issue + 1}`;
      if (!sentAt.has(key)) sentAt.set(key, performance.now());
      const status = await app.deliver("issues", issuesOpened(specs[repo], { number: issue + 1, title: fixtureIssue.title, body: fixtureIssue.body }));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      lastResponse = performance.now();
    }
  };
  const sending = Promise.all(Array.from({ length: IN_FLIGHT }, sender));

  const commentsOf = (p: { repo: number; issue: number }) => repos[p.repo].comments.get(p.issue + 1) ?? [];
  const deadline = started + TIMEOUT_MS;
  while (plan.some((p) => commentsOf(p).length === 0) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const allCommented = performance.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([sending, new Promise((r) => (timer = setTimeout(r, Math.max(0, deadline - performance.now()))))]);
  clearTimeout(timer);
  await app.deps.background.idle();
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);

  const perIssue = plan.map((p) => commentsOf(p).length);
  const histogram = new Map<number, number>();
  for (const n of perIssue) histogram.set(n, (histogram.get(n) ?? 0) + 1);
  const times = plan.flatMap((p) => {
    const first = commentsOf(p)[0];
    return first?.createdAt === undefined ? [] : [first.createdAt - (sentAt.get(`${p.repo}#${p.issue + 1}`) ?? started)];
  }).sort((a, b) => a - b);
  const lastComment = Math.max(...plan.flatMap((p) => commentsOf(p).map((c) => c.createdAt ?? 0)));
  const firstListed = plan.filter((p) => {
    const body = commentsOf(p)[0]?.body ?? "";
    return new RegExp(`^1\\. \\[[^\\]]*\\]\\([^)]*/blob/${SHA}/${fixtures[p.repo].issues[p.issue].expected.replace(/\./g, "\\.")}[#)]`, "m").test(body);
  }).length;
  const failures = app.logs.filter((l) => l.includes('"level":50')).length;
  const elapsed = lastResponse - started;

  const lines = [
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${mib(os.totalmem())} RAM, node ${process.version}, ${os.platform()} ${os.release()}`,
    `burst: ${sends.length} deliveries (${plan.length} issues, ${REDELIVER} redelivered) across ${REPOS} repositories `
      + `(${fixtures[0].files.size} files each, 4 installations), ${IN_FLIGHT} in flight, octokit plugins ${OCTOKIT}`,
    `deliveries answered: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(", ")} in ${(elapsed / 1000).toFixed(2)} s `
      + `= ${(sends.length / (elapsed / 1000)).toFixed(1)} deliveries/s`,
    `all issues commented after ${((allCommented - started) / 1000).toFixed(2)} s (last comment at ${((lastComment - started) / 1000).toFixed(2)} s)`,
    `time to comment (send -> comment created): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, `
      + `max ${times[times.length - 1]?.toFixed(0)} ms`,
    `comments per issue: ${[...histogram].sort((a, b) => a[0] - b[0]).map(([n, c]) => `${c} issues with ${n}`).join(", ")}`,
    `memory: RSS ${mib(baseline)} before, peak ${mib(peakRss)} (+${mib(peakRss - baseline)}); peak heap ${mib(peakHeap)}`,
    `cpu: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s)`,
    `concurrency: max ${indexing.state.max} index builds at once (${indexing.state.calls} builds), `
      + `max ${ranking.state.max} rankings at once (${ranking.state.calls} rankings)`,
    `first listed file is the issue's file: ${firstListed}/${plan.length}; error log lines: ${failures}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  const errors = new Map<string, number>();
  for (const line of app.logs.filter((l) => l.includes('"level":50'))) {
    const { msg, err } = JSON.parse(line) as { msg: string; err?: { name?: string; message?: string; cause?: string } };
    const text = `${msg}: ${err?.name ?? ""} ${err?.message ?? ""}${err?.cause ? ` (cause: ${err.cause})` : ""}`;
    errors.set(text, (errors.get(text) ?? 0) + 1);
  }
  for (const [text, n] of errors) process.stdout.write(`error x${n}: ${text}\n`);

  await app.close();
  await fake.close();
  const missing = perIssue.filter((n) => n === 0).length;
  const doubled = perIssue.filter((n) => n > 1).length;
  if (missing > 0 || doubled > 0) {
    process.stderr.write(`FAILED: ${missing} issues without a comment, ${doubled} with more than one (deadline ${TIMEOUT_MS / 1000} s)\n`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
