/**
 * Refits the confidence model (src/rank/confidence/confidence-model.ts) from `bugscout eval --out` run lines, and
 * checks it on the repositories it was not fitted on. Bench only.
 *
 *   npx tsx bench/fit-confidence.ts --run ml.jsonl --dataset ../shared/bench/multilang_dev.jsonl \
 *     --run swe.jsonl --dataset ../shared/bench/swebench_lite.jsonl --types types.jsonl [--negative-weight 0.25] \
 *     [--type-weight 0.25] [--floor 0.35] [--shipped true]
 *
 * Each `--run` pairs with the `--dataset` in the same position. Labels: an issue is 1 when its first file is a gold
 * file, else 0 (weight 1); an issue ranked against another project's tree (`eval --negatives`) is 0 with
 * `--negative-weight`; `--types` is the run of same-repository issues that are not bug reports (`label` feature,
 * question or documentation: their `lang` is the label) ranked on their own project's tree, 0 with `--type-weight`
 * (bug reports there have no gold files: measured, never fitted). Half A = repositories whose md5(`owner/name`)
 * begins with an even byte; the model is fitted on half A by L2-regularised (λ = 1) logistic regression (Newton
 * steps); evidence features fitted below 0 are dropped and the rest refitted; half B is the check.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CONFIDENCE_FEATURES } from "../src/rank/confidence/confidence-features.js";
import { CONFIDENCE_MODEL } from "../src/rank/confidence/confidence-model.js";
import { parseBenchArgs } from "./bench-args.js";

type Feature = (typeof CONFIDENCE_FEATURES)[number];
/** Features that are evidence for the first file: a weight below 0 would say the evidence counts against it. */
const EVIDENCE: readonly Feature[] = ["path", "definition", "coverage", "gap2", "gap5", "frame"];

interface Example {
  readonly x: readonly number[];
  readonly y: 0 | 1;
  readonly w: number;
  readonly repo: string;
  readonly lang: string;
  readonly kind: "issue" | "negative" | "type";
  readonly label?: string;
}

const args = parseBenchArgs();
const negativeWeight = Number(args.one("negative-weight", "0.25"));
const typeWeight = Number(args.one("type-weight", "0.25"));
const floor = Number(args.one("floor", "0.35"));
const lambda = 1;

const examples: Example[] = [];
const bugsOfTypes: Example[] = [];
const runs = args.all("run");
const datasets = args.all("dataset");
for (const [i, run] of runs.entries()) {
  const rows = new Map(readJsonl(datasets[i]!).map((r) => [String(r.id), r]));
  for (const line of readJsonl(run)) {
    const features = line.confidence_features as Record<string, number> | undefined;
    if (!features || line.error) continue;
    const x = CONFIDENCE_FEATURES.map((f) => features[f] ?? 0);
    if (line.negative) {
      const row = rows.get(String(line.issue))!;
      examples.push({ x, y: 0, w: negativeWeight, repo: String(line.tree_repo), lang: lang(row), kind: "negative" });
    } else {
      const row = rows.get(String(line.id))!;
      const gold = new Set(row.gold_files as string[]);
      const first = (line.ranking as string[])[0];
      examples.push({ x, y: first !== undefined && gold.has(first) ? 1 : 0, w: 1, repo: String(row.repo), lang: lang(row), kind: "issue" });
    }
  }
}
const typesRun = args.one("types", "");
if (typesRun) {
  const rows = new Map(readJsonl(args.one("types-dataset", "")).map((r) => [String(r.id), r]));
  for (const line of readJsonl(typesRun)) {
    const features = line.confidence_features as Record<string, number> | undefined;
    const row = rows.get(String(line.id));
    if (!features || !row || line.error) continue;
    const example: Example = {
      x: CONFIDENCE_FEATURES.map((f) => features[f] ?? 0), y: 0, w: typeWeight, repo: String(row.repo), lang: "types", kind: "type", label: String(row.label),
    };
    (row.label === "bug" ? bugsOfTypes : examples).push(example);
  }
}

