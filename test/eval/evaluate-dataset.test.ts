import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDataset } from "../../src/eval/dataset.js";
import { evaluateDataset, type EvalDeps, type EvalProgress } from "../../src/eval/evaluate-dataset.js";
import { renderReport } from "../../src/eval/render-report.js";
import { classifyIssueText } from "../../src/issue-type/classify-issue-text.js";

const typeOf = (text: string) => classifyIssueText(text);

const jsonl = [
  { id: "acme-1", repo: "acme/app", base_commit: "c1", body: "cart total wrong", gold_files: ["cart.py"] },
  { id: "acme-2", repo: "acme/app", base_commit: "c2", body: "refund fails", gold_files: ["pay.py"] },
  { id: "zeta-1", repo: "zeta/lib", base_commit: "z1", body: "parser crash", gold_files: ["parse.py"], lang: "c" },
  { id: "acme-3", repo: "acme/app", base_commit: "c1", body: "discount lost", gold_files: ["cart.py"] },
  { id: "gone-1", repo: "gone/repo", base_commit: "g1", body: "anything", gold_files: ["x.py"] },
].map((r) => JSON.stringify(r)).join("\n") + "\n\n";

/** A fake world: fixed rankings per tree, a tree that cannot be opened, a ticking clock. */
function fakeDeps() {
  const calls: string[] = [];
  const lines: string[] = [];
  const progress: EvalProgress[] = [];
  let clock = 0;
  const rankings: Record<string, string[]> = {
    "acme/app@c1": ["cart.py", "pay.py"],
    "acme/app@c2": ["cart.py", "pay.py"],
    "zeta/lib@z1": ["lex.py", "a.py", "b.py", "c.py", "d.py", "parse.py"],
  };
  const deps: EvalDeps = {
    async openTree(repo, commit) {
      calls.push(`open ${repo}@${commit}`);
      const ranking = rankings[`${repo}@${commit}`];
      if (!ranking) throw new Error(`no tree for ${commit}`);
      return { rank: (text: string) => { calls.push(`rank ${text}`); clock += 5; return { paths: ranking, mode: "bm25" }; } };
    },
    closeRepo(repo) { calls.push(`close ${repo}`); },
    writeLine(line) { lines.push(line); },
    now: () => clock,
    onProgress: (p) => progress.push(p),
  };
  return { deps, calls, lines, progress };
}

test("opens each tree once, grouped by repository, and closes each repository", async () => {
  const { deps, calls } = fakeDeps();
  await evaluateDataset(deps, parseDataset(jsonl));
  assert.deepEqual(calls, [
    "open acme/app@c1", "rank cart total wrong", "rank discount lost", "open acme/app@c2", "rank refund fails", "close acme/app",
    "open gone/repo@g1", "close gone/repo",
    "open zeta/lib@z1", "rank parser crash", "close zeta/lib",
  ]);
});

test("with tree times, a repository's trees open oldest first; unknown times keep dataset order last", async () => {
  const { deps, calls } = fakeDeps();
  const times: Record<string, number> = { c1: 200, c2: 100, z1: 5 };
  await evaluateDataset({ ...deps, treeTime: (_repo, commit) => {
    if (!(commit in times)) throw new Error("no such tree");
    return times[commit];
  } }, parseDataset(jsonl));
  assert.deepEqual(calls.filter((c) => c.startsWith("open")), ["open acme/app@c2", "open acme/app@c1", "open gone/repo@g1", "open zeta/lib@z1"]);
});

