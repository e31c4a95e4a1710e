// Speed of the issue-type classifier, warm, and of adapting it to a repository's 300 labelled issues:
//
//   npx tsx bench/issue-type-speed.ts [--dataset /work/shared/bench/issue_types.jsonl] [--rows 3000]
//
// Classifies the first --rows issues of the file twice (the first pass warms the JIT and decodes the weights) and
// reports the second pass's mean and 99th percentile per issue; then a 1 MB body; then times adaptModel on 300
// issues (100 each of bug, feature, question, as in the "with own labels" figures).
import { readFileSync } from "node:fs";
import { parseBenchArgs } from "./bench-args.js";
import { adaptModel } from "../src/issue-type/adapt-model.js";
import { classifyIssueType } from "../src/issue-type/classify-issue-type.js";
import { extractIssueFeatures } from "../src/issue-type/issue-features.js";
import { shippedIssueTypeModel } from "../src/issue-type/shipped-model.js";
import type { LabelledIssue } from "../src/issue-type/training-set.js";

const args = parseBenchArgs();
const rows = readFileSync(args.one("dataset", "/work/shared/bench/issue_types.jsonl"), "utf8").split("\n").filter((l) => l.trim() !== "")
  .slice(0, Number(args.one("rows", "3000"))).map((l) => JSON.parse(l) as LabelledIssue);
const model = shippedIssueTypeModel();
const times: number[] = [];
for (let pass = 0; pass < 2; pass++) {
  for (const r of rows) {
    const t0 = performance.now();
    classifyIssueType({ title: r.title ?? "", body: r.body ?? "", labels: [] }, { model });
    if (pass === 1) times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(`classify, warm: ${times.length} issues, mean ${mean.toFixed(3)} ms, p50 ${times[Math.floor(times.length / 2)].toFixed(3)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(3)} ms`);
const big = "lorem ipsum dolor ".repeat(60_000);
const t1 = performance.now();
classifyIssueType({ title: "big", body: big, labels: [] }, { model });
console.log(`classify, a ${(big.length / 1e6).toFixed(1)} MB body: ${(performance.now() - t1).toFixed(2)} ms`);
const own = (["bug", "feature", "question"] as const).flatMap((label) => rows.filter((r) => r.label === label).slice(0, 100))
  .map((r) => ({ features: extractIssueFeatures(r.title ?? "", r.body ?? ""), label: r.label }));
const t2 = performance.now();
adaptModel(model, own);
console.log(`adapt to ${own.length} labelled issues: ${(performance.now() - t2).toFixed(0)} ms`);
