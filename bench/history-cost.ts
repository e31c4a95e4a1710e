/**
 * What the similar-past-fixes signal costs per ranking in the app, on django: reading the past fixes' texts into
 * term counts (the app does it per ranking), scoring them against the issue and fusing with a 100-deep lexical list.
 * Uses the django store an eval run left (bench/eval-history.ts) and the SWE-bench Lite django rows as history.
 *
 *   nice -n 5 npx tsx bench/history-cost.ts --store ~/benchwork-i11/stores/django__django.sqlite \
 *     [--dataset /work/shared/bench/swebench_lite.jsonl] [--past 113]
 *
 * Prints the median and 95th percentile of CPU time over every django issue, for each part, in total, and with the
 * prepared docs cached (the app's path), in ms.
 */
import { readFileSync } from "node:fs";
import { detectLanguage } from "../src/index/detect-language.js";
import { parseDataset } from "../src/eval/dataset.js";
import { fileRole } from "../src/rank/lexical/file-role.js";
import { fuseHistory } from "../src/rank/signals/fuse-history.js";
import { buildLexicalIndex } from "../src/rank/lexical/lexical-index.js";
import { rankLexical } from "../src/rank/signals/rank-lexical.js";
import { prepareHistoryDoc, scoreHistory } from "../src/rank/signals/score-history.js";
import { openIndexStore } from "../src/store/open-index-store.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const store = openIndexStore(args.get("store") ?? `${process.env.HOME}/benchwork-i11/stores/django__django.sqlite`);
const index = buildLexicalIndex(store.loadCorpus());
store.close();
const paths = new Set(index.files.map((f) => f.path));
const rows = parseDataset(readFileSync(args.get("dataset") ?? "/work/shared/bench/swebench_lite.jsonl", "utf8")).filter((r) => r.repo === "django/django");
const past = rows.slice(0, Number(args.get("past") ?? rows.length)).map((r, i) => ({
  issueNumber: i, text: r.body, files: r.goldFiles.filter((f) => fileRole(f, detectLanguage(f)) !== "test"),
}));

const parts = { prepare: [] as number[], score: [] as number[], fuse: [] as number[], total: [] as number[], cached: [] as number[] };
// CPU time of this process (user + system), in ms: on a shared machine wall time mostly measures the neighbours.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const prepared = past.map((p) => prepareHistoryDoc(p));
for (let round = 0; round < 3; round++) {
  for (const row of rows) {
    const lexical = rankLexical(index, row.body, { limit: 100 });
    const t0 = cpu();
    const docs = past.map((p) => prepareHistoryDoc(p));
    const t1 = cpu();
    const scores = scoreHistory(docs, row.body);
    const t2 = cpu();
    fuseHistory(lexical, scores, { weight: 0.2, allow: (p) => paths.has(p) });
    const t3 = cpu();
    // What the app pays with the prepared docs cached (src/triage/history-doc-cache.ts): score and fuse.
    fuseHistory(lexical, scoreHistory(prepared, row.body), { weight: 0.2, allow: (p) => paths.has(p) });
    const t4 = cpu();
    if (round === 0) continue; // warm-up
    parts.prepare.push(t1 - t0);
    parts.score.push(t2 - t1);
    parts.fuse.push(t3 - t2);
    parts.total.push(t3 - t0);
    parts.cached.push(t4 - t3);
  }
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(`django: ${index.files.length} files, ${past.length} past fixes, ${parts.total.length} rankings (2 rounds after a warm-up), CPU time`);
for (const [name, xs] of Object.entries(parts)) console.log(`${name.padEnd(8)} median ${q(xs, 0.5).toFixed(2)} ms, p95 ${q(xs, 0.95).toFixed(2)} ms`);
