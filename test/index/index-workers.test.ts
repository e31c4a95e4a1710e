import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import { test, type TestContext } from "node:test";
import { indexTree } from "../../src/index/index-tree.js";
import { serveBlobRequests } from "../../src/index/serve-blob-requests.js";
import { deferSymbolExtractor } from "../../src/index/symbols/defer-symbol-extractor.js";
import { createWorkerBlobBuilder, type WorkerBlobBuilder } from "../../src/index/worker-blob-builder.js";
import { analyzeToBytes } from "../../src/rank/lexical/analyze-content.js";
import { openIndexStore, type SqliteIndexStore } from "../../src/store/open-index-store.js";
import { createIndexer } from "../../src/triage/create-indexer.js";
import { makeTempDir, writeTree, type TreeSpec } from "./temp-tree.js";

const WORKERS = join(import.meta.dirname, "workers");
const workerUrl = (name: string) => new URL(`./workers/${name}`, import.meta.url);

/** `count` small Python modules, plus `extra`. */
function pythonTree(count: number, extra: TreeSpec = {}): TreeSpec {
  const spec: TreeSpec = { ...extra };
  for (let i = 0; i < count; i++) spec[`pkg/mod_${i}.py`] = `def handler_${i}(request):\n    return request.get(${i})\n`;
  return spec;
}

function setUp(t: TestContext, spec: TreeSpec): { root: string; store: SqliteIndexStore; storePath: string } {
  const root = makeTempDir(t);
  writeTree(root, spec);
  const storePath = join(makeTempDir(t, "bugscout-store-"), "index.sqlite");
  const store = openIndexStore(storePath);
  t.after(() => store.close());
  return { root, store, storePath };
}

/** Indexes `root` with `builder` building the new contents; the builder is stopped when the test ends. */
function indexWith(t: TestContext, root: string, store: SqliteIndexStore, builder: WorkerBlobBuilder) {
  t.after(() => builder.dispose());
  return indexTree({ root, store, extractor: deferSymbolExtractor(), analyze: analyzeToBytes, builder });
}

test("a warmed pool fails the first build with its worker's error, as a cold one does", async (t) => {
  const { root, store } = setUp(t, pythonTree(40));
  const builder = createWorkerBlobBuilder({ entry: workerUrl("exiting-worker.mjs"), threads: 2 });
  builder.warm();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await assert.rejects(indexWith(t, root, store, builder), /^Error: index worker [12] of 2 exited unexpectedly \(code 7\)$/);
  assert.deepEqual(store.listFiles(), []);
});

test("a worker that exits fails the index with an error naming it, and the stored tree is untouched", async (t) => {
  const { root, store } = setUp(t, pythonTree(40));
  const builder = createWorkerBlobBuilder({ entry: workerUrl("exiting-worker.mjs"), threads: 2 });
  await assert.rejects(indexWith(t, root, store, builder), /^Error: index worker [12] of 2 exited unexpectedly \(code 7\)$/);
  assert.deepEqual(store.listFiles(), []);
  assert.equal(store.generation(), 0);
});

test("a worker's uncaught exception fails the index with its message", async (t) => {
  const { root, store } = setUp(t, pythonTree(40));
  const builder = createWorkerBlobBuilder({ entry: workerUrl("throwing-worker.mjs"), threads: 2 });
  await assert.rejects(indexWith(t, root, store, builder), (error: Error) => {
    assert.match(error.message, /^index worker [12] of 2 failed: boom outside a request$/);
    assert.equal((error.cause as Error).message, "boom outside a request");
    return true;
  });
  assert.deepEqual(store.listFiles(), []);
});

test("a content analysis failing in a worker fails the index naming the file, as on one thread", async (t) => {
  const { root, store } = setUp(t, pythonTree(300, { "bad/broken.py": "def broken():\n    pass\n" }));
  const builder = createWorkerBlobBuilder({ entry: workerUrl("failing-analysis-worker.mjs"), threads: 2 });
  await assert.rejects(indexWith(t, root, store, builder), (error: Error) => {
    assert.equal(error.message, "Content analysis failed for bad/broken.py");
    assert.match(String((error.cause as Error).message), /cannot analyse bad\/broken\.py/);
    return true;
  });
  assert.deepEqual(store.listFiles(), []);
});

test("workers whose grammars differ from the indexer's announced version refuse to build", async (t) => {
  const { root, store } = setUp(t, pythonTree(3));
  // The indexer announces a Python-only extractor's version; the workers load every grammar.
  const indexer = await createIndexer(deferSymbolExtractor({ languages: ["python"] }), { threads: 2 });
  t.after(() => indexer.dispose());
  await assert.rejects(indexer.refresh(store, root), /index worker [12] of 2 failed: the worker's symbol extractor version .* differs from the indexer's/);
  assert.deepEqual(store.listFiles(), []);
});

for (const [name, mode, expected] of [
  ["a process that indexes with workers and never disposes them still exits", "index", "30 files, 30 analysed\n"],
  ["a process that warms workers and never uses them still exits", "warm-only", "warmed\n"],
] as const) {
  test(name, async (t) => {
    const { root, storePath } = setUp(t, pythonTree(30));
    const child = spawn(process.execPath, ["--import", "tsx", join(WORKERS, "index-and-leave.ts"), root, storePath, mode],
      { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on("exit", (c, s) => resolve([c, s])));
    clearTimeout(timer);
    assert.equal(signal, null, `the process hung and was killed: ${out}${err}`);
    assert.equal(code, 0, err);
    assert.equal(out, expected);
  });
}

/** A one-byte content to hand a builder or a worker port directly. */
const tinyContent = (path: string) => ({ path, hash: path, size: 1, language: "python" as const, bytes: new Uint8Array([120]) });

test("a worker answers its requests in the order sent, even when the first waits and the next would not", async () => {
  const channel = new MessageChannel();
  const started: string[] = [];
  serveBlobRequests(channel.port2, async (contents) => {
    started.push(contents[0]!.path);
    // The first request waits (as for a grammar still loading); the second is ready at once.
    if (contents[0]!.path === "slow.py") await new Promise((resolve) => setTimeout(resolve, 50));
    return [];
  });
  const replies: number[] = [];
  const done = new Promise<void>((resolve) => {
    channel.port1.on("message", (reply: { id: number }) => {
      replies.push(reply.id);
      if (replies.length === 2) resolve();
    });
  });
  channel.port1.postMessage({ id: 1, contents: [tinyContent("slow.py")] });
  channel.port1.postMessage({ id: 2, contents: [tinyContent("fast.py")] });
  await done;
  channel.port1.close();
  assert.deepEqual(replies, [1, 2]);
  assert.deepEqual(started, ["slow.py", "fast.py"]);
});

test("a batch of a few requests is shared among the workers, not sent to the first in full", async () => {
  const builder = createWorkerBlobBuilder({ entry: workerUrl("thread-tagging-worker.mjs"), threads: 2, chunkSize: 16 });
  try {
    // Four requests: as many as one worker may hold.
    const records = await builder.build(Array.from({ length: 64 }, (_, i) => tinyContent(`m${i}.py`)));
    assert.equal(records.length, 64);
    const byThread = new Map<string, number>();
    for (const record of records) byThread.set(record.hash, (byThread.get(record.hash) ?? 0) + 1);
    assert.deepEqual([...byThread.values()], [32, 32]);
  } finally {
    await builder.dispose();
  }
});
