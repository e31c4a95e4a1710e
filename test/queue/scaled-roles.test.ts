import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { Queue } from "bullmq";
import type { FakeGitHub } from "../fakes/fake-github.js";
import { dropSchemas, TEST_DATABASE_URL, uniqueSchema } from "../records/pg-test-schema.js";
import { deletePrefix, deliverIssue, freePort, readIssueBody, roleEnv, startRole, startSlowFakeGitHub, TEST_REDIS_URL, uniquePrefix, type RoleProcess } from "./role-processes.js";

const SHA = "7777777777777777777777777777777777777777";
// 40 issues over 20 repositories of 20 installations: comment creation is paced per installation (3 s apart).
const REPOS = Array.from({ length: 20 }, (_, i) => ({ owner: "acme", name: `shop-${i}`, installationId: 70 + i }));
const ISSUES_PER_REPO = 2;
const SHARDS = 8;

describe("scaled out as an operator starts it: npm start (web) + two workers, one SIGKILLed mid-run and replaced", () => {
  let fake: FakeGitHub;
  const prefix = uniquePrefix("e2e");
  const schema = uniqueSchema("e2e");
  const dirs: string[] = [];
  const processes: RoleProcess[] = [];
  let web: RoleProcess;
  let body: string;

  async function start(role: "web" | "worker", viaNpm: boolean): Promise<RoleProcess> {
    const dataDir = await mkdtemp(path.join(tmpdir(), `bugscout-${role}-`));
    dirs.push(dataDir);
    const port = await freePort();
    const env = roleEnv({
      fakeHost: fake.host, port, dataDir,
      extra: {
        REDIS_URL: TEST_REDIS_URL, BUGSCOUT_ROLE: role, BUGSCOUT_QUEUE_PREFIX: prefix, BUGSCOUT_SHARDS: String(SHARDS),
        BUGSCOUT_LEASE_SECONDS: "2", BUGSCOUT_WORKER_CONCURRENCY: "4", DATABASE_URL: TEST_DATABASE_URL, BUGSCOUT_DATABASE_SCHEMA: schema,
      },
    });
    // `npm start` builds dist/ and runs `node dist/index.js`; the workers run the built entry directly, as a container would.
    const proc = viaNpm ? startRole("npm", ["start", "--silent"], env, port) : startRole(process.execPath, ["dist/index.js"], env, port);
    processes.push(proc);
    // `npm start` compiles first: on a loaded 2-core runner that alone can take minutes; the limit only guards a hang.
    await proc.waitFor(/Listening on/, viaNpm ? 240_000 : 90_000);
    return proc;
  }

  const deliver = (number: number, repo: (typeof REPOS)[number]) => deliverIssue(web, repo, number, body, `delivery-${repo.name}-${number}`);

  const commentCounts = () => REPOS.flatMap((r) => Array.from({ length: ISSUES_PER_REPO }, (_, i) => (fake.repo(r.owner, r.name).comments.get(i + 1) ?? []).length));

  before(async () => {
    // Every request takes a little while, so a job is mid-flight when the worker is killed.
    fake = await startSlowFakeGitHub(REPOS, SHA, "acme-shop-7777777", 40);
    body = await readIssueBody();
    web = await start("web", true);
  });

  after(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake.close();
    await deletePrefix(prefix);
    await dropSchemas([schema]);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("answers 202 to each delivery (twice with the same id), and every issue gets exactly one comment", async () => {
    const t0 = Date.now();
    const p0 = performance.now();
    const mark = (what: string) => process.env.BUGSCOUT_TEST_TIMES === "1" && process.stderr.write(`${what} at ${Date.now() - t0} ms\n`);
    const doomed = await start("worker", false);
    await start("worker", false);
    const health = await fetch(`http://127.0.0.1:${doomed.port}/health`);
    assert.equal(health.status, 200, await health.text());

    // 40 issues, each delivered twice with the same delivery id (a GitHub redelivery), interleaved over the repositories.
    const statuses: number[] = [];
    for (let n = 1; n <= ISSUES_PER_REPO; n++) statuses.push(...(await Promise.all(REPOS.map((r) => deliver(n, r)))));
    for (let n = 1; n <= ISSUES_PER_REPO; n++) statuses.push(...(await Promise.all(REPOS.map((r) => deliver(n, r)))));
    assert.deepEqual(new Set(statuses), new Set([202]));
    mark("delivered");

    // Kill one worker while it is running jobs, then start a replacement.
    const until = Date.now() + 60_000;
    while (commentCounts().filter((c) => c > 0).length < 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    mark("kill");
    doomed.child.kill("SIGKILL");
    const killedAt = commentCounts().filter((c) => c > 0).length;
    await start("worker", false);
    mark("replacement started");

    const deadline = Date.now() + 90_000;
    while (commentCounts().some((c) => c === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.ok(killedAt < REPOS.length * ISSUES_PER_REPO, "the worker was killed before the run was over");

    mark("all commented");
    if (process.env.BUGSCOUT_TEST_TIMES === "1") {
      for (const r of REPOS) process.stderr.write(`${r.name}: ${Array.from({ length: ISSUES_PER_REPO }, (_, i) => Math.round((fake.repo(r.owner, r.name).comments.get(i + 1)?.[0]?.createdAt ?? 0) - p0)).join(" ")}\n`);
    }
    // Let any recovered job finish too, then check: one comment per issue, nothing left in the queues, nothing failed.
    const queues = Array.from({ length: SHARDS }, (_, i) => new Queue(`shard-${i}`, { connection: { host: "127.0.0.1", port: 6379 }, prefix }));
    try {
      const settle = Date.now() + 30_000;
      let counts = { wait: 1, active: 1, delayed: 0, failed: 0, completed: 0 };
      while (Date.now() < settle) {
        counts = { wait: 0, active: 0, delayed: 0, failed: 0, completed: 0 };
        for (const q of queues) {
          const c = await q.getJobCounts("wait", "active", "delayed", "failed", "completed");
          for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += c[k] ?? 0;
        }
        if (counts.wait + counts.active + counts.delayed === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      mark("settled");
      assert.deepEqual(commentCounts(), Array(REPOS.length * ISSUES_PER_REPO).fill(1), processes.map((p) => p.output.join("").slice(-3000)).join("\n---\n"));
      assert.deepEqual({ ...counts, completed: 0 }, { wait: 0, active: 0, delayed: 0, failed: 0, completed: 0 });
      assert.equal(counts.completed, REPOS.length * ISSUES_PER_REPO, "one job per delivery id: the redeliveries were not queued again");
      const jobs = (await Promise.all(queues.map((q) => q.getJobs(["completed"], 0, -1)))).flat();
      assert.ok(jobs.some((j) => (j.stalledCounter ?? 0) > 0), "a job of the killed worker was recovered as stalled");
    } finally {
      await Promise.all(queues.map((q) => q.close()));
    }
    assert.deepEqual(fake.unexpected, []);

    const metrics = await (await fetch(`http://127.0.0.1:${web.port}/metrics`)).text();
    assert.match(metrics, /bugscout_queue_jobs\{state="waiting"\} 0/);
    assert.match(metrics, /bugscout_webhook_answer_seconds_count\{status="202"\} 80/);
  });
});
