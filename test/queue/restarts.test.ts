import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import type { FakeGitHub } from "../fakes/fake-github.js";
import { dropSchemas, TEST_DATABASE_URL, uniqueSchema } from "../records/pg-test-schema.js";
import { startPrivateRedis, type PrivateRedis } from "./private-redis.js";
import { deliverIssue, freePort, readIssueBody, roleEnv, startRole, startSlowFakeGitHub, type RoleProcess } from "./role-processes.js";

const SHA = "6666666666666666666666666666666666666666";
const REPOS = Array.from({ length: 6 }, (_, i) => ({ owner: "acme", name: `depot-${i}`, installationId: 160 + i }));
const ISSUES_PER_REPO = 4;

/** Terminates this app's PostgreSQL connections only (by application_name): other tests share the server. */
async function terminateConnections(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT pg_terminate_backend(pid) AS t FROM pg_stat_activity WHERE application_name = $1", [applicationName]);
    return rows.length;
  } finally {
    await client.end();
  }
}

// Redis here is a private redis-server on its own port (the machine's Redis is shared by every test): killed with
// nothing saved and started again empty mid-run, as a cache-configured production Redis would restart.
describe("web and worker ride out Redis restarting empty and PostgreSQL dropping their connections, and lose nothing", () => {
  let fake: FakeGitHub;
  let redis: PrivateRedis;
  const schema = uniqueSchema("restart");
  const applicationName = `bugscout-restart-${randomBytes(4).toString("hex")}`;
  const dirs: string[] = [];
  const processes: RoleProcess[] = [];
  let body: string;

  async function start(role: "web" | "worker"): Promise<RoleProcess> {
    const dataDir = await mkdtemp(path.join(tmpdir(), `bugscout-${role}-`));
    dirs.push(dataDir);
    const port = await freePort();
    const env = roleEnv({
      fakeHost: fake.host, port, dataDir,
      extra: {
        REDIS_URL: redis.url, BUGSCOUT_ROLE: role, BUGSCOUT_SHARDS: "4", BUGSCOUT_LEASE_SECONDS: "2", BUGSCOUT_WORKER_CONCURRENCY: "2",
        DATABASE_URL: `${TEST_DATABASE_URL}?application_name=${applicationName}`, BUGSCOUT_DATABASE_SCHEMA: schema,
      },
    });
    const proc = startRole(process.execPath, ["--import", "tsx", "src/index.ts"], env, port);
    processes.push(proc);
    await proc.waitFor(/Listening on/, 90_000);
    return proc;
  }

  const deliver = (web: RoleProcess, repo: (typeof REPOS)[number], number: number) => deliverIssue(web, repo, number, body, `restart-${repo.name}-${number}`);

  const counts = () => REPOS.flatMap((r) => Array.from({ length: ISSUES_PER_REPO + 1 }, (_, i) => fake.repo(r.owner, r.name).comments.get(i + 1)?.length ?? 0));
  const health = async (proc: RoleProcess) => {
    const response = await fetch(`http://127.0.0.1:${proc.port}/health`);
    return { code: response.status, ...((await response.json()) as { status: string; failing: string[] }) };
  };
  async function until(predicate: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await predicate())) {
      if (Date.now() > deadline && process.env.BUGSCOUT_TEST_DUMP) await import("node:fs/promises").then((fs) => fs.writeFile(process.env.BUGSCOUT_TEST_DUMP!, `${JSON.stringify(counts())}\n${processes.map((p) => p.output.join("")).join("\n---\n")}`));
      if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms:\n${processes.map((p) => p.output.join("").slice(-3000)).join("\n---\n")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    // Every GitHub answer takes a while, so jobs are still running when the servers go away.
    fake = await startSlowFakeGitHub(REPOS, SHA, "acme-depot-6666666", 60);
    body = await readIssueBody();
    redis = await startPrivateRedis(await freePort());
  });

  after(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake.close();
    await redis.close();
    await dropSchemas([schema]);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("every issue gets exactly one comment, health says degraded meanwhile, and the same processes serve a new delivery", async () => {
    const web = await start("web");
    const worker = await start("worker");
    assert.deepEqual(await health(worker), { code: 200, status: "ok", role: "worker", version: (await health(worker) as { version?: string }).version, failing: [] });

    const first = await Promise.all(REPOS.flatMap((r) => [1, 2].map((n) => deliver(web, r, n))));
    assert.deepEqual(new Set(first), new Set([202]));
    await until(() => counts().some((c) => c > 0), 60_000, "a first comment");

    // Redis dies with its queues: deliveries still answered 202 are recorded in PostgreSQL.
    await redis.kill();
    const whileDown = await Promise.all(REPOS.map((r) => deliver(web, r, 3)));
    assert.deepEqual(new Set(whileDown), new Set([202]), "accepted durably while Redis is down");
    const webHealth = await health(web);
    assert.equal(webHealth.code, 200);
    assert.equal(webHealth.status, "degraded");
    assert.deepEqual(webHealth.failing, ["queue"]);
    const workerHealth = await health(worker);
    assert.equal(workerHealth.status, "degraded");
    assert.ok(workerHealth.failing.includes("queue"), workerHealth.failing.join());

    // PostgreSQL drops every connection of the app; Redis comes back empty.
    assert.ok((await terminateConnections(applicationName)) > 0, "the app had connections to drop");
    await redis.restart();
    const redelivered: number[] = [];
    for (const r of REPOS) {
      const status = await deliver(web, r, 4);
      // A delivery not accepted (503) is redelivered once with the same id, as GitHub's redelivery would.
      redelivered.push(status === 202 ? status : await deliver(web, r, 4));
    }
    assert.deepEqual(new Set(redelivered), new Set([202]));

    const expected = REPOS.flatMap(() => [...Array(ISSUES_PER_REPO).fill(1), 0]);
    await until(() => counts().every((c, i) => c >= expected[i]), 90_000, "every accepted issue commented");
    // Let anything still running or queued again finish, so a late duplicate would show.
    await new Promise((r) => setTimeout(r, 3_000));
    assert.deepEqual(counts(), expected, "exactly one comment per issue");

    // The same two processes, never restarted, serve a new delivery within 60 s.
    assert.equal(web.child.exitCode, null);
    assert.equal(worker.child.exitCode, null);
    const sent = Date.now();
    assert.equal(await deliver(web, REPOS[0], ISSUES_PER_REPO + 1), 202);
    await until(() => (fake.repo("acme", REPOS[0].name).comments.get(ISSUES_PER_REPO + 1)?.length ?? 0) === 1, 60_000, "the new delivery commented");
    assert.ok(Date.now() - sent < 60_000);
    await until(async () => (await health(worker)).status === "ok" && (await health(web)).status === "ok", 20_000, "health back to ok");

    // GitHub redelivering one that was done: counted on the web role, and still one comment.
    assert.equal(await deliver(web, REPOS[1], 1), 202);
    await new Promise((r) => setTimeout(r, 2_000));
    assert.equal(fake.repo("acme", REPOS[1].name).comments.get(1)?.length, 1);
    assert.match(await (await fetch(`http://127.0.0.1:${web.port}/metrics`)).text(), /bugscout_deliveries_redelivered_total [1-9]/);

    const metrics = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
    const requeued = Number(/bugscout_deliveries_requeued_total (\d+)/.exec(metrics)?.[1]);
    assert.ok(requeued >= REPOS.length, `the deliveries accepted while Redis was down were queued again (${requeued})`);
    assert.deepEqual(fake.unexpected, []);
  });
});
