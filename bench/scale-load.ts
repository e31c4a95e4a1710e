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
 *        [--faults kill-worker,restart-redis,drop-pg]
 *
 * With --faults (issue 66), each run uses a private redis-server on a free port (never the machine's shared Redis)
 * and injects, while the deliveries are still being sent: `kill-worker` SIGKILLs one worker at 30 % sent (and starts
 * a replacement, as an orchestrator would), `restart-redis` kills Redis at 50 % (nothing saved) and starts it again
 * empty a second later, `drop-pg` terminates every PostgreSQL connection of the app (by its application_name) at
 * 70 %. Deliveries not answered 202 are sent again once with the same id at the end of the burst, as GitHub's
 * redelivery would. Then one more delivery checks that the processes still running serve new work, and how fast.
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
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startPrivateRedis, type PrivateRedis } from "../test/queue/private-redis.js";

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
    faults: { type: "string", default: "" },
  },
});
const FAULTS = new Set(args.faults.split(",").filter((f) => f !== ""));
for (const f of FAULTS) if (!["kill-worker", "restart-redis", "drop-pg"].includes(f)) throw new Error(`unknown fault ${f}`);
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
  /** Deliveries answered other than 202 and sent again once with the same id (--faults). */
  readonly redelivered: number;
  /** Seconds from sending one new delivery after the run to its comment (--faults). */
  readonly newDeliverySeconds?: number;
  readonly faultLog: readonly string[];
}

