import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { PRIVATE_KEY } from "../app/app-harness.js";
import { serveDeliveries, type FakeDelivery } from "../fakes/fake-github-deliveries.js";
import { startFakeGitHub, type FakeGitHub } from "../fakes/fake-github.js";
import { runSource } from "../support/child-process.js";

const ROOT = path.join(import.meta.dirname, "../..");

// 130 attempts (two pages of 100): most succeeded; some failed; one failed and then succeeded on a later attempt.
const DELIVERIES: FakeDelivery[] = Array.from({ length: 130 }, (_, i) => ({
  id: 5000 + i, guid: `guid-${i}`, delivered_at: new Date(Date.parse("2026-11-30T10:00:00Z") + i * 60_000).toISOString(),
  status_code: [7, 95, 120].includes(i) ? 503 : i === 3 ? 502 : 202, event: "issues", action: "opened",
}));
DELIVERIES.push({ id: 9000, guid: "guid-95", delivered_at: "2026-11-30T11:40:00Z", status_code: 202, event: "issues", action: "opened" });

function bugscout(args: string[], env: Record<string, string>) {
  return runSource(path.join(ROOT, "src/cli/main.ts"), args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env } });
}

describe("bugscout redeliver --since: failed deliveries listed with the App JWT and redelivered", () => {
  let fake: FakeGitHub;
  let log: { readonly redelivered: number[] };
  let env: Record<string, string>;

  before(async () => {
    fake = await startFakeGitHub();
    log = serveDeliveries(fake, DELIVERIES);
    env = { APP_ID: "1", PRIVATE_KEY, GHE_HOST: fake.host, GHE_PROTOCOL: "http" };
  });
  after(() => fake.close());

  it("redelivers each delivery whose latest attempt failed since the time, across pages, and nothing older", async () => {
    const result = await bugscout(["redeliver", "--since", "2026-11-30T10:05:00Z"], env);
    assert.equal(result.code, 0, result.stderr);
    // guid-3 is older than --since; guid-95 failed, then succeeded; guid-7 and guid-120 still failed.
    assert.deepEqual(log.redelivered, [5007, 5120]);
    assert.match(result.stdout, /^requested\s+guid-7\s+issues\.opened\s+delivered 2026-11-30T10:07:00\.000Z → 503$/m);
    assert.match(result.stdout, /2 failed deliveries since 2026-11-30T10:05:00\.000Z/);
    const listed = fake.requests.filter((r) => r.path === "/app/hook/deliveries");
    assert.equal(listed.length, 2, "followed the cursor to the second page");
    assert.ok(listed.every((r) => /^bearer /i.test(r.authorization)), "authenticated as the App");
    assert.deepEqual(fake.unexpected, []);
  });

  it("--dry-run lists without asking; bad input gets a clear answer", async () => {
    log.redelivered.length = 0;
    const dry = await bugscout(["redeliver", "--since", "2026-11-30T10:00:00Z", "--dry-run", "--json"], env);
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual((JSON.parse(dry.stdout) as { guid: string; result: string }[]).map((o) => [o.guid, o.result]), [["guid-3", "dry-run"], ["guid-7", "dry-run"], ["guid-120", "dry-run"]]);
    assert.deepEqual(log.redelivered, []);

    const noSince = await bugscout(["redeliver"], env);
    assert.equal(noSince.code, 2);
    assert.match(noSince.stderr, /needs --since/);
    const badSince = await bugscout(["redeliver", "--since", "yesterday-ish"], env);
    assert.match(badSince.stderr, /--since takes an ISO time or an age/);
    const noApp = await bugscout(["redeliver", "--since", "6h"], { GHE_HOST: fake.host, GHE_PROTOCOL: "http" });
    assert.match(noApp.stderr, /needs APP_ID/);
    assert.doesNotMatch(noApp.stderr + badSince.stderr, /BEGIN RSA/);
  });
});
