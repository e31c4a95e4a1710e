// Leave-repositories-out figures of the issue-type classifier (docs/issue-type.md):
//
//   npx tsx bench/issue-type-cv.ts --dataset /work/shared/bench/issue_types.jsonl [--holdout owner/name ...]
//     [--min-repos N] [--l2 X] [--cell-power X] [--steps N] [--no-project-biases] [--model-only] [--grid] [--boost-grid]
//
// For each held-out repository that has at least two of bug / feature / question, the model is fitted by the same
// code and settings as `npm run fit:issue-type` on the OTHER repositories only, then scored on the held-out one:
// rows of bug / feature / question, balanced by class, macro F1 over the repository's classes (a `documentation`
// answer is a miss). "own labels": the held-out model adapted (src/issue-type/adapt-model.ts) with a balanced sample
// of up to 300 of the repository's own labelled issues, scored on its other rows (balanced). "bug P@R≥0.70": is this a
// bug report, pooled over the held-out rows, best precision at recall ≥ 0.70 of a threshold on the bug probability.
import { readFileSync } from "node:fs";
import { parseBenchArgs } from "./bench-args.js";
import { balanced, macroF1, precisionAtRecall, shuffled } from "./issue-type-metrics.js";
import { adaptModel, ADAPT_DEFAULTS } from "../src/issue-type/adapt-model.js";
import { fitTemperature } from "../src/issue-type/fit-model.js";
import { fitGlobalModel, GLOBAL_FIT } from "../src/issue-type/fit-global.js";
import { hashFeatures, scoreHashed, softmax, topClass } from "../src/issue-type/issue-type-model.js";
import { classifyIssueType } from "../src/issue-type/classify-issue-type.js";
import { extractAll, type ExtractedIssue, type LabelledIssue } from "../src/issue-type/training-set.js";
import { ISSUE_TYPE_NAMES } from "../src/issue-type/types.js";

const args = parseBenchArgs();
const dataset = args.one("dataset", "/work/shared/bench/issue_types.jsonl");
const rows = readFileSync(dataset, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as LabelledIssue);
const all = extractAll(rows);
const textOf = new Map(all.map((e, i) => [e, rows[i]]));
const pipeline = args.has("model-only") ? undefined : true;
const boost = args.has("boost") ? { strong: Number(args.one("boost", "1")), weak: Number(args.one("boost", "1")) / 2 } : undefined;
/** The type the product gives (template, then the model), or the model's alone with --model-only. */
const typeOf = (m: Parameters<typeof classifyIssueType>[1]["model"], i: ExtractedIssue, p: Float64Array) =>
  pipeline ? classifyIssueType({ title: textOf.get(i)!.title ?? "", body: textOf.get(i)!.body ?? "", labels: [] }, { model: m, ...(boost ? { templateBoost: boost } : {}) }).type : topClass(p).type;
const SCORED = ["bug", "feature", "question"];
const repos = [...new Set(rows.map((r) => r.repo))];
const scorable = repos.filter((r) => new Set(rows.filter((x) => x.repo === r && SCORED.includes(x.label)).map((x) => x.label)).size >= 2);
const holdouts = args.all("holdout").length > 0 ? args.all("holdout") : scorable;
const options = { ...GLOBAL_FIT, ...(args.has("min-repos") ? { minRepos: Number(args.one("min-repos", "")) } : {}), ...(args.has("l2") ? { l2: Number(args.one("l2", "")) } : {}), ...(args.has("cell-power") ? { cellPower: Number(args.one("cell-power", "")) } : {}), ...(args.has("steps") ? { steps: Number(args.one("steps", "")) } : {}), ...(args.has("no-project-biases") ? { projectBiases: false } : {}) };
console.log(`options ${JSON.stringify(options)}`);

