import assert from "node:assert/strict";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { after, before, test, type TestContext } from "node:test";
import {
  CONTENT_VERSION_KEY, indexTree, type AnalyzeInput, type IndexTreeOptions,
} from "../../src/index/index-tree.js";
import { emptySkipCounts } from "../../src/index/select-files.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import { openIndexStore, type SqliteIndexStore } from "../../src/store/open-index-store.js";
import { makeTempDir, removeFiles, writeTree, type TreeSpec } from "./temp-tree.js";

let extractor: SymbolExtractor;
before(async () => {
  extractor = await createSymbolExtractor({ languages: ["python"] });
});
after(() => extractor.dispose());

/** A stand-in for the ranker's analysis: records each call and encodes the symbol names it saw. */
function countingAnalyze(): { analyze: (input: AnalyzeInput) => Uint8Array; paths: string[] } {
  const paths: string[] = [];
  const analyze = (input: AnalyzeInput): Uint8Array => {
    paths.push(input.path);
    return new TextEncoder().encode(`${input.language}:${input.symbols.map((s) => s.qualifiedName).join(",")}`);
  };
  return { analyze, paths };
}

/** `count` python modules `pkg/mod_00.py`… each defining one function named after the module and `version`. */
function modules(count: number, version = 1): TreeSpec {
  const spec: TreeSpec = {};
  for (let i = 0; i < count; i++) {
    const name = `mod_${String(i).padStart(2, "0")}`;
    spec[`pkg/${name}.py`] = `def ${name}_v${version}():\n    return ${i}\n`;
  }
  return spec;
}

interface Harness {
  readonly root: string;
  readonly store: SqliteIndexStore;
  run(overrides?: Partial<IndexTreeOptions>): ReturnType<typeof indexTree>;
  readonly calls: string[];
}

function setUp(t: TestContext, spec: TreeSpec): Harness {
  const root = makeTempDir(t);
  writeTree(root, spec);
  const store = openIndexStore(join(makeTempDir(t, "bugscout-store-"), "index.sqlite"));
  t.after(() => store.close());
  const counting = countingAnalyze();
  let clock = Date.UTC(2026, 0, 2, 3, 4, 5);
  return {
    root, store, calls: counting.paths,
    run: (overrides = {}) => {
      counting.paths.length = 0;
      return indexTree({ root, store, extractor, analyze: counting.analyze, now: () => (clock += 250), ...overrides });
    },
  };
}

test("a cold index analyses every file and stores symbols, analysis and meta", async (t) => {
  const h = setUp(t, { ...modules(3), "node_modules/x/index.js": "x\n", "logo.png": "png" });

  const report = await h.run({ meta: { commit: "c0ffee" } });

  assert.deepEqual(report, {
    files: 3, analyzed: 3, reused: 0, removed: 0, generation: 1, ms: 500, // three clock reads, 250 ms apart
    skipped: { ...emptySkipCounts(), vendored: 1, binary: 1 },
  });
  assert.deepEqual(h.calls, ["pkg/mod_00.py", "pkg/mod_01.py", "pkg/mod_02.py"]);
  const [first] = h.store.loadCorpus();
  assert.deepEqual({ ...first, analysis: Buffer.from(first.analysis).toString() }, {
    path: "pkg/mod_00.py", hash: first.hash, language: "python", lineCount: 2, analysis: "python:mod_00_v1",
    symbols: [{ name: "mod_00_v1", qualifiedName: "mod_00_v1", kind: "function", startLine: 1, endLine: 2 }],
  });
  assert.equal(h.store.getMeta("commit"), "c0ffee");
  assert.equal(h.store.getMeta("indexed_at"), "2026-01-02T03:04:05.500Z");
});

