import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { buildLexicalIndex } from "../../src/rank/lexical/lexical-index.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { openIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { renderFrame } from "../../src/triage/render-frame.js";
import { makeTempDir } from "../index/temp-tree.js";

/** A payments service (Go) and a shop package (Python): `test/fixtures/trace-repo`. */
const FIXTURE = join(import.meta.dirname, "../fixtures/trace-repo");

async function indexFixture(t: import("node:test").TestContext) {
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const indexer = await createIndexer();
  t.after(() => indexer.dispose());
  await indexer.refresh(store, FIXTURE);
  return buildLexicalIndex(store.loadCorpus());
}

const GO_PANIC = [
  "paymentsd panics on refund",
  "panic: assignment to entry in nil map",
  "",
  "goroutine 1 [running]:",
  "github.com/acme/payments/refunds.(*Service).Refund(0xc000012080, {0x7ffc3a1b2e41, 0x5}, 0x4b0)",
  "\t/home/ci/go/src/github.com/acme/payments/refunds/refund.go:49 +0x1b4",
  "main.main()",
  "\t/home/ci/go/src/github.com/acme/payments/cmd/paymentsd/main.go:31 +0x12f",
].join("\n");

test("a Go panic: the frame that panicked leads; main, which only started the work, weighs less", async (t) => {
  const index = await indexFixture(t);
  const ranked = rankLexical(index, GO_PANIC);
  assert.deepEqual(ranked.slice(0, 2).map((f) => f.path), ["refunds/refund.go", "cmd/paymentsd/main.go"]);
  const frame = ranked[0].evidence.mention!;
  assert.equal(renderFrame(ranked[0].path, frame), "refunds/refund.go:49 in Refund");
  // Without the entry-point weighing, the binary's name in the title puts main.go first.
  assert.equal(rankLexical(index, GO_PANIC, { entryFrames: 1 })[0].path, "cmd/paymentsd/main.go");
});

test("a library frame matched by its file name alone is not the repository's file; one matched with its folders is", async (t) => {
  const index = await indexFixture(t);
  const ranked = rankLexical(index, [
    "Checkout fails for a coupon over 100%",
    "Traceback (most recent call last):",
    '  File "/usr/lib/python3.11/threading.py", line 1045, in _bootstrap_inner',
    '  File "/srv/app/venv/lib/python3.11/site-packages/werkzeug/api.py", line 880, in handle',
    '  File "/srv/app/venv/lib/python3.11/site-packages/shop/pricing.py", line 10, in apply_discount',
    "ValueError: negative total",
  ].join("\n"));
  assert.equal(ranked[0].path, "python/shop/pricing.py");
  assert.equal(renderFrame(ranked[0].path, ranked[0].evidence.mention!), "python/shop/pricing.py:10 in apply_discount");
  // `werkzeug/api.py` shares only its file name with `python/shop/api.py`: a library's file, not this tree's.
  const api = ranked.find((f) => f.path === "python/shop/api.py");
  assert.ok(api === undefined || api.evidence.mention === undefined, "python/shop/api.py is not credited the library's frame");
});

test("a helper that only reports the error is not the crash site: the frame that called it leads", async (t) => {
  const index = await indexFixture(t);
  const trace = [
    "Checkout refuses a coupon of exactly 100%",
    "Traceback (most recent call last):",
    '  File "/srv/app/venv/lib/python3.11/site-packages/shop/cart.py", line 18, in check_coupon',
    '  File "/srv/app/venv/lib/python3.11/site-packages/shop/pricing.py", line 24, in _report_invalid',
    "ValueError: invalid coupon FREE",
  ].join("\n");
  const ranked = rankLexical(index, trace);
  assert.equal(ranked[0].path, "python/shop/cart.py", ranked.map((f) => f.path).join(", "));
  assert.equal(renderFrame(ranked[0].path, ranked[0].evidence.mention!), "python/shop/cart.py:18 in check_coupon");
  // Named like any other function, the innermost frame's file leads.
  const plain = rankLexical(index, trace.replace("_report_invalid", "validate_coupon"));
  assert.equal(plain[0].path, "python/shop/pricing.py");
});