const pooledBug: number[] = [];
const pooledIsBug: boolean[] = [];
const table: string[] = [];
const zsAll: Float64Array[] = [];
const labelsAll: number[] = [];
let sumF1 = 0;
/** Per fold: the held-out balanced rows' class scores and gold classes (for --grid). */
const folds: { repo: string; z: Float64Array[]; gold: string[]; classes: string[] }[] = [];
let sumOwn = 0;
let ownCount = 0;
for (const holdout of holdouts) {
  const started = Date.now();
  const train = all.filter((i) => i.repo !== holdout);
  const model = fitGlobalModel(train, options);
  const test = all.filter((i) => i.repo === holdout && SCORED.includes(ISSUE_TYPE_NAMES[i.label]));
  const name = (i: ExtractedIssue) => ISSUE_TYPE_NAMES[i.label];
  const rowsB = balanced(test, name);
  const classes = [...new Set(rowsB.map(name))];
  const predict = (m: typeof model, i: ExtractedIssue) => softmax(scoreHashed(m, hashFeatures(i.features, m.bits)), m.temperature);
  const probs = rowsB.map((i) => predict(model, i));
  for (const [k, i] of rowsB.entries()) {
    zsAll.push(scoreHashed(model, hashFeatures(i.features, model.bits)));
    labelsAll.push(i.label);
    pooledBug.push(probs[k][0]);
    pooledIsBug.push(i.label === 0);
  }
  folds.push({ repo: holdout, z: rowsB.map((i) => scoreHashed(model, hashFeatures(i.features, model.bits))), gold: rowsB.map(name), classes });
  const predicted = rowsB.map((i, k) => typeOf(model, i, probs[k]));
  if (args.has("boost-grid")) {
    // What the template headings add to their type's score: 0 (the model alone reads them as features) to 4.
    const line = [0, 0.5, 1, 2, 4].map((b) => {
      const typed = rowsB.map((i) => classifyIssueType({ title: textOf.get(i)!.title ?? "", body: textOf.get(i)!.body ?? "", labels: [] }, { model, templateBoost: { strong: b, weak: b / 2 } }).type);
      return `boost ${b}: ${macroF1(rowsB.map(name), typed, classes).toFixed(3)}`;
    });
    console.log(`${holdout} ${line.join(", ")}`);
  }
  const f1 = macroF1(rowsB.map(name), predicted, classes);
  sumF1 += f1;
  const confusion = classes.map((c) => `${c}→${ISSUE_TYPE_NAMES.map((t) => rowsB.filter((i, k) => name(i) === c && predicted[k] === t).length).join("/")}`).join(" ");

  // Own labels: up to 300 of the repository's labelled issues (balanced), scored on the rest (balanced).
  const perClass = Math.floor(300 / classes.length);
  const byClass = new Map(classes.map((c) => [c, shuffled(test.filter((i) => name(i) === c), 7)]));
  const own = [...byClass.values()].flatMap((v) => v.slice(0, Math.min(perClass, Math.floor(v.length / 2))));
  const ownSet = new Set(own);
  const rest = balanced(test.filter((i) => !ownSet.has(i)), name, 3);
  const adaptOptions = { ...ADAPT_DEFAULTS, ...(args.has("adapt-l2") ? { l2: Number(args.one("adapt-l2", "")) } : {}), ...(args.has("adapt-steps") ? { steps: Number(args.one("adapt-steps", "")) } : {}) };
  const adapted = adaptModel(model, own.map((i) => ({ features: i.features, label: ISSUE_TYPE_NAMES[i.label] })), adaptOptions);
  const ownF1 = macroF1(rest.map(name), rest.map((i) => typeOf(adapted, i, predict(adapted, i))), classes);
  const baseOnRest = macroF1(rest.map(name), rest.map((i) => typeOf(model, i, predict(model, i))), classes);
  sumOwn += ownF1;
  ownCount++;
  table.push(`| ${holdout} | ${classes.join("/")} | ${rowsB.length} | ${f1.toFixed(3)} | ${own.length} | ${baseOnRest.toFixed(3)} | ${ownF1.toFixed(3)} | ${confusion} | ${((Date.now() - started) / 1000).toFixed(0)} s |`);
  console.error(table[table.length - 1]);
}
console.log("| held out | classes | rows (balanced) | macro F1 | own labels | default on the rest | with own labels | confusion (gold→bug/feature/question/documentation) | fit |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const line of table) console.log(line);
console.log(`mean macro F1 (default model, unseen repositories): ${(sumF1 / holdouts.length).toFixed(3)}`);
console.log(`mean macro F1 with own labels: ${(sumOwn / Math.max(1, ownCount)).toFixed(3)}`);
const pr = precisionAtRecall(pooledBug, pooledIsBug, 0.7);
console.log(`bug P@R≥0.70: precision ${pr.precision.toFixed(3)} at recall ${pr.recall.toFixed(3)} (p(bug) ≥ ${pr.threshold.toFixed(3)})`);
for (const t of [0.5, 0.6, 0.7, 0.8]) {
  const sel = pooledBug.map((p, i) => [p, pooledIsBug[i]] as const).filter(([p]) => p >= t);
  const tp = sel.filter(([, b]) => b).length;
  console.log(`  p(bug) ≥ ${t}: precision ${(tp / Math.max(1, sel.length)).toFixed(3)}, recall ${(tp / Math.max(1, pooledIsBug.filter(Boolean).length)).toFixed(3)}`);
}
console.log(`held-out temperature (pooled): ${fitTemperature(zsAll, labelsAll).toFixed(3)}`);

if (args.has("grid")) {
  // Class-score offsets (question, documentation) chosen on some folds must be confirmed on the others.
  const offsets = [-3, -2, -1.5, -1, -0.5, 0, 0.5, 1];
  const lines: string[] = [];
  for (const dq of offsets) for (const dd of offsets) {
    const per = folds.map((f) => macroF1(f.gold, f.z.map((z) => topClass([z[0], z[1], z[2] + dq, z[3] + dd]).type), f.classes));
    lines.push(`dq ${dq} dd ${dd}: ${per.map((x) => x.toFixed(3)).join(" ")} mean ${(per.reduce((a, b) => a + b, 0) / per.length).toFixed(3)}`);
  }
  console.log(`grid over folds ${folds.map((f) => f.repo).join(" ")}`);
  for (const l of lines) console.log(l);
}
