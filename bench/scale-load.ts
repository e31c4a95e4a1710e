/**
 * Scale-out load bench (issue 12): signed `issues.opened` deliveries over loopback to one web process and N worker
 * processes (`node dist/index.js` with BUGSCOUT_ROLE, as `npm start` runs it after building), Redis and PostgreSQL on
 * 127.0.0.1, and a fake GitHub adding a fixed latency to every request. Three runs: 1 worker, 3 workers, and 3
 * workers with one SIGKILLed and restarted mid-run. Each run checks zero lost (every issue has a comment) and zero
 * duplicates (no issue has two), and prints the web role's answer times and the throughput. Bounded: each run stops
 * at --timeout-s; exit code 1 when a check fails.
 *
 * Deliveries arrive open-loop at --rate per second (GitHub sends them as events happen, not when the previous answer
 * came back). Web, workers, Redis, PostgreSQL, the fake and this driver share one machine; the workers run under
 * `nice -n --worker-nice` so the web process keeps a share of the CPU, as it would on its own machine or container.
 *
 *   nice -n 5 node --import tsx bench/scale-load.ts [--deliveries 2000] [--repos 200] [--latency-ms 50]
 *        [--concurrency 4] [--shards 32] [--rate 100] [--worker-nice 10] [--timeout-s 400] [--runs 1,3,3kill]
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sign } from "@octokit/webhooks-methods";
import { WEBHOOK_SECRET } from "../test/app/app-harness.js";
import { issuesOpened } from "../test/app/payloads.js";
import { startFakeGitHub, type FakeRepo } from "../test/fakes/fake-github.js";
import { buildTarball } from "../test/fakes/fake-github-tarball.js";
import { deletePrefix, freePort, ROOT, roleEnv, startRole, TEST_REDIS_URL, uniquePrefix, type RoleProcess } from "../test/queue/role-processes.js";
import { dropSchemas, TEST_DATABASE_URL, uniqueSchema } from "../test/records/pg-test-schema.js";
import { buildLoadFixture } from "./load-fixtures.js";

const { values: args } = parseArgs({
  options: {
    deliveries: { type: "string", default: "2000" },
    repos: { type: "string", default: "200" },
    "latency-ms": { type: "string", default: "50" },
    concurrency: { type: "string", default: "4" },
    shards: { type: "string", default: "32" },
    rate: { type: "string", default: "100" },
    "worker-nice": { type: "string", default: "10" },
    "timeout-s": { type: "string", default: "400" },
    runs: { type: "string", default: "1,3,3kill" },
  },
});
const DELIVERIES = Number(args.deliveries);
const REPOS = Number(args.repos);
const PER_REPO = Math.ceil(DELIVERIES / REPOS);
const SHA = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface RunResult {
  readonly label: string;
  readonly seconds: number;
  readonly perSecond: number;
  /** Issues without a comment when the run ended: lost, or not done within --timeout-s (`timedOut`). */
  readonly lost: number;
  readonly timedOut: boolean;
  readonly duplicates: number;
  readonly statuses: string;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

