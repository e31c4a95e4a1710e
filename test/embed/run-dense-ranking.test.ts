import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { createDenseRanker } from "../../src/embed/create-dense-ranker.js";
import { createDenseRuntime, type DenseRuntime } from "../../src/embed/dense-runtime.js";
import { fillEmbeddings } from "../../src/embed/fill-embeddings.js";
import { runDenseRanking, type DenseRankingDeps } from "../../src/embed/run-dense-ranking.js";
import { createTreeSourceReader } from "../../src/embed/source-reader.js";
import { createVoyageEmbedder, type VoyageEmbedderOptions } from "../../src/embed/voyage-embedder.js";
import { createFsTreeSource } from "../../src/index/fs-tree-source.js";
import { createSymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { RankedFile } from "../../src/rank/types.js";
import { createEmbeddingRepo, type EmbeddingRepo } from "../../src/store/embedding-repo.js";
import { openIndexStore, type SqliteIndexStore } from "../../src/store/open-index-store.js";
import { deadVoyageUrl, startFakeVoyage, type FakeVoyage } from "../fakes/fake-voyage.js";
import { indexFixture, writeFixtureRepo } from "./fixture-repo.js";

const KEY = "pa-run-SECRET-9876543210";
/** A stand-in lexical ranker: deterministic, and visibly different from the dense order. */
const LEXICAL: RankedFile[] = [
  { path: "shop/report/m9.py", score: 3, evidence: { terms: ["report"] } },
  { path: "shop/invoice/m10.py", score: 2, evidence: { terms: ["invoice"], tests: { path: "tests/test_m10.py" } } },
];
const QUERY = "Crash in create_invoice when the invoice data is empty";

describe("runDenseRanking through the real client and the fake server", () => {
  let fake: FakeVoyage;
  let root: string;
  let store: SqliteIndexStore;
  let repo: EmbeddingRepo;
  let runtime: DenseRuntime;
  let logs: string[];
  let now: number;

  before(async () => {
    fake = await startFakeVoyage();
    root = writeFixtureRepo(20);
    store = openIndexStore(join(root, ".index.sqlite"));
    repo = createEmbeddingRepo(store.db);
    const extractor = await createSymbolExtractor({ languages: ["python"] });
    await indexFixture(root, store, extractor);
    extractor.dispose();
  });
  after(async () => {
    await runtime?.stopFill();
    store.close();
    rmSync(root, { recursive: true, force: true });
    await fake.close();
  });
  beforeEach(() => {
    // Fixed priors so the plans below do not depend on what earlier tests measured: 50 ms per request, slow throughput.
    runtime = createDenseRuntime({ requestLatencyMs: 50, msPerKToken: 200, loadMsPerKUnits: 5, samples: 1 });
    logs = [];
    now = 1_000_000;
    fake.configure({ latencyMs: 0, charsPerToken: 4 });
  });

  function deps(embedder: Partial<VoyageEmbedderOptions> | "none" = {}): DenseRankingDeps {
    const logger = { info: (m: object, s: string) => logs.push(`${s} ${JSON.stringify(m)}`), warn: (m: object, s: string) => logs.push(`${s} ${JSON.stringify(m)}`) };
    return {
      embedder: embedder === "none" ? undefined : createVoyageEmbedder({ apiKey: KEY, baseUrl: fake.baseUrl, dims: 64, logger, onRequest: runtime.observe, sleep: async () => undefined, ...embedder }),
      repo,
      source: createTreeSourceReader(createFsTreeSource(root)),
      rankLexical: () => LEXICAL,
      clock: { now: () => now },
      runtime,
      logger,
    };
  }

  function clearCache(): void {
    store.db.prepare("DELETE FROM embeddings").run();
    store.db.prepare("DELETE FROM chunks").run();
  }

  async function warm(): Promise<void> {
    const d = deps();
    const report = await fillEmbeddings({ repo, embedder: d.embedder!, source: d.source });
    assert.equal(report.outcome, "done");
  }

  test("no key: lexical with the reason", async () => {
    const ranking = await runDenseRanking(deps("none"), { query: QUERY, mode: "auto", budgetMs: 2_000, limit: 5 });
    assert.deepEqual([ranking.mode, ranking.reason], ["bm25", "no Voyage API key configured (VOYAGE_API_KEY): lexical ranking"]);
    assert.deepEqual(ranking.files.map((f) => f.path), ["shop/report/m9.py", "shop/invoice/m10.py"]);
  });

  test("cold and over budget: lexical now plus a background fill, then dense on the next request", async () => {
    clearCache();
    const d = deps();
    const first = await runDenseRanking(d, { query: QUERY, mode: "auto", budgetMs: 800, limit: 3 });
    assert.equal(first.mode, "bm25");
    assert.match(first.reason, /^embeddings 0% warm, ~\d+K? tokens to embed .* lexical now; filling embeddings in background$/);
    assert.ok(runtime.fill, "a fill is running");
    const report = await runtime.fill.done;
    assert.deepEqual([report.outcome, report.embedded], ["done", 100]);
    assert.equal(runtime.fill, undefined);

    const second = await runDenseRanking(d, { query: QUERY, mode: "dense", budgetMs: 2_000, limit: 3 });
    assert.equal(second.mode, "dense");
    assert.match(second.reason, /^embeddings 100% warm: dense/);
    assert.deepEqual(second.files.slice(0, 2).map((f) => f.path).sort(), ["shop/invoice/m0.py", "shop/invoice/m10.py"]);
    assert.equal(second.files[0].evidence.symbol?.name, "create_invoice");
    assert.ok(logs.some((l) => l.startsWith("ranking mode chosen") && l.includes('"mode":"dense"')));
  });

  test("warm: hybrid fuses the lexical and dense lists", async () => {
    await warm();
    const ranking = await runDenseRanking(deps(), { query: QUERY, mode: "auto", budgetMs: 2_000, limit: 3 });
    assert.equal(ranking.mode, "hybrid");
    assert.equal(ranking.files[0].path, "shop/invoice/m10.py", "first in dense or second, and second in lexical");
    assert.deepEqual(ranking.files[0].evidence.terms, ["invoice"]);
    assert.equal(ranking.files[0].evidence.symbol?.qualifiedName, "InvoiceManager10.create_invoice");
    assert.deepEqual(ranking.files[0].evidence.tests, { path: "tests/test_m10.py" }, "the lexical list's reasons survive the fusion");
    assert.ok(ranking.files.some((f) => f.path === "shop/report/m9.py"), "the lexical-only file is kept");
  });

  test("a cold small tree is embedded first when it fits the budget, within batch limits and through oversized-batch splitting", async () => {
    clearCache();
    fake.requests.length = 0;
    fake.configure({ charsPerToken: 0.02 }); // the fake counts far more tokens than estimated: every batch is too large at first
    const d = deps({ limits: { maxInputs: 16, maxTokens: 120_000, maxInputTokens: 32_000, charsPerToken: 3 } });
    runtime.stats = { ...runtime.stats, requestLatencyMs: 5, msPerKToken: 1, samples: 1 };
    const ranking = await runDenseRanking(d, { query: QUERY, mode: "dense", budgetMs: 10_000, limit: 3 });
    assert.equal(ranking.mode, "dense");
    assert.match(ranking.reason, /embedding the missing ~\d+K? tokens first/);
    assert.ok(fake.requests.some((r) => r.status === 400), "the fake rejected oversized batches");
    const documents = fake.requests.filter((r) => r.inputType === "document");
    assert.ok(documents.every((r) => r.inputs.length <= 16), "no request above maxInputs");
    assert.equal(documents.filter((r) => r.status === 200).reduce((n, r) => n + r.inputs.length, 0), 100, "each unit embedded once");
    assert.equal(ranking.files[0].path.startsWith("shop/invoice/"), true);
  });

  test("a slow service misses the deadline: lexical with the reason, then a cool-down", async () => {
    await warm();
    fake.configure({ latencyMs: 3_000 });
    const ranking = await runDenseRanking(deps(), { query: QUERY, mode: "auto", budgetMs: 700, limit: 3 });
    assert.deepEqual([ranking.mode, ranking.reason], ["bm25", "hybrid missed its 400 ms deadline: lexical fallback"]);
    assert.equal(ranking.files[0].path, "shop/report/m9.py");
    const next = await runDenseRanking(deps(), { query: QUERY, mode: "auto", budgetMs: 700, limit: 3 });
    assert.equal(next.reason, "dense skipped: the last Voyage call failed (deadline) 0 s ago");
  });

  test("429 with a long Retry-After, 5xx, a request timeout and a dead server all end in a lexical ranking with the reason", async () => {
    await warm();
    fake.failNext(1, { status: 429, retryAfter: "120" });
    const limited = await runDenseRanking(deps(), { query: QUERY, mode: "auto", budgetMs: 2_000, limit: 3 });
    assert.deepEqual([limited.mode, limited.reason], ["bm25", "hybrid failed (rate-limited 429): lexical fallback"]);

    runtime.stats = { ...runtime.stats, lastFailureAtMs: undefined };
    fake.failNext(4, { status: 503 });
    const down = await runDenseRanking(deps(), { query: QUERY, mode: "dense", budgetMs: 2_000, limit: 3 });
    assert.deepEqual([down.mode, down.reason], ["bm25", "dense failed (server 503): lexical fallback"]);

    runtime.stats = { ...runtime.stats, lastFailureAtMs: undefined };
    fake.configure({ latencyMs: 2_000 });
    const noRetry = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0, jitter: 0 };
    const timedOut = await runDenseRanking(deps({ timeoutMs: 100, retry: noRetry }), { query: QUERY, mode: "dense", budgetMs: 10_000, limit: 3 });
    assert.deepEqual([timedOut.mode, timedOut.reason], ["bm25", "dense failed (timeout): lexical fallback"]);
    fake.configure({ latencyMs: 0 });

    runtime.stats = { ...runtime.stats, lastFailureAtMs: undefined };
    const deadDeps = deps({ baseUrl: await deadVoyageUrl() });
    const dead = await runDenseRanking(deadDeps, { query: QUERY, mode: "auto", budgetMs: 2_000, limit: 3 });
    assert.deepEqual([dead.mode, dead.reason], ["bm25", "hybrid failed (unreachable): lexical fallback"]);
    assert.deepEqual(dead.files.map((f) => f.path), LEXICAL.map((f) => f.path));
    for (const line of logs) assert.ok(!line.includes(KEY), `key leaked into a log line: ${line}`);
  });

  test("a 429 within the budget is waited out and the ranking stays dense", async () => {
    await warm();
    const waits: number[] = [];
    fake.failNext(1, { status: 429, retryAfter: "1" });
    const ranking = await runDenseRanking(deps({ sleep: async (ms) => void waits.push(ms) }), { query: QUERY, mode: "dense", budgetMs: 5_000, limit: 3 });
    assert.equal(ranking.mode, "dense");
    assert.deepEqual(waits, [1_000]);
  });

  test("as the use-case's dense ranker: the path filter applies to the dense list, and lexical runs once", async () => {
    await warm();
    const { rankLexical: _unused, ...rest } = deps();
    const ranker = createDenseRanker(rest);
    let lexicalCalls = 0;
    const lexical = () => (lexicalCalls++, LEXICAL);
    const ranking = await ranker({ text: QUERY, top: 3, mode: "dense", budgetMs: 2_000 }, lexical, (path) => path !== "shop/invoice/m0.py");
    assert.equal(ranking.mode, "dense");
    assert.equal(ranking.files[0].path, "shop/invoice/m10.py");
    assert.ok(ranking.files.every((f) => f.path !== "shop/invoice/m0.py"));
    assert.equal(lexicalCalls, 0, "dense mode does not rank lexically");

    fake.failNext(4, { status: 500 });
    const fallback = await ranker({ text: QUERY, top: 3, mode: "hybrid", budgetMs: 2_000 }, lexical, () => true);
    assert.deepEqual([fallback.mode, fallback.reason, lexicalCalls], ["bm25", "hybrid failed (server 500): lexical fallback", 1]);
  });

  test("a matrix too slow to load within the budget is preloaded after a lexical answer, and the next request is dense", async () => {
    await warm();
    runtime.stats = { ...runtime.stats, requestLatencyMs: 20, loadMsPerKUnits: 10_000 }; // ~1 s to load 100 units
    const scheduled: (() => Promise<void>)[] = [];
    const d = { ...deps(), schedule: (job: () => Promise<void>) => void scheduled.push(job) };
    const first = await runDenseRanking(d, { query: QUERY, mode: "dense", budgetMs: 700, limit: 3 });
    assert.equal(first.mode, "bm25");
    assert.match(first.reason, /does not fit the \d+ ms budget/);
    assert.equal(scheduled.length, 1);
    await scheduled[0]();
    assert.ok(runtime.index, "the matrix is loaded");
    const second = await runDenseRanking(d, { query: QUERY, mode: "dense", budgetMs: 700, limit: 3 });
    assert.equal(second.mode, "dense");
  });
});
