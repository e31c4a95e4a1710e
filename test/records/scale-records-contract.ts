import assert from "node:assert/strict";
import { it } from "node:test";
import type { ScaleRecords } from "../../src/records/scale-records.js";

/**
 * The behaviour every ScaleRecords implementation must have. `open` returns a fresh, empty store each call; a
 * second `open` with the same `shared` name must see the first one's records (two processes on one store).
 */
export function scaleRecordsContract(open: (shared: string) => Promise<ScaleRecords>): void {
  it("remembers processed deliveries, idempotently, and prunes old ones", async () => {
    const records = await open("deliveries");
    try {
      assert.equal(await records.deliveries.wasProcessed("d-1"), false);
      await records.deliveries.markProcessed("d-1", 1_000);
      await records.deliveries.markProcessed("d-1", 5_000);
      await records.deliveries.markProcessed("d-2", 3_000);
      assert.equal(await records.deliveries.wasProcessed("d-1"), true);
      assert.equal(await records.deliveries.prune(2_000), 1);
      assert.equal(await records.deliveries.wasProcessed("d-1"), false);
      assert.equal(await records.deliveries.wasProcessed("d-2"), true);
      await records.ping();
    } finally {
      await records.close();
    }
  });

  it("keeps accepted deliveries until settled: one claim at a time, expired claims taken over, settled ones never pending", async () => {
    const records = await open("accepted");
    const delivery = (id: string, at: number) => ({ id, name: "issues", payload: { action: "opened", n: id }, receivedAt: at });
    try {
      assert.equal(await records.accepted.accept(delivery("a", 100)), true);
      assert.equal(await records.accepted.accept(delivery("a", 150)), false, "a redelivery changes nothing");
      assert.equal(await records.accepted.accept(delivery("b", 200)), true);
      assert.deepEqual(await records.accepted.pending(1_000, 1_000, 10), [delivery("a", 100), delivery("b", 200)]);
      assert.deepEqual(await records.accepted.pending(150, 1_000, 10), [delivery("a", 100)], "accepted before the bound only");

      assert.equal(await records.accepted.claim(delivery("a", 100), "w1", 1_000, 5_000), true);
      assert.equal(await records.accepted.claim(delivery("a", 100), "w2", 2_000, 6_000), false, "held by w1");
      assert.equal(await records.accepted.claim(delivery("a", 100), "w1", 2_000, 7_000), true, "w1 renews its own claim");
      assert.deepEqual((await records.accepted.pending(1_000, 3_000, 10)).map((d) => d.id), ["b"], "a claimed delivery is running, not pending");
      assert.deepEqual((await records.accepted.pending(1_000, 7_000, 10)).map((d) => d.id), ["a", "b"], "its claim expired: pending again");
      assert.equal(await records.accepted.claim(delivery("a", 100), "w2", 7_000, 9_000), true, "an expired claim is taken over");

      // A delivery the web role never recorded (queued before the durable accept) is recorded by its first claim.
      assert.equal(await records.accepted.claim(delivery("c", 300), "w1", 7_000, 9_000), true);
      await records.accepted.settle("a", 8_000);
      await records.accepted.settle("a", 8_500);
      await records.accepted.settle("c", 9_500);
      assert.deepEqual((await records.accepted.pending(10_000, 10_000, 10)).map((d) => d.id), ["b"]);
      assert.deepEqual((await records.accepted.pending(10_000, 10_000, 0)), []);
      assert.equal(await records.accepted.prune(9_000), 1, "only settled deliveries are forgotten");
      assert.equal(await records.accepted.accept(delivery("a", 11_000)), true, "forgotten: accepted anew");
    } finally {
      await records.close();
    }
  });

  it("admits at most `limit` events per key within the window, and refused events do not count", async () => {
    const records = await open("windows");
    try {
      const take = (key: string, now: number) => records.rateWindows.take(key, now, 1_000, 2);
      assert.deepEqual([await take("a", 0), await take("a", 100), await take("a", 200), await take("b", 200)], [true, true, false, true]);
      // At 1000 the event at 0 left the window; the refused one at 200 was never recorded.
      assert.equal(await take("a", 1_000), true);
      assert.equal(await take("a", 1_050), false);
      assert.equal(await take("a", 1_101), true);
    } finally {
      await records.close();
    }
  });

  it("decides atomically for concurrent callers sharing the store (two opened stores, 20 takes at once)", async () => {
    const first = await open("shared");
    const second = await open("shared");
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).rateWindows.take("k", 10, 60_000, 7)));
      assert.equal(results.filter(Boolean).length, 7);
      await first.deliveries.markProcessed("seen-by-both", 1);
      assert.equal(await second.deliveries.wasProcessed("seen-by-both"), true);
    } finally {
      await first.close();
      await second.close();
    }
  });
}