async function run(workers: number, kill: boolean): Promise<RunResult> {
  const fixtures = Array.from({ length: REPOS }, (_, i) => buildLoadFixture(i, PER_REPO, 1));
  const fake = await startFakeGitHub();
  const specs = fixtures.map((f, i) => ({ owner: "acme", name: f.name, installationId: 1000 + i }));
  const repos: FakeRepo[] = [];
  for (const [i, fixture] of fixtures.entries()) {
    const repo = fake.addRepo({ ...specs[i], headSha: SHA });
    repo.tarballs.set(SHA, await buildTarball([...fixture.files].map(([p, content]) => ({ name: `acme-${fixture.name}-5a5a5a5/${p}`, content }))));
    repos.push(repo);
  }
  fake.latencyMs = Number(args["latency-ms"]);
  const prefix = uniquePrefix("bench");
  const schema = uniqueSchema("bench");
  const dirs: string[] = [];
  const procs: RoleProcess[] = [];
  const start = async (role: "web" | "worker") => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `bugscout-bench-${role}-`));
    dirs.push(dataDir);
    const port = await freePort();
    const env = roleEnv({
      fakeHost: fake.host, port, dataDir,
      extra: {
        LOG_LEVEL: "warn", REDIS_URL: TEST_REDIS_URL, BUGSCOUT_ROLE: role, BUGSCOUT_QUEUE_PREFIX: prefix, BUGSCOUT_SHARDS: args.shards,
        BUGSCOUT_WORKER_CONCURRENCY: args.concurrency, BUGSCOUT_LEASE_SECONDS: "5", DATABASE_URL: TEST_DATABASE_URL, BUGSCOUT_DATABASE_SCHEMA: schema,
      },
    });
    const niceness = role === "worker" ? args["worker-nice"] : "0";
    // Logs at warn (the roles' info lines per job would cost this driver and the roles CPU); ready = /health answers 200.
    const proc = startRole("nice", ["-n", niceness, process.execPath, "dist/index.js"], env, port);
    procs.push(proc);
    const ready = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > ready || proc.child.exitCode !== null) throw new Error(`${role} did not become healthy:\n${proc.output.join("").slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return proc;
  };
  try {
    const web = await start("web");
    const workerProcs = await Promise.all(Array.from({ length: workers }, () => start("worker")));
    const plan: { repo: number; issue: number }[] = [];
    for (let k = 0; k < PER_REPO; k++) for (let r = 0; r < REPOS && plan.length < DELIVERIES; r++) plan.push({ repo: r, issue: k + 1 });
    const answers: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    const send = async ({ repo, issue }: { repo: number; issue: number }) => {
      const f = fixtures[repo].issues[issue - 1];
      const body = JSON.stringify(issuesOpened(specs[repo], { number: issue, title: f.title, body: f.body }));
      const signature = await sign(WEBHOOK_SECRET, body);
      const t = performance.now();
      const response = await fetch(`http://127.0.0.1:${web.port}/api/github/webhooks`, {
        method: "POST", body,
        headers: { "content-type": "application/json", "x-github-event": "issues", "x-github-delivery": `${prefix}-${repo}-${issue}`, "x-hub-signature-256": signature },
      });
      await response.text();
      answers.push(performance.now() - t);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    };
    const sending = (async () => {
      const sent: Promise<void>[] = [];
      const interval = 1000 / Number(args.rate);
      for (const [i, p] of plan.entries()) {
        sent.push(send(p));
        const due = started + (i + 1) * interval;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
      await Promise.all(sent);
    })();
    const commented = () => plan.filter((p) => (repos[p.repo].comments.get(p.issue)?.length ?? 0) > 0).length;
    const deadline = started + Number(args["timeout-s"]) * 1000;
    if (kill) {
      while (commented() < plan.length * 0.3 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      workerProcs[0].child.kill("SIGKILL");
      process.stdout.write(`  SIGKILLed one worker at ${commented()} of ${plan.length} comments; restarting it\n`);
      await start("worker");
    }
    while (commented() < plan.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    const done = commented();
    const timedOut = done < plan.length;
    await sending;
    // Anything still running (a recovered job) gets a moment to finish, so a late duplicate would show.
    await new Promise((r) => setTimeout(r, 6_000));
    const counts = plan.map((p) => repos[p.repo].comments.get(p.issue)?.length ?? 0);
    const sorted = [...answers].sort((a, b) => a - b);
    return {
      label: `${workers} worker${workers > 1 ? "s" : ""}${kill ? ", one SIGKILLed + restarted" : ""}`,
      seconds,
      perSecond: done / seconds,
      timedOut,
      lost: counts.filter((c) => c === 0).length,
      duplicates: counts.filter((c) => c > 1).length,
      statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(" "),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await fake.close();
    await deletePrefix(prefix);
    await dropSchemas([schema]);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}

async function main(): Promise<number> {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, node ${process.version}; ${DELIVERIES} deliveries over ${REPOS} repositories at ${args.rate}/s, fake GitHub +${args["latency-ms"]} ms per request, ${args.shards} shards, ${args.concurrency} jobs per worker, workers at nice ${args["worker-nice"]}`);
  const results: RunResult[] = [];
  for (const spec of args.runs.split(",")) {
    const result = await run(Number.parseInt(spec, 10), spec.endsWith("kill"));
    results.push(result);
    console.log(`${result.label}: ${result.seconds.toFixed(1)} s${result.timedOut ? " (timed out)" : ""}, ${result.perSecond.toFixed(1)} deliveries/s; without a comment ${result.lost}, duplicates ${result.duplicates}; web answers ${result.statuses}, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`);
  }
  const one = results.find((r) => r.label === "1 worker");
  const three = results.find((r) => r.label === "3 workers");
  if (one && three) console.log(`throughput 3 workers / 1 worker: ${(three.perSecond / one.perSecond).toFixed(2)}×`);
  const ok = results.every((r) => r.lost === 0 && r.duplicates === 0 && r.p99 < 100) && (!one || !three || three.perSecond >= 2 * one.perSecond);
  return ok ? 0 : 1;
}

process.exitCode = await main();
