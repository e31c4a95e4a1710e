import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { EmbedError } from "../../src/embed/embed-error.js";
import { createVoyageReranker } from "../../src/embed/voyage-reranker.js";
import { deadVoyageUrl, startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";

const DOCS = [
  "pantry/cli.py\ndef main(argv): parse arguments and print the pantry list",
  "pantry/store.py\ndef save(self, items): self.root.write_text(json.dumps(items))",
  "pantry/recipes.py\ndef suggest_recipe(items): match ingredients to recipes",
];

describe("voyage reranker against the fake server", () => {
  let fake: FakeVoyage;
  before(async () => {
    fake = await startFakeVoyage();
  });
  after(() => fake.close());

  test("orders documents by relevance, honours topK and sends model and documents", async () => {
    const reranker = createVoyageReranker({ apiKey: "k", baseUrl: fake.baseUrl });
    const results = await reranker.rerank("save crashes when writing items to json", DOCS);
    assert.deepEqual(results.map((r) => r.index), [1, 2, 0]);
    assert.ok(results[0].score > results[1].score);
    const top = await reranker.rerank("suggest a recipe from ingredients", DOCS, { topK: 1 });
    assert.deepEqual(top.map((r) => r.index), [2]);
    assert.equal(fake.requests.at(-1)?.path, "/v1/rerank");
    assert.deepEqual(fake.reranked.slice(-3), DOCS);
  });

  test("truncates documents so the request fits the token budget", async () => {
    const reranker = createVoyageReranker({ apiKey: "k", baseUrl: fake.baseUrl, maxTotalTokens: 3_000, charsPerToken: 3 });
    await reranker.rerank("q", ["a".repeat(50_000), "b".repeat(50_000)]);
    assert.deepEqual(fake.reranked.slice(-2).map((d) => d.length), [4_497, 4_497]); // (3,000 - 1 x 2) / 2 tokens x 3 chars
  });

  test("retries a 5xx, and fails typed when the service stays down or is dead", async () => {
    const waits: number[] = [];
    const reranker = createVoyageReranker({ apiKey: "k", baseUrl: fake.baseUrl, sleep: async (ms) => void waits.push(ms), random: () => 0 });
    fake.failNext(1, { status: 502 });
    assert.equal((await reranker.rerank("save", DOCS)).length, 3);
    assert.deepEqual(waits, [500]);
    fake.failNext(4, { status: 500 });
    await assert.rejects(reranker.rerank("save", DOCS), (e: unknown) => e instanceof EmbedError && e.kind === "server" && e.attempts === 4);
    const dead = createVoyageReranker({ apiKey: "k", baseUrl: await deadVoyageUrl(), sleep: async () => undefined });
    await assert.rejects(dead.rerank("save", DOCS), (e: unknown) => e instanceof EmbedError && e.kind === "unreachable");
  });
});
