import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { Queue } from "bullmq";
import { classifyFailure } from "../../src/queue/classify-failure.js";
import type { DeliveryJob } from "../../src/queue/delivery-job.js";
import { createOpsMetrics } from "../../src/queue/ops-metrics.js";
import { redisOptions } from "../../src/queue/redis-options.js";
import { startWorkerRole, type WorkerRole } from "../../src/queue/run-worker.js";
import { shardOf } from "../../src/queue/shard-of.js";
import { createShardQueues, type ShardQueues } from "../../src/queue/shard-queues.js";
import type { ScaleRecords } from "../../src/records/scale-records.js";
import { openSqliteScaleRecords } from "../../src/records/sqlite-scale-records.js";
import { deletePrefix, TEST_REDIS_URL, uniquePrefix } from "./role-processes.js";

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const SHARDS = 4;

function delivery(id: string, repo: string, extra: Record<string, unknown> = {}): DeliveryJob {
  return { id, name: "issues", payload: { installation: { id: 1 }, repository: { full_name: `acme/${repo}` }, ...extra }, receivedAt: Date.now() };
}

describe("worker role over real Redis: order per repository, retries, drain", () => {
  const prefix = uniquePrefix("worker");
  let dir: string;
  let records: ScaleRecords;
  let queues: ShardQueues;
  const roles: WorkerRole[] = [];
  const log: string[] = [];
  const failures = new Map<string, unknown[]>();
  let release: (() => void) | undefined;

  async function handle(job: DeliveryJob): Promise<void> {
    const key = String((job.payload.repository as { full_name: string }).full_name);
    log.push(`start ${key} ${job.id}`);
    if (job.payload.hold) await new Promise<void>((resolve) => (release = resolve));
    else await new Promise((r) => setTimeout(r, 15));
    const planned = failures.get(job.id);
    if (planned && planned.length > 0) {
      log.push(`fail ${key} ${job.id}`);
      throw planned.shift();
    }
    log.push(`end ${key} ${job.id}`);
  }

  function start(id: string): Promise<WorkerRole> {
    return startWorkerRole({
      connection: redisOptions(TEST_REDIS_URL), prefix, shards: SHARDS, concurrency: 4, leaseMs: 2_000, workerId: id, affinityId: id,
      handle, records, metrics: createOpsMetrics(), log: silent, now: () => Date.now(),
    }).then((role) => (roles.push(role), role));
  }

  async function waitFor(predicate: () => boolean, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out; log:\n${log.join("\n")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "bugscout-worker-"));
    records = openSqliteScaleRecords(path.join(dir, "records.sqlite"));
    queues = createShardQueues({ connection: redisOptions(TEST_REDIS_URL, true), prefix, shards: SHARDS, attempts: 3 });
  });

  after(async () => {
    release?.();
    await Promise.all(roles.map((r) => r.stop()));
    await queues.close();
    await records.close();
    await deletePrefix(prefix);
    await rm(dir, { recursive: true, force: true });
  });

  it("maps a repository to one shard whatever process asks, and spreads repositories over the shards", () => {
    const shards = Array.from({ length: 400 }, (_, i) => shardOf(`1/acme/repo-${i}`, 16));
    assert.equal(shardOf("1/acme/repo-7", 16), shards[7]);
    assert.ok(Math.min(...Array.from({ length: 16 }, (_, s) => shards.filter((x) => x === s).length)) >= 10);
    // Growing 16 → 17 shards moves about 1/17 of the repositories, not most of them.
    const moved = Array.from({ length: 400 }, (_, i) => shardOf(`1/acme/repo-${i}`, 17)).filter((s, i) => s !== shards[i]).length;
    assert.ok(moved > 0 && moved < 60, `moved ${moved}`);
  });

  it("classifies 4xx other than 408/429 as permanent, everything else as transient (through Probot's AggregateError)", () => {
    assert.equal(classifyFailure(new AggregateError([Object.assign(new Error("x"), { status: 404 })])), "permanent");
    assert.equal(classifyFailure(Object.assign(new Error("x"), { statusCode: 422 })), "permanent");
    assert.equal(classifyFailure(Object.assign(new Error("x"), { status: 429 })), "transient");
    assert.equal(classifyFailure(new Error("wrapped", { cause: Object.assign(new Error("x"), { status: 502 }) })), "transient");
    assert.equal(classifyFailure(new Error("ECONNRESET")), "transient");
  });

  it("runs one repository's jobs one at a time in order while other repositories run alongside; retries a 502, not a 404", async () => {
    failures.set("r-a-2", [Object.assign(new Error("bad gateway"), { status: 502 })]);
    failures.set("r-b-1", [Object.assign(new Error("not found"), { status: 404 })]);
    await start("w1");
    await start("w2");
    for (let n = 1; n <= 4; n++) {
      await queues.enqueue(delivery(`r-a-${n}`, "a"));
      await queues.enqueue(delivery(`r-b-${n}`, "b"));
    }
    // A redelivery of a kept job id is not queued again.
    await queues.enqueue(delivery("r-a-1", "a"));
    await waitFor(() => log.filter((l) => l.startsWith("end")).length === 7);
    await new Promise((r) => setTimeout(r, 300));

    for (const repo of ["a", "b"]) {
      const mine = log.filter((l) => l.includes(`acme/${repo} `));
      // Never two starts without an end or failure between them: no overlap within a repository.
      let running = 0;
      for (const l of mine) {
        running += l.startsWith("start") ? 1 : -1;
        assert.ok(running <= 1, mine.join("\n"));
      }
    }
    const a = log.filter((l) => l.includes("acme/a ")).map((l) => l.replace(" acme/a", ""));
    const firstStarts = [...new Set(a.filter((l) => l.startsWith("start")))];
    assert.deepEqual(firstStarts, ["start r-a-1", "start r-a-2", "start r-a-3", "start r-a-4"], "first attempts in delivery order");
    assert.equal(a.filter((l) => l === "start r-a-1").length, 1, "the redelivered id ran once");
    assert.equal(a.filter((l) => l === "end r-a-2").length, 1, "the 502 was retried and then succeeded");
    const b = log.filter((l) => l.includes("acme/b "));
    assert.equal(b.filter((l) => l.includes("r-b-1")).length, 2, "the 404 ran once (start + fail), never retried");
    const shardB = new Queue(`shard-${shardOf("1/acme/b", SHARDS)}`, { connection: redisOptions(TEST_REDIS_URL), prefix });
    try {
      const job = await shardB.getJob("r-b-1");
      assert.equal(await job?.getState(), "failed");
      assert.equal(job?.attemptsMade, 1);
    } finally {
      await shardB.close();
    }
    assert.equal(await records.deliveries.wasProcessed("r-a-2"), true);
    assert.equal(await records.deliveries.wasProcessed("r-b-1"), false);
  });

  it("does not run a delivery another process has claimed (queued again after Redis lost it) until that claim expires", async () => {
    const job = delivery("claimed-1", "d");
    const claimedUntil = Date.now() + 1_500;
    assert.equal(await records.accepted.claim(job, "another-worker", Date.now(), claimedUntil), true);
    await queues.enqueue(job);
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(log.includes("start acme/d claimed-1"), false, "held back while the other claim lasts");
    await waitFor(() => log.includes("end acme/d claimed-1"));
    assert.equal(log.filter((l) => l === "start acme/d claimed-1").length, 1);
    assert.ok(Date.now() >= claimedUntil);
    assert.equal(await records.deliveries.wasProcessed("claimed-1"), true);
    assert.deepEqual(await records.accepted.pending(Date.now() + 1, Date.now() + 60_000, 10), [], "settled: nothing left to queue again");
  });

  it("on stop (SIGTERM), finishes the running job before giving its shard back", async () => {
    await queues.enqueue(delivery("held-1", "c", { hold: true }));
    await waitFor(() => log.includes("start acme/c held-1"));
    const stops = roles.splice(0).map((r) => r.stop());
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(log.includes("end acme/c held-1"), false, "still running");
    release?.();
    await Promise.all(stops);
    assert.equal(log.includes("end acme/c held-1"), true);
    assert.equal(await records.deliveries.wasProcessed("held-1"), true);
  });
});