test("writes one result line per row, with errors for trees that cannot be opened", async () => {
  const { deps, lines, progress } = fakeDeps();
  await evaluateDataset(deps, parseDataset(jsonl));
  assert.deepEqual(lines.map((l) => JSON.parse(l)), [
    { id: "acme-1", ranking: ["cart.py", "pay.py"], mode: "bm25", ms: 5, symbols: [], issue_type: typeOf("cart total wrong") },
    { id: "acme-3", ranking: ["cart.py", "pay.py"], mode: "bm25", ms: 5, symbols: [], issue_type: typeOf("discount lost") },
    { id: "acme-2", ranking: ["cart.py", "pay.py"], mode: "bm25", ms: 5, symbols: [], issue_type: typeOf("refund fails") },
    { id: "gone-1", ranking: [], mode: "none", ms: 0, symbols: [], issue_type: typeOf("anything"), error: "no tree for g1" },
    { id: "zeta-1", ranking: ["lex.py", "a.py", "b.py", "c.py", "d.py", "parse.py"], mode: "bm25", ms: 5, symbols: [], issue_type: typeOf("parser crash") },
  ]);
  // Each run line carries the kind of issue its text reads as (the shipped classifier, no labels).
  assert.ok(lines.every((l) => (JSON.parse(l) as { issue_type: { source: string } }).issue_type.source === "model"));
  assert.deepEqual(progress.map((p) => `${p.done}/${p.total} ${p.id}`), ["1/5 acme-1", "2/5 acme-3", "3/5 acme-2", "4/5 gone-1", "5/5 zeta-1"]);
});

test("metrics overall and per repository; failed rows count as misses", async () => {
  const { deps } = fakeDeps();
  const report = await evaluateDataset(deps, parseDataset(jsonl));
  assert.equal(report.errors, 1);
  assert.deepEqual(report.rows.map((r) => r.id), ["acme-1", "acme-2", "zeta-1", "acme-3", "gone-1"], "rows in dataset order");
  const acme = report.byRepo.get("acme/app")!;
  assert.deepEqual([acme.count, acme.hit[1], acme.hit[3]], [3, 2 / 3, 1]);
  assert.equal(report.byRepo.get("zeta/lib")!.hit[10], 1);
  assert.equal(report.byRepo.get("zeta/lib")!.hit[5], 0);
  assert.equal(report.overall.count, 5);
  assert.equal(report.overall.hit[1], 2 / 5);
  assert.ok(Math.abs(report.overall.mrr - (1 + 0.5 + 1 / 6 + 1 + 0) / 5) < 1e-12);
  assert.deepEqual([...report.byRepo.keys()], ["acme/app", "gone/repo", "zeta/lib"]);
});

test("pointers are written in the order shown and scored against the row's gold lines, per language and repository", async () => {
  const rows = [
    { id: "p-1", repo: "acme/app", base_commit: "c1", body: "cart total wrong", gold_files: ["cart.py"], gold_lines: { "cart.py": [[10, 12]] } },
    { id: "p-2", repo: "acme/app", base_commit: "c1", body: "refund fails", gold_files: ["pay.py"], gold_lines: { "pay.py": [[50, 50]] } },
    { id: "p-3", repo: "acme/app", base_commit: "c1", body: "no lines", gold_files: ["pay.py"] },
  ].map((r) => JSON.stringify(r)).join("\n");
  const lines: string[] = [];
  const pointers = [
    { path: "cart.py", name: "total", kind: "function", start: 8, end: 20 },
    { path: "pay.py", name: "Pay.charge", kind: "method", start: 30, end: 40 },
    { path: "pay.py", name: "Pay.refund", kind: "method", start: 45, end: 60 },
  ];
  const report = await evaluateDataset({
    openTree: async () => ({ rank: () => ({ paths: ["cart.py", "pay.py"], mode: "bm25", pointers }) }),
    writeLine: (line) => void lines.push(line),
    now: () => 0,
  }, parseDataset(rows));
  assert.deepEqual(JSON.parse(lines[0]).symbols, pointers);
  const p = report.pointers!.overall;
  // p-1: cart.py first, its pointer right. p-2: pay.py second, right only through its second pointer. p-3: no lines.
  assert.equal(p.count, 2);
  assert.deepEqual(p.acc, { 1: 0.5, 3: 1, 5: 1, 10: 1 });
  assert.equal(p.givenFile, 1 / 2);
  assert.deepEqual([...report.pointers!.byRepo.keys()], ["acme/app"]);
  assert.match(renderReport(report), /\| repository \| n \| ptr Acc@1 \|[^\n]*\n\|[-:|]+\n\| acme\/app \| 2 \| 0\.500 \| 1\.000 \| 1\.000 \| 1\.000 \| 0\.500 \| 0\.000 \| 12 \| – \| – \|/);
  // Each issue shows cart.py's first pointer (13 lines) and pay.py's (11): the median of 13, 11, 13, 11.
  assert.equal(p.medianLines, 12);
});

