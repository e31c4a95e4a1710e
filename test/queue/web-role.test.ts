import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { WEBHOOK_SECRET } from "../app/app-harness.js";
import { postDelivery } from "../support/post-delivery.js";
import { freePort, roleEnv, startRole, type RoleProcess } from "./role-processes.js";

describe("web role when Redis cannot be reached (REDIS_URL to a closed port)", () => {
  let web: RoleProcess;
  let dataDir: string;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "bugscout-web-"));
    const port = await freePort();
    const closed = await freePort();
    const env = roleEnv({ fakeHost: "127.0.0.1:9", port, dataDir, extra: { REDIS_URL: `redis://127.0.0.1:${closed}`, BUGSCOUT_ROLE: "web" } });
    web = startRole(process.execPath, ["--import", "tsx", "src/index.ts"], env, port);
    await web.waitFor(/Listening on/, 60_000);
  });

  after(async () => {
    await web.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (payload: unknown, secret = WEBHOOK_SECRET) => postDelivery(`http://127.0.0.1:${web.port}`, "issues", payload, { secret, id: "d-503" });

  it("answers 503 to a signed delivery it could not queue (never 2xx), so GitHub shows it as failed", async () => {
    const started = Date.now();
    const answer = await post({ action: "opened", installation: { id: 1 }, repository: { full_name: "acme/shop" } });
    assert.equal(answer.status, 503, answer.body);
    assert.match(answer.body, /not kept/);
    assert.ok(Date.now() - started < 5_000, "answered before GitHub's 10 s timeout");
    await web.waitFor(/delivery not queued/, 2_000);
  });

  it("answers 401 to a delivery with a wrong signature, before touching the queue", async () => {
    const answer = await post({}, "not-the-secret");
    assert.equal(answer.status, 401);
  });

  it("reports itself unhealthy (503, naming the queue) and still serves metrics", async () => {
    const health = await fetch(`http://127.0.0.1:${web.port}/health`);
    assert.equal(health.status, 503);
    assert.deepEqual(((await health.json()) as { failing: string[] }).failing, ["queue"]);
    const metrics = await fetch(`http://127.0.0.1:${web.port}/metrics`).catch((e: unknown) => { throw new Error(web.output.join("").slice(-3000), { cause: e }); });
    assert.match(await metrics.text(), /bugscout_webhook_answer_seconds_count\{status="503"\} 1/);
  });
});
