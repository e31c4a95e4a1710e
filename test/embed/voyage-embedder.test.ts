import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { inspect } from "node:util";
import { EmbedError } from "../../src/embed/embed-error.js";
import { createVoyageEmbedder, type VoyageEmbedderOptions } from "../../src/embed/voyage-embedder.js";
import { deadVoyageUrl, startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";
import { fakeEmbedding } from "../fakes/fake-voyage-vectors.js";

const KEY = "pa-test-SECRET-0123456789";

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}

describe("voyage embedder against the fake server", () => {
  let fake: FakeVoyage;
  before(async () => {
    fake = await startFakeVoyage();
  });
  after(() => fake.close());

  function embedder(extra: Partial<VoyageEmbedderOptions> = {}) {
    fake.requests.length = 0;
    fake.embedded.length = 0;
    return createVoyageEmbedder({ apiKey: KEY, baseUrl: fake.baseUrl, dims: 64, ...extra });
  }

  test("returns vectors in input order with model, dims and input type on the wire", async () => {
    const e = embedder();
    const texts = ["def save(self): pass", "class Loader: pass", "def load(path): ..."];
    const vectors = await e.embedDocuments(texts);
    assert.equal(e.modelKey, "voyage-code-3/64/float");
    assert.deepEqual(vectors.map((v) => v.length), [64, 64, 64]);
    texts.forEach((t, i) => assert.ok(Math.abs(cosine(vectors[i], fakeEmbedding(t, 64)) - 1) < 1e-6));
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0].inputType, "document");
    assert.equal(fake.requests[0].outputDimension, 64);
    const q = await e.embedQuery("crash when calling save");
    assert.equal(fake.requests[1].inputType, "query");
    assert.ok(cosine(q, vectors[0]) > cosine(q, vectors[1]), "a query about save is nearer the save chunk");
  });

  test("decodes base64 float and int8 vectors, and plain arrays from a server that ignores base64", async () => {
    const text = "def save(self, items): write items";
    const expected = fakeEmbedding(text, 64);
    const [b64] = await embedder().embedDocuments([text]);
    assert.equal(fake.requests[0].encodingFormat, "base64");
    assert.deepEqual(Array.from(b64), Array.from(expected));
    const [int8] = await embedder({ dtype: "int8" }).embedDocuments([text]);
    assert.deepEqual(Array.from(int8), Array.from(expected, (x) => Math.round(x * 127)));
    fake.configure({ plainArrays: true });
    try {
      const [plain] = await embedder().embedDocuments([text]);
      assert.ok(plain.every((x, i) => Math.abs(x - expected[i]) < 1e-6));
    } finally {
      fake.configure({ plainArrays: false });
    }
  });

  test("splits requests at 1,000 inputs and at the token limit", async () => {
    const e = embedder({ limits: { maxInputs: 1000, maxTokens: 120_000, maxInputTokens: 32_000, charsPerToken: 3 } });
    await e.embedDocuments(Array.from({ length: 2500 }, (_, i) => `def f${i}(): pass`));
    assert.deepEqual(fake.requests.map((r) => r.inputs.length).sort((a, b) => b - a), [1000, 1000, 500]);

    const big = "x".repeat(90_000); // 30,000 estimated tokens each: 4 fit in 120,000
    const e2 = embedder();
    await e2.embedDocuments(Array.from({ length: 9 }, () => big));
    assert.deepEqual(fake.requests.map((r) => r.inputs.length).sort((a, b) => b - a), [4, 4, 1]);
  });

  test("truncates a single oversized unit to the per-input token cap", async () => {
    const e = embedder();
    await e.embedDocuments(["y".repeat(200_000)]);
    assert.equal(fake.embedded[0].length, 96_000); // 32,000 tokens x 3 chars
  });

  test("halves a batch the service rejects as too large, until each part fits", async () => {
    fake.configure({ charsPerToken: 1 }); // the service counts 3x more tokens than we estimated
    try {
      const e = embedder({ concurrency: 1 });
      const texts = Array.from({ length: 8 }, (_, i) => `${i}`.padEnd(70_000, "z")); // 23,334 tokens estimated, 70,000 counted
      const vectors = await e.embedDocuments(texts);
      assert.equal(vectors.length, 8);
      const statuses = fake.requests.map((r) => `${r.status}:${r.inputs.length}`);
      // planned as 5 + 3 inputs; each rejected batch is halved until single inputs fit
      const expected = ["400:5", "400:2", "200:1", "200:1", "400:3", "200:1", "400:2", "200:1", "200:1", "400:3", "200:1", "400:2", "200:1", "200:1"];
      assert.deepEqual(statuses, expected);
      assert.deepEqual(fake.embedded.map((t) => t[0]), ["0", "1", "2", "3", "4", "5", "6", "7"]);
    } finally {
      fake.configure({ charsPerToken: 4 });
    }
  });

  test("waits for Retry-After on 429, then succeeds", async () => {
    const waits: number[] = [];
    const e = embedder({ sleep: async (ms) => void waits.push(ms) });
    fake.failNext(2, { status: 429, retryAfter: "3" });
    const [v] = await e.embedDocuments(["def save(): pass"]);
    assert.equal(v.length, 64);
    assert.deepEqual(waits, [3000, 3000]);
    assert.deepEqual(fake.requests.map((r) => r.status), [429, 429, 200]);
  });

  test("a Retry-After beyond the policy's patience fails at once as rate-limited", async () => {
    const e = embedder({ sleep: async () => assert.fail("must not sleep") });
    fake.failNext(1, { status: 429, retryAfter: "120" });
    await assert.rejects(e.embedQuery("save"), (error: unknown) => error instanceof EmbedError && error.kind === "rate-limited" && error.status === 429);
    assert.equal(fake.requests.length, 1);
  });

  test("backs off exponentially on 5xx and gives up after the last attempt", async () => {
    const waits: number[] = [];
    const e = embedder({ sleep: async (ms) => void waits.push(ms), random: () => 0 });
    fake.failNext(4, { status: 503 });
    await assert.rejects(e.embedDocuments(["a", "b"]), (error: unknown) => error instanceof EmbedError && error.kind === "server" && error.status === 503 && error.attempts === 4);
    assert.deepEqual(waits, [500, 1000, 2000]);
    assert.equal(fake.requests.length, 4);

    fake.failNext(1, { status: 500 });
    const e2 = embedder({ sleep: async () => undefined });
    assert.equal((await e2.embedDocuments(["a"])).length, 1);
    assert.deepEqual(fake.requests.map((r) => r.status), [500, 200]);
  });

  test("times out a slow request and reports kind timeout", async () => {
    fake.configure({ latencyMs: 2_000 });
    try {
      const e = embedder({ timeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10, maxRetryAfterMs: 0, jitter: 0 } });
      const started = Date.now();
      await assert.rejects(e.embedQuery("save"), (error: unknown) => error instanceof EmbedError && error.kind === "timeout" && error.attempts === 2);
      assert.ok(Date.now() - started < 1_500, "gave up long before the fake answered");
    } finally {
      fake.configure({ latencyMs: 0 });
    }
  });

  test("a caller's abort ends the call with kind aborted", async () => {
    fake.configure({ latencyMs: 2_000 });
    try {
      const e = embedder();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(e.embedDocuments(["a"], { signal: controller.signal }), (error: unknown) => error instanceof EmbedError && error.kind === "aborted");
    } finally {
      fake.configure({ latencyMs: 0 });
    }
  });

  test("a dead server is unreachable after bounded retries", async () => {
    const e = createVoyageEmbedder({ apiKey: KEY, baseUrl: await deadVoyageUrl(), dims: 64, timeoutMs: 1_000, sleep: async () => undefined });
    await assert.rejects(e.embedQuery("save"), (error: unknown) => error instanceof EmbedError && error.kind === "unreachable" && error.attempts === 4);
  });

  test("the API key never appears in errors or logs, even when the service echoes it", async () => {
    const lines: string[] = [];
    const logger = { info: (m: object, s: string) => lines.push(s + JSON.stringify(m)), warn: (m: object, s: string) => lines.push(s + JSON.stringify(m)) };
    fake.configure({ apiKey: "the-right-key" });
    try {
      const e = embedder({ logger });
      const error = await e.embedQuery("save").then(() => assert.fail("expected auth failure"), (x: unknown) => x);
      assert.ok(error instanceof EmbedError && error.kind === "auth" && error.status === 401);
      fake.configure({ apiKey: undefined });
      fake.failNext(1, { status: 500, body: { detail: `upstream saw Authorization: Bearer ${KEY}` } });
      fake.failNext(3, { status: 400, body: { detail: `bad request from key ${KEY}` } });
      const e2 = embedder({ logger, sleep: async () => undefined });
      const error2 = await e2.embedQuery("save").then(() => assert.fail("expected rejection"), (x: unknown) => x);
      assert.ok(error2 instanceof EmbedError && error2.kind === "rejected");
      for (const text of [error.message, error.stack ?? "", inspect(error), JSON.stringify(error), error2.message, error2.stack ?? "", inspect(error2, { depth: 10 }), ...lines]) {
        assert.ok(!text.includes(KEY), `key leaked into: ${text}`);
      }
      assert.match(error2.message, /bad request from key \[redacted\]/);
      assert.equal(lines.length, 1, "the 500 was logged once as a retry");
    } finally {
      fake.configure({ apiKey: undefined });
      fake.failNext(0, { status: 0 });
    }
  });
});
