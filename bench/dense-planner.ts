/**
 * The latency-budgeted planner on a django-sized repository against the fake Voyage server with realistic
 * latency: which mode each request runs, why, and how long it takes, for a cold and a warm embedding cache under
 * budgets of 0.5 s, 2 s and 10 s; and how long the background fill takes to turn cold into warm.
 * Usage: node --import tsx bench/dense-planner.ts <tree dir> <dataset.jsonl> [store path] [latencyMs=300] [msPerKToken=15]
 * The tree is read in place. The store (default: a temp file) is kept when given, so a second run skips indexing.
 * The fake answers after `latencyMs + tokens/1000 * msPerKToken` and has no tokens-per-minute cap, so the
 * planner is told the same (`tokensPerMinute: Infinity`); docs/dense.md discusses the real tier-1 cap.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDenseRuntime, type DenseRuntime } from "../src/embed/dense-runtime.js";
import { fillEmbeddings } from "../src/embed/fill-embeddings.js";
import { runDenseRanking, type DenseRankingDeps } from "../src/embed/run-dense-ranking.js";
import { createTreeSourceReader } from "../src/embed/source-reader.js";
import { createVoyageEmbedder } from "../src/embed/voyage-embedder.js";
import { parseDataset } from "../src/eval/dataset.js";
import { createFsTreeSource } from "../src/index/fs-tree-source.js";
import { buildLexicalIndex } from "../src/rank/lexical/lexical-index.js";
import { estimateFillMs, DEFAULT_PLAN_OPTIONS } from "../src/rank/plan-mode.js";
import { INITIAL_DENSE_STATS } from "../src/rank/plan-mode-stats.js";
import { rankLexical } from "../src/rank/signals/rank-lexical.js";
import { createEmbeddingRepo } from "../src/store/embedding-repo.js";
import { openIndexStore } from "../src/store/open-index-store.js";
import { createIndexer } from "../src/triage/create-indexer.js";
import { startFakeVoyage } from "../test/fakes/fake-voyage.js";

const [root, datasetPath, storeArg, latencyArg = "300", perKArg = "15"] = process.argv.slice(2);
if (!root || !datasetPath) throw new Error("usage: bench/dense-planner.ts <tree dir> <dataset.jsonl> [store] [latencyMs] [msPerKToken]");
const work = mkdtempSync(join(tmpdir(), "bugscout-planner-"));
const storePath = storeArg ?? join(work, "index.sqlite");
const BUDGETS = [500, 2_000, 10_000];
const REQUESTS = 3;
const plan = { tokensPerMinute: Infinity };
const issues = parseDataset(readFileSync(datasetPath, "utf8")).filter((r) => r.repo === "django/django").slice(0, REQUESTS).map((r) => r.body);
const log = (line: string) => process.stderr.write(`${line}\n`);

const fake = await startFakeVoyage({ latencyMs: Number(latencyArg), msPerKToken: Number(perKArg) });
const indexer = await createIndexer();
const store = openIndexStore(storePath);
try {
  let t = performance.now();
  const indexed = await indexer.refresh(store, root);
  log(`indexed ${indexed.files} files in ${Math.round(performance.now() - t)} ms`);
  const lexicalIndex = buildLexicalIndex(store.loadCorpus());
  const repo = createEmbeddingRepo(store.db);
  const source = createTreeSourceReader(createFsTreeSource(root));
  const makeDeps = (runtime: DenseRuntime): DenseRankingDeps => ({
    embedder: createVoyageEmbedder({ apiKey: "bench-key", baseUrl: fake.baseUrl, dims: 1024, dtype: "int8", onRequest: runtime.observe }),
    repo,
    source,
    rankLexical: (query) => rankLexical(lexicalIndex, query, { limit: 200 }),
    clock: { now: () => performance.now() },
    runtime,
  });
  const modelKey = makeDeps(createDenseRuntime()).embedder!.modelKey;
  const clear = () => store.db.exec("DELETE FROM embeddings; DELETE FROM chunks;");

  async function requests(label: string, runtime: DenseRuntime, budgetMs: number) {
    const rows = [];
    for (const [i, query] of issues.entries()) {
      const ranking = await runDenseRanking(makeDeps(runtime), { query, mode: "auto", budgetMs, limit: 10, plan });
      rows.push({ state: label, budgetMs, request: i + 1, mode: ranking.mode, ms: Math.round(ranking.ms), reason: ranking.reason });
      log(`${label} ${budgetMs} #${i + 1}: ${ranking.mode} ${Math.round(ranking.ms)} ms — ${ranking.reason}`);
    }
    return rows;
  }

  const rows = [];
  clear();
  const coldCoverage = repo.coverage(modelKey);
  for (const budget of BUDGETS) {
    const runtime = createDenseRuntime();
    rows.push(...(await requests("cold", runtime, budget)));
    await runtime.stopFill();
    clear();
  }

  // Cold → warm: one full fill at the fake's realistic speed, as the background fill would run it.
  const learning = createDenseRuntime();
  const fillDeps = makeDeps(learning);
  t = performance.now();
  const report = await fillEmbeddings({ repo, embedder: fillDeps.embedder!, source }, { onProgress: (p) => log(`fill ${p.filesDone}/${p.files} files, ${p.embedded} units`) });
  const fillMs = Math.round(performance.now() - t);
  const requestsSent = fake.requests.filter((r) => r.inputType === "document" && r.status === 200).length;
  const warmCoverage = repo.coverage(modelKey);

  for (const budget of BUDGETS) rows.push(...(await requests("warm, fresh process", createDenseRuntime(), budget)));
  for (const budget of BUDGETS) rows.push(...(await requests("warm, long-running", learning, budget)));

  const summary = {
    tree: root,
    files: indexed.files,
    fake: { latencyMs: Number(latencyArg), msPerKToken: Number(perKArg) },
    cold: { units: coldCoverage.chunks, unchunkedContents: coldCoverage.unchunked, tokensEstimated: coldCoverage.missingTokens },
    fill: {
      outcome: report.outcome, contents: report.files, unitsEmbedded: report.embedded, tokensEstimated: report.tokensEstimated,
      requests: requestsSent, wallMs: fillMs,
      plannerEstimateWithPriorsMs: Math.round(estimateFillMs(coldCoverage.missingTokens, INITIAL_DENSE_STATS, { ...DEFAULT_PLAN_OPTIONS, ...plan })),
      plannerEstimateTier1Ms: Math.round(estimateFillMs(coldCoverage.missingTokens, INITIAL_DENSE_STATS, DEFAULT_PLAN_OPTIONS)),
      learnedStats: learning.stats,
    },
    warm: { units: warmCoverage.chunks, embedded: warmCoverage.embedded },
    requests: rows,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 1)}\n`);
} finally {
  store.close();
  indexer.dispose();
  await fake.close();
  rmSync(work, { recursive: true, force: true });
}
