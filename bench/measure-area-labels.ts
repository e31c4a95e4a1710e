// Measures `labels.min_confidence` on the development sets: each gold file's top folder is its area, the area map is
// `folder: [folder/**]` for every top folder, and the label BugScout would apply is chosen by the app's own code
// (chooseAreaLabels over the eval run's ranking, with labels.max 1) whenever the run's confidence reaches the floor.
//
//   npx tsx bench/measure-area-labels.ts --dataset /work/shared/bench/multilang_dev.jsonl --run run.jsonl [--depth 2]
//
// `run.jsonl` is `bugscout eval --out` (it has each row's ranking and `confidence`). Prints, per language and overall,
// for each floor: coverage (share of issues labelled) and precision (labelled issues whose label is the area of one
// of their gold files). `--depth 2` takes the first two folders as the area (a stricter proxy: on a one-package
// repository the top folder is nearly always the same). Rankings have no scores in the run file, so "leading files"
// reduce to the first file: exactly what labels.max 1 uses.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseDataset } from "../src/eval/dataset.js";
import { chooseAreaLabels } from "../src/route/choose-labels.js";
import { buildSettingsAreaMap } from "../src/route/area-map.js";

const FLOORS = [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

const { values } = parseArgs({ options: { dataset: { type: "string" }, run: { type: "string" }, depth: { type: "string", default: "1" } } });
if (!values.dataset || !values.run) throw new Error("usage: --dataset <set.jsonl> --run <eval --out file> [--depth N]");
const depth = Number(values.depth);
const rows = new Map(parseDataset(readFileSync(values.dataset, "utf8")).map((row) => [row.id, row]));
const runs = readFileSync(values.run, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as { id: string; ranking: string[]; confidence?: number });

/** The area of a path: its first `depth` folders, or undefined for a file above that depth. */
function areaOf(path: string): string | undefined {
  const parts = path.split("/");
  return parts.length > depth ? parts.slice(0, depth).join("/") : undefined;
}

interface Tally { issues: number; labelled: number; right: number }
const tallies = new Map<string, Map<number, Tally>>();
let withoutConfidence = 0;
for (const run of runs) {
  const row = rows.get(run.id);
  if (!row) continue;
  if (run.confidence === undefined) withoutConfidence++;
  const gold = new Set(row.goldFiles.map(areaOf).filter((a): a is string => a !== undefined));
  const areas = [...new Set(run.ranking.slice(0, 10).map(areaOf).filter((a): a is string => a !== undefined))];
  const { map } = buildSettingsAreaMap(Object.fromEntries(areas.map((a) => [a, [`${a}/`]])));
  const [label] = chooseAreaLabels(run.ranking.map((path, i) => ({ path, score: run.ranking.length - i })), map, 1);
  for (const lang of [row.lang, "all"]) {
    const byFloor = tallies.get(lang) ?? new Map<number, Tally>();
    tallies.set(lang, byFloor);
    for (const floor of FLOORS) {
      const t = byFloor.get(floor) ?? { issues: 0, labelled: 0, right: 0 };
      byFloor.set(floor, t);
      t.issues++;
      if (label === undefined || (run.confidence ?? 0) < floor) continue;
      t.labelled++;
      if (gold.has(label)) t.right++;
    }
  }
}

const pct = (n: number, d: number) => (d === 0 ? "  n/a" : (n / d).toFixed(3));
console.log(`area = first ${depth} folder(s) of the path; ${runs.length} runs${withoutConfidence ? `, ${withoutConfidence} without confidence (floor > 0 labels none of them)` : ""}`);
console.log(`| language | n | ${FLOORS.map((f) => `≥${f} cov / prec`).join(" | ")} |`);
console.log(`|---|---:|${FLOORS.map(() => "---:").join("|")}|`);
for (const [lang, byFloor] of [...tallies].sort(([a], [b]) => (a === "all" ? 1 : b === "all" ? -1 : a.localeCompare(b)))) {
  const cells = FLOORS.map((f) => {
    const t = byFloor.get(f)!;
    return `${pct(t.labelled, t.issues)} / ${pct(t.right, t.labelled)}`;
  });
  console.log(`| ${lang} | ${byFloor.get(0)!.issues} | ${cells.join(" | ")} |`);
}