test("metrics per language: the row's lang, else its gold files' most common language", async () => {
  const { deps } = fakeDeps();
  const report = await evaluateDataset(deps, parseDataset(jsonl));
  assert.deepEqual([...report.byLanguage].map(([lang, m]) => [lang, m.count, m.hit[1]]), [["c", 1, 0], ["python", 4, 0.5]]);
  const mixed = parseDataset('{"id":"m","repo":"o/r","base_commit":"c","body":"b","gold_files":["a.h","a.cc","b.cc"]}');
  assert.equal(mixed[0].lang, "cpp");
});

test("the report renders one row per language, one per repository, each with the overall row", async () => {
  const { deps } = fakeDeps();
  const text = renderReport(await evaluateDataset(deps, parseDataset(jsonl)));
  assert.equal(text, [
    "| language | n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    "| c | 1 | 0.000 | 0.000 | 0.000 | 1.000 | 0.167 | 0.167 | 0.356 |",
    "| python | 4 | 0.500 | 0.750 | 0.750 | 0.750 | 0.625 | 0.625 | 0.658 |",
    "| **all** | 5 | 0.400 | 0.600 | 0.600 | 0.800 | 0.533 | 0.533 | 0.597 |",
    "",
    "| repository | n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    "| acme/app | 3 | 0.667 | 1.000 | 1.000 | 1.000 | 0.833 | 0.833 | 0.877 |",
    "| gone/repo | 1 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 |",
    "| zeta/lib | 1 | 0.000 | 0.000 | 0.000 | 1.000 | 0.167 | 0.167 | 0.356 |",
    "| **all** | 5 | 0.400 | 0.600 | 0.600 | 0.800 | 0.533 | 0.533 | 0.597 |",
    "",
    "1 row(s) failed and count as misses.",
  ].join("\n"));
});

test("dataset parsing: title fallback and errors with line numbers", () => {
  const rows = parseDataset('{"id":"a","repo":"o/r","base_commit":"c","title":"only a title","body":"","gold_files":[]}\n');
  assert.equal(rows[0].body, "only a title");
  assert.throws(() => parseDataset('\n{"id":"a"'), /dataset line 2: not JSON/);
  assert.throws(() => parseDataset('{"id":"a","repo":"o/r","base_commit":"c","body":"b","gold_files":"x.py"}'), /line 1: "gold_files"/);
});

test("run lines carry the default decision and the issue's type; the report gives the commented share and its precision per language", async () => {
  const { deps, lines } = fakeDeps();
  const comments: Record<string, boolean> = { "cart total wrong": true, "refund fails": true, "discount lost": false, "parser crash": true };
  const open = deps.openTree.bind(deps);
  deps.openTree = async (repo, commit) => {
    const tree = await open(repo, commit);
    return {
      rank: async (text, row) => ({
        ...(await tree.rank(text, row)), scores: [2, 1.5, 1, 1, 1, 1], comment: comments[text] ?? false,
        issueType: { type: "bug" as const, confidence: 0.9, source: "model" as const },
      }),
    };
  };
  const report = await evaluateDataset({ ...deps, shownCut: { minRelative: 0.4, topK: 5 } }, parseDataset(jsonl));
  const first = JSON.parse(lines.find((l) => l.includes('"acme-1"'))!);
  assert.equal(first.comment, true);
  assert.deepEqual(first.issue_type, { type: "bug", confidence: 0.9, source: "model" });
  const text = renderReport(report);
  // python: acme-1 (first file right), acme-2 (gold second, shown), acme-3 quiet, gone-1 failed (left out).
  assert.ok(text.includes([
    "| language | n | commented by default | first file right (commented) | gold among shown (commented) |",
    "|---|---:|---:|---:|---:|",
    "| c | 1 | 1.000 | 0.000 | 0.000 |",
    "| python | 3 | 0.667 | 0.500 | 1.000 |",
    "| **all** | 4 | 0.750 | 0.333 | 0.667 |",
  ].join("\n")), text);
});