async function run(workers: number, kill: boolean): Promise<RunResult> {
  const fixtures = Array.from({ length: REPOS }, (_, i) => buildLoadFixture(i, PER_REPO + (FAULTS.size > 0 ? 1 : 0), 1));
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
  const redis: PrivateRedis | undefined = FAULTS.size > 0 ? await startPrivateRedis(await freePort()) : undefined;
  const applicationName = `bugscout-bench-${randomBytes(4).toString("hex")}`;
  const faultLog: string[] = [];
  const dirs: string[] = [];
  const procs: RoleProcess[] = [];
  const start = async (role: "web" | "worker") => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `bugscout-bench-${role}-`));
    dirs.push(dataDir);
    const port = await freePort();
    const env = roleEnv({
      fakeHost: fake.host, port, dataDir,
      extra: {
        LOG_LEVEL: "warn", REDIS_URL: redis?.url ?? TEST_REDIS_URL, BUGSCOUT_ROLE: role, BUGSCOUT_QUEUE_PREFIX: prefix, BUGSCOUT_SHARDS: args.shards,
        BUGSCOUT_WORKER_CONCURRENCY: args.concurrency, BUGSCOUT_LEASE_SECONDS: "5",
        DATABASE_URL: `${TEST_DATABASE_URL}?application_name=${applicationName}`, BUGSCOUT_DATABASE_SCHEMA: schema,
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
    const refused: { repo: number; issue: number }[] = [];
    const started = performance.now();
    const at = (what: string) => faultLog.push(`${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const send = async ({ repo, issue }: { repo: number; issue: number }): Promise<number> => {
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
      return response.status;
    };
    // A fault fires once the given share of the deliveries was sent, without holding the sending up.
    const faults: { share: number; run: () => Promise<void> }[] = [];
    if (FAULTS.has("kill-worker")) faults.push({ share: 0.3, run: async () => {
      workerProcs[0].child.kill("SIGKILL");
      at("worker SIGKILLed");
      await start("worker");
      at("replacement worker healthy");
    } });
    if (FAULTS.has("restart-redis") && redis) faults.push({ share: 0.5, run: async () => {
      await redis.kill();
      at("Redis killed (nothing saved)");
      await new Promise((r) => setTimeout(r, 1_000));
      await redis.restart();
      at("Redis started again, empty");
    } });
    if (FAULTS.has("drop-pg")) faults.push({ share: 0.7, run: async () => {
      at(`PostgreSQL: ${await terminateConnections(applicationName)} connections of the app terminated`);
    } });
    const faulting: Promise<void>[] = [];
    const sending = (async () => {
      const sent: Promise<void>[] = [];
      const interval = 1000 / Number(args.rate);
      for (const [i, p] of plan.entries()) {
        sent.push(send(p).then((status) => void (status !== 202 && refused.push(p)), () => void refused.push(p)));
        for (const f of faults.filter((f) => Math.floor(f.share * plan.length) === i)) faulting.push(f.run());
        const due = started + (i + 1) * interval;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
      await Promise.all(sent);
      await Promise.all(faulting);
      // GitHub's redelivery of what was not accepted: once, with the same delivery id.
      if (refused.length > 0) at(`${refused.length} deliveries not accepted; sent again once`);
      await Promise.all(refused.map((p) => send(p).catch(() => 0)));
    })();
    const commented = () => plan.filter((p) => (repos[p.repo].comments.get(p.issue)?.length ?? 0) > 0).length;
    const deadline = started + Number(args["timeout-s"]) * 1000;
    if (kill && FAULTS.size === 0) {
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
    let newDeliverySeconds: number | undefined;
    if (FAULTS.size > 0) {
      // One more issue on the first repository, to the same web process, after everything above.
      const extra = { repo: 0, issue: PER_REPO + 1 };
      const t = performance.now();
      await send(extra);
      const bound = t + 60_000;
      while ((repos[0].comments.get(extra.issue)?.length ?? 0) === 0 && performance.now() < bound) await new Promise((r) => setTimeout(r, 50));
      if ((repos[0].comments.get(extra.issue)?.length ?? 0) > 0) newDeliverySeconds = (performance.now() - t) / 1000;
    }
    return {
      label: `${workers} worker${workers > 1 ? "s" : ""}${FAULTS.size > 0 ? `, faults ${[...FAULTS].join(" + ")}` : kill ? ", one SIGKILLed + restarted" : ""}`,
      seconds,
      perSecond: done / seconds,
      timedOut,
      lost: counts.filter((c) => c === 0).length,
      duplicates: counts.filter((c) => c > 1).length,
      statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(" "),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
      redelivered: refused.length,
      ...(newDeliverySeconds !== undefined ? { newDeliverySeconds } : {}),
      faultLog,
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await fake.close();
    if (redis) await redis.close();
    else await deletePrefix(prefix);
    await dropSchemas([schema]);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}

/** Terminates the app's PostgreSQL connections only (by application_name): the server is shared. */
async function terminateConnections(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [applicationName])).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, node ${process.version}; ${DELIVERIES} deliveries over ${REPOS} repositories at ${args.rate}/s, fake GitHub +${args["latency-ms"]} ms per request, ${args.shards} shards, ${args.concurrency} jobs per worker, workers at nice ${args["worker-nice"]}`);
  const results: RunResult[] = [];
  for (const spec of args.runs.split(",")) {
    const result = await run(Number.parseInt(spec, 10), spec.endsWith("kill"));
    results.push(result);
    for (const line of result.faultLog) console.log(`  ${line}`);
    console.log(`${result.label}: ${result.seconds.toFixed(1)} s${result.timedOut ? " (timed out)" : ""}, ${result.perSecond.toFixed(1)} deliveries/s; without a comment ${result.lost}, duplicates ${result.duplicates}; web answers ${result.statuses}, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`
      + (FAULTS.size > 0 ? `; redelivered ${result.redelivered}; a new delivery afterwards commented in ${result.newDeliverySeconds?.toFixed(1) ?? "—(not within 60 s)"} s` : ""));
  }
  if (FAULTS.size > 0) return results.every((r) => r.lost === 0 && r.duplicates === 0 && r.newDeliverySeconds !== undefined) ? 0 : 1;
  const one = results.find((r) => r.label === "1 worker");
  const three = results.find((r) => r.label === "3 workers");
  if (one && three) console.log(`throughput 3 workers / 1 worker: ${(three.perSecond / one.perSecond).toFixed(2)}×`);
  const ok = results.every((r) => r.lost === 0 && r.duplicates === 0 && r.p99 < 100) && (!one || !three || three.perSecond >= 2 * one.perSecond);
  return ok ? 0 : 1;
}

process.exitCode = await main();
