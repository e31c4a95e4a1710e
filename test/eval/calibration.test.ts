import { test } from "node:test";
import assert from "node:assert/strict";
import { auroc, brierScore, buildCalibrationBins, shareBelow } from "../../src/eval/calibration.js";
import { parseDataset } from "../../src/eval/dataset.js";
import { evaluateDataset, type EvalDeps } from "../../src/eval/evaluate-dataset.js";
import { chooseNegativeTrees } from "../../src/eval/negative-trees.js";
import { renderReport } from "../../src/eval/render-report.js";

test("calibration bins count each confidence once, the last bin holding 1", () => {
  const bins = buildCalibrationBins([
    { confidence: 0, right: false }, { confidence: 0.05, right: true }, { confidence: 0.95, right: true }, { confidence: 1, right: false },
  ]);
  assert.equal(bins.length, 10);
  assert.deepEqual([bins[0].count, bins[0].hit1, bins[0].meanConfidence], [2, 0.5, 0.025]);
  assert.deepEqual([bins[9].count, bins[9].hit1, bins[9].meanConfidence], [2, 0.5, 0.975]);
  assert.ok(Number.isNaN(bins[5].hit1));
});

test("the Brier score is the mean squared gap between confidence and outcome", () => {
  assert.equal(brierScore([{ confidence: 1, right: true }, { confidence: 0, right: false }]), 0);
  assert.equal(brierScore([{ confidence: 0.5, right: true }, { confidence: 0.5, right: false }]), 0.25);
  assert.equal(brierScore([{ confidence: 0.9, right: false }]), 0.81);
  assert.ok(Number.isNaN(brierScore([])));
});

test("AUROC: 1 when every positive outscores every negative, 0.5 for ties, 0 reversed", () => {
  assert.equal(auroc([0.9, 0.8], [0.1, 0.2]), 1);
  assert.equal(auroc([0.5, 0.5], [0.5]), 0.5);
  assert.equal(auroc([0.1], [0.9, 0.8]), 0);
  assert.equal(auroc([0.9, 0.3], [0.5, 0.1]), 0.75);
  assert.ok(Number.isNaN(auroc([], [0.2])));
  assert.equal(shareBelow([0.1, 0.2, 0.3, 0.4], 0.3), 0.5);
});

const rows = [
  { id: "a-1", repo: "acme/app", base_commit: "c1", body: "cart total wrong", gold_files: ["cart.py"] },
  { id: "a-2", repo: "acme/app", base_commit: "c2", body: "refund fails", gold_files: ["pay.py"] },
  { id: "z-1", repo: "zeta/lib", base_commit: "z1", body: "parser crash", gold_files: ["parse.py"] },
  { id: "x-1", repo: "acme/tools", base_commit: "t1", body: "cli flag ignored", gold_files: ["cli.py"] },
];

test("negatives: each repository's issues go to another owner's tree, same language first, the next by name", () => {
  const dataset = parseDataset([...rows, { id: "r-1", repo: "rust/crate", base_commit: "r1", body: "panic", gold_files: ["src/lib.rs"] }]
    .map((r) => JSON.stringify(r)).join("\n"));
  assert.deepEqual([...chooseNegativeTrees(dataset)], [
    ["acme/app", "zeta/lib"], ["acme/tools", "zeta/lib"], ["rust/crate", "zeta/lib"], ["zeta/lib", "acme/app"],
  ]);
});

test("eval --negatives ranks other repositories' issues on a repository's last tree and prints calibration, Brier and AUROC", async () => {
  const lines: string[] = [];
  const opened: string[] = [];
  // Confidence by tree and issue: right first files high, the other project's issues low.
  const confidence: Record<string, number> = { "cart total wrong": 0.9, "refund fails": 0.35, "parser crash": 0.8, "cli flag ignored": 0.1 };
  const first: Record<string, string> = { c1: "cart.py", c2: "cart.py", z1: "parse.py", t1: "cli.py" };
  const deps: EvalDeps = {
    async openTree(repo, commit) {
      opened.push(`${repo}@${commit}`);
      return {
        rank: (text: string, row) => ({
          paths: [first[commit]], mode: "bm25",
          confidence: row.repo === repo ? confidence[text] : 0.05,
          features: { frame: 0, gap2: 3 },
        }),
      };
    },
    writeLine: (line) => void lines.push(line),
    now: () => 0,
  };
  const report = await evaluateDataset(deps, parseDataset(rows.map((r) => JSON.stringify(r)).join("\n")), { negatives: true });

  assert.deepEqual(opened, ["acme/app@c1", "acme/app@c2", "acme/tools@t1", "zeta/lib@z1"]);
  assert.deepEqual(report.negatives?.map((n) => `${n.id}→${n.tree}`), ["z-1→acme/app", "a-1→zeta/lib", "a-2→zeta/lib", "x-1→zeta/lib"]);
  const negative = JSON.parse(lines.find((l) => l.includes('"z-1~negative"'))!);
  assert.deepEqual(negative, {
    id: "z-1~negative", negative: true, issue: "z-1", tree_repo: "acme/app", ranking: ["cart.py"], mode: "bm25", ms: 0,
    confidence: 0.05, confidence_features: { frame: 0, gap2: 3 },
  });
  assert.deepEqual(JSON.parse(lines[0]).confidence_features, { frame: 0, gap2: 3 });

  const text = renderReport(report, 0.3).split("\n");
  const start = text.indexOf("| confidence | n | mean confidence | Hit@1 |");
  assert.deepEqual(text.slice(start, start + 12), [
    "| confidence | n | mean confidence | Hit@1 |",
    "|---|---:|---:|---:|",
    "| 0.0–0.1 | 0 | – | – |",
    "| 0.1–0.2 | 1 | 0.100 | 1.000 |",
    "| 0.2–0.3 | 0 | – | – |",
    "| 0.3–0.4 | 1 | 0.350 | 0.000 |",
    "| 0.4–0.5 | 0 | – | – |",
    "| 0.5–0.6 | 0 | – | – |",
    "| 0.6–0.7 | 0 | – | – |",
    "| 0.7–0.8 | 0 | – | – |",
    "| 0.8–0.9 | 1 | 0.800 | 1.000 |",
    "| 0.9–1.0 | 1 | 0.900 | 1.000 |",
  ]);
  assert.deepEqual(text.slice(start + 12), [
    "",
    // ((1 − 0.9)² + 0.35² + (1 − 0.8)² + (1 − 0.1)²) / 4
    "Brier score 0.246 over 4 issues (Hit@1 0.750).",
    "",
    "| language | n | Brier | right first file | right ≥ 0.30 | negatives | negatives < 0.30 | AUROC |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    "| python | 4 | 0.246 | 3 | 0.667 | 4 | 1.000 | 1.000 |",
    "| **all** | 4 | 0.246 | 3 | 0.667 | 4 | 1.000 | 1.000 |",
  ]);
});

test("without confidences the report has no confidence section", async () => {
  const deps: EvalDeps = {
    openTree: async () => ({ rank: () => ({ paths: ["cart.py"], mode: "bm25" }) }),
    writeLine: () => {},
    now: () => 0,
  };
  const report = await evaluateDataset(deps, parseDataset(JSON.stringify(rows[0])));
  assert.ok(!renderReport(report, 0.3).includes("Brier"));
});