test("re-indexing after 10 of 30 files changed analyses exactly those 10", async (t) => {
  const h = setUp(t, modules(30));
  await h.run();

  const again = await h.run();
  assert.deepEqual([again.analyzed, again.reused, again.generation, h.calls.length], [0, 30, 1, 0]);

  const changed = Object.fromEntries(Object.entries(modules(30, 2)).filter((_, i) => i % 3 === 0));
  writeTree(h.root, changed);
  const report = await h.run();

  assert.deepEqual([report.files, report.analyzed, report.reused, report.removed, report.generation],
    [30, 10, 20, 0, 2]);
  assert.deepEqual(h.calls, Object.keys(changed));
  const names = h.store.loadCorpus().map((f) => f.symbols[0].name);
  assert.deepEqual(names.filter((n) => n.endsWith("_v2")), Object.keys(changed).map((p) => `${p.slice(4, -3)}_v2`));
  // The ten old contents are no longer referenced: collected.
  assert.equal(h.store.db.prepare("SELECT count(*) FROM blobs").pluck().get(), 30);
});

test("removed files leave the index and a renamed file reuses its stored content", async (t) => {
  const h = setUp(t, modules(5));
  await h.run();

  removeFiles(h.root, ["pkg/mod_01.py", "pkg/mod_02.py"]);
  renameSync(join(h.root, "pkg/mod_03.py"), join(h.root, "pkg/renamed.py"));
  const report = await h.run();

  assert.deepEqual([report.files, report.analyzed, report.reused, report.removed], [3, 0, 3, 3]);
  assert.deepEqual(h.calls, []);
  assert.deepEqual(h.store.loadCorpus().map((f) => `${f.path} ${f.symbols[0].qualifiedName}`),
    ["pkg/mod_00.py mod_00_v1", "pkg/mod_04.py mod_04_v1", "pkg/renamed.py mod_03_v1"]);
});

test("identical contents under several paths are analysed once", async (t) => {
  const body = "def shared():\n    pass\n";
  const h = setUp(t, { "a/util.py": body, "b/util.py": body, "c/other.py": "x = 1\n" });

  const report = await h.run();

  assert.deepEqual([report.files, report.analyzed, report.reused], [3, 2, 1]);
  assert.deepEqual(h.calls, ["a/util.py", "c/other.py"]);
  assert.deepEqual(h.store.loadCorpus().map((f) => f.symbols.map((s) => s.name).join()), ["shared", "shared", ""]);
});

test("a new analysis version re-analyses every stored content once", async (t) => {
  const h = setUp(t, modules(4));
  await h.run({ analysisVersion: "1" });

  const bumped = await h.run({ analysisVersion: "2" });
  const steady = await h.run({ analysisVersion: "2" });

  assert.deepEqual([bumped.analyzed, steady.analyzed], [4, 0]);
  assert.equal(h.store.getMeta(CONTENT_VERSION_KEY), `${extractor.version}|analysis-2`);
});

test("a failing analysis aborts the run with the file named, leaving the previous index whole", async (t) => {
  const h = setUp(t, modules(3));
  await h.run({ meta: { commit: "one" } });
  const before = h.store.loadCorpus();
  writeTree(h.root, { "pkg/mod_01.py": "def changed():\n    pass\n" });

  await assert.rejects(h.run({
    meta: { commit: "two" },
    analyze: () => {
      throw new RangeError("boom");
    },
  }), (error: Error) => error.message === "Content analysis failed for pkg/mod_01.py" &&
    error.cause instanceof RangeError);

  assert.deepEqual(h.store.loadCorpus(), before);
  assert.equal(h.store.getMeta("commit"), "one");
});

test("selection options apply and progress is reported through scan, apply and done", async (t) => {
  const h = setUp(t, { ...modules(3), "docs/guide.md": "# Guide\n" });
  const phases: string[] = [];

  const report = await h.run({
    selection: { exclude: ["docs/**"] },
    onProgress: (p) => phases.push(`${p.phase} ${p.files}/${p.analyzed}`),
  });

  assert.deepEqual(report.skipped, { ...emptySkipCounts(), excluded: 1 });
  assert.deepEqual(phases, ["apply 3/3", "done 3/3"]);
});

test("a missing root fails the run and keeps the stored tree", async (t) => {
  const h = setUp(t, modules(2));
  await h.run();

  await assert.rejects(h.run({ root: join(h.root, "does-not-exist") }), { message: "Cannot list the root of the tree" });

  assert.equal(h.store.loadCorpus().length, 2);
});