const halfA = (repo: string) => createHash("md5").update(repo).digest()[0]! % 2 === 0;
const train = examples.filter((e) => halfA(e.repo));
let kept = [...CONFIDENCE_FEATURES] as Feature[];
let model = fit(train, kept);
for (;;) {
  const dropped = kept.filter((f, j) => EVIDENCE.includes(f) && model.weights[j]! < 0);
  if (dropped.length === 0) break;
  kept = kept.filter((f) => !dropped.includes(f));
  model = fit(train, kept);
}
const weights = Object.fromEntries(CONFIDENCE_FEATURES.map((f) => [f, round(model.weights[kept.indexOf(f)] ?? 0)]));
console.log(JSON.stringify({ intercept: round(model.intercept), weights }));
console.log(`fitted on half A: ${train.filter((e) => e.kind === "issue").length} issues, ${train.filter((e) => e.kind === "negative").length} other-project negatives, ${train.filter((e) => e.kind === "type").length} same-repository non-bug issues`);
// `--shipped`: report the model in confidence-model.ts instead of the one just fitted (a before/after).
const shipped = args.has("shipped") ? { intercept: CONFIDENCE_MODEL.intercept, weights: CONFIDENCE_FEATURES.map((f) => CONFIDENCE_MODEL.weights[f]) } : undefined;
const score = (e: Example) => (shipped ? predict(shipped, CONFIDENCE_FEATURES, e.x) : predict(model, kept, e.x));
if (shipped) console.log("reporting the shipped model:");
for (const [name, set] of [["A", train], ["B", examples.filter((e) => !halfA(e.repo))], ["both", examples]] as const) report(name, set);
console.log("\nper language (both halves):");
for (const l of [...new Set(examples.filter((e) => e.kind === "issue").map((e) => e.lang))].sort()) report(l, examples.filter((e) => e.lang === l || (e.kind !== "issue" && e.lang === l)));
if (typesRun) {
  console.log(`\nsame-repository issues above ${floor} (what the confidence alone would comment on):`);
  const groups = new Map<string, Example[]>();
  for (const e of [...examples.filter((x) => x.kind === "type"), ...bugsOfTypes]) groups.set(`${e.repo} ${e.label}`, [...(groups.get(`${e.repo} ${e.label}`) ?? []), e]);
  for (const [name, group] of [...groups].sort()) console.log(`  ${name}: ${group.length}, ${fixed(group.filter((e) => score(e) >= floor).length / group.length)}`);
}

function report(name: string, set: readonly Example[]): void {
  const issues = set.filter((e) => e.kind === "issue");
  const right = issues.filter((e) => e.y === 1).map(score);
  const negatives = set.filter((e) => e.kind === "negative").map(score);
  const types = set.filter((e) => e.kind === "type").map(score);
  const brier = issues.reduce((s, e) => s + (score(e) - e.y) ** 2, 0) / Math.max(1, issues.length);
  const above = (xs: number[]) => fixed(xs.filter((p) => p >= floor).length / Math.max(1, xs.length));
  const below = (xs: number[]) => fixed(xs.filter((p) => p < floor).length / Math.max(1, xs.length));
  const commented = issues.filter((e) => score(e) >= floor);
  console.log(`${name}: issues ${issues.length} (Hit@1 ${fixed(right.length / Math.max(1, issues.length))}), Brier ${fixed(brier)}, AUROC right/negatives ${fixed(auroc(right, negatives))}`
    + ` right/same-repo ${fixed(auroc(right, types))}; at ${floor}: right above ${above(right)}, issues commented ${above(issues.map(score))}`
    + ` (first file right ${fixed(commented.filter((e) => e.y === 1).length / Math.max(1, commented.length))}), negatives below ${below(negatives)}, same-repo below ${below(types)}`);
}

/** Weighted L2-regularised logistic regression by Newton steps; the intercept is not regularised. */
function fit(set: readonly Example[], features: readonly Feature[]): { intercept: number; weights: number[] } {
  const cols = features.map((f) => CONFIDENCE_FEATURES.indexOf(f));
  const d = cols.length + 1;
  let beta = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const e of set) {
      const row = [1, ...cols.map((c) => e.x[c]!)];
      const p = sigmoid(row.reduce((s, v, j) => s + v * beta[j]!, 0));
      for (let j = 0; j < d; j++) {
        grad[j]! += e.w * (p - e.y) * row[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += e.w * p * (1 - p) * row[j]! * row[k]!;
      }
    }
    for (let j = 1; j < d; j++) {
      grad[j]! += lambda * beta[j]!;
      hess[j]![j]! += lambda;
    }
    const step = solve(hess, grad);
    beta = beta.map((b, j) => b - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { intercept: beta[0]!, weights: beta.slice(1) };
}

function predict(m: { intercept: number; weights: number[] }, features: readonly Feature[], x: readonly number[]): number {
  return sigmoid(m.intercept + features.reduce((s, f, j) => s + m.weights[j]! * x[CONFIDENCE_FEATURES.indexOf(f)]!, 0));
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(m[r]![i]!) > Math.abs(m[p]![i]!)) p = r;
    [m[i], m[p]] = [m[p]!, m[i]!];
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const f = m[r]![i]! / m[i]![i]!;
      for (let c = i; c <= n; c++) m[r]![c]! -= f * m[i]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

function auroc(pos: readonly number[], neg: readonly number[]): number {
  if (pos.length === 0 || neg.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of pos) for (const q of neg) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function lang(row: Record<string, unknown>): string {
  return typeof row.lang === "string" ? row.lang : "python";
}

function readJsonl(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Record<string, unknown>);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function fixed(x: number): string {
  return Number.isFinite(x) ? x.toFixed(3) : "–";
}
