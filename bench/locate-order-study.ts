/**
 * Replays `locate`'s packing over the candidates `bench/dump-locate-candidates.ts` wrote, under other orders, and
 * prints the share of issues whose packed code meets the fix's lines at each budget, overall and per half of the
 * repositories (sorted by name, alternating). The replay packs greedily by each item's own token cost over the
 * answer's fixed part as measured at that budget; on both development sets it reproduces `bench/mcp-accuracy.ts`
 * within 0.3 points (its give-way loop for whole files checks only the first places). Bench only.
 *
 *   npx tsx bench/locate-order-study.ts <candidates.jsonl>
 */
import { readFileSync } from "node:fs";
import { WHOLE_FILE } from "../src/mcp/locate-code.js";

interface Item { id: string; path: string; s: number; e: number; cost: number; meets: boolean }
interface File { fileTokens: number; whole: Item; pointers: Item[]; scored: Item[] }
interface Row { repo: string; files: File[]; ranked: Item[]; actual: Record<string, { tokens: number; code: number; meets: boolean }> }

const BUDGETS = [1000, 2000, 4000, 8000];
const rows: Row[] = readFileSync(process.argv[2], "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);
const overlaps = (a: Item, b: Item) => a.path === b.path && a.s <= b.e && b.s <= a.e;

/** Packs `order` greedily (no id twice, no overlap) and says whether any packed item meets the fix. */
function packs(order: readonly (Item | undefined)[], budget: number, fixed: number): boolean {
  let used = fixed;
  const taken: Item[] = [];
  for (const x of order) {
    if (!x || taken.some((t) => t.id === x.id || overlaps(t, x)) || used + x.cost > budget) continue;
    taken.push(x);
    used += x.cost;
  }
  return taken.some((x) => x.meets);
}

type Order = (row: Row, wholes: readonly (Item | undefined)[], budget: number) => (Item | undefined)[];

/**
 * The first file's places and its best other symbol, the other files' first places, their second places, the extras;
 * optionally the first `afterFirstFile` / `afterFirstPlaces` symbols of the cross-file ranking after the first file's
 * places / after every file's first place.
 */
function firstFileDeeper(row: Row, w: readonly (Item | undefined)[], ranked: { afterFirstFile?: number; afterFirstPlaces?: number } = {}): (Item | undefined)[] {
  const [f0, ...rest] = row.files;
  if (!f0) return [];
  const lead = w[0] ? [] : f0.scored.slice(0, 1);
  return [
    firstOf(f0, w[0]), secondOf(f0, w[0]), ...lead, ...row.ranked.slice(0, ranked.afterFirstFile ?? 0),
    ...rest.map((f, i) => firstOf(f, w[i + 1])), ...row.ranked.slice(0, ranked.afterFirstPlaces ?? 0),
    ...rest.map((f, i) => secondOf(f, w[i + 1])), ...extras(row),
  ];
}
const firstOf = (f: File, w: Item | undefined) => w ?? f.pointers[0];
const secondOf = (f: File, w: Item | undefined) => (w ? undefined : f.pointers[1]);
const extras = (row: Row) => [...row.files.flatMap((f) => f.scored.slice(0, 4)), ...row.ranked];
const ORDERS: Record<string, Order> = {
  // Every file's first place in rank order, then the second places, then extras (the order before 2026-12-03).
  breadth: (row, w) => [...row.files.map((f, i) => firstOf(f, w[i])), ...row.files.map((f, i) => secondOf(f, w[i])), ...extras(row)],
  // The first file's places and its best other symbol, then the other files' (the order since 2026-12-03).
  "first file deeper": (row, w) => firstFileDeeper(row, w),
  // The same with the first k of the cross-file symbol ranking right after the first file's places.
  ...Object.fromEntries([1, 2, 3, 5].map((k) => [`first file, then ${k} ranked symbols`, (row: Row, w: readonly (Item | undefined)[]) => firstFileDeeper(row, w, { afterFirstFile: k })])),
  // The same with them after every file's first place.
  ...Object.fromEntries([2, 3].map((k) => [`first places, then ${k} ranked symbols`, (row: Row, w: readonly (Item | undefined)[]) => firstFileDeeper(row, w, { afterFirstPlaces: k })])),
  // The order since 2026-12-03 with any place costing more than a share of the budget moved after every other place
  // and extra (a long class or function the budget can hold once, rather than the next files' places).
  ...Object.fromEntries([0.25, 0.33, 0.5].map((k) => [`first file deeper, places over ${k} of the budget last`, (row: Row, w: readonly (Item | undefined)[], budget: number) => {
    const order = firstFileDeeper(row, w);
    const fixed = row.actual[budget].tokens - row.actual[budget].code;
    const big = (x: Item | undefined) => x !== undefined && x.cost > k * (budget - fixed);
    return [...order.filter((x) => !big(x)), ...order.filter(big)];
  }])),
  // Every place ordered by 1 / ((file rank + 1) × (place in file + 1)): a parameter-free product of the two priors.
  harmonic: (row, w) => {
    const places = row.files.flatMap((f, k) => (w[k] ? [w[k]!] : [...f.pointers.slice(0, 2), ...f.scored.slice(0, 6)]).map((x, j) => ({ x, p: 1 / ((k + 1) * (j + 1)) })));
    return [...places.sort((a, b) => b.p - a.p).map((c) => c.x), ...row.ranked];
  },
};

function share(group: readonly Row[], order: Order, budget: number, whole: { maxTokens: number; maxShare: number; firstTokens?: number; firstShare?: number } = WHOLE_FILE): string {
  let right = 0;
  for (const row of group) {
    const fixed = row.actual[budget].tokens - row.actual[budget].code;
    // Whole files as locate offers them (`WHOLE_FILE`); one that does not fit gives way to its pointers, until every
    // whole left fits.
    let wholes = row.files.map((f, k) => (f.fileTokens <= (k === 0
      ? Math.min(whole.firstTokens ?? whole.maxTokens, budget * (whole.firstShare ?? whole.maxShare))
      : Math.min(whole.maxTokens, budget * whole.maxShare)) ? f.whole : undefined));
    for (;;) {
      const order0 = order(row, wholes, budget);
      let used = fixed;
      const shown = new Set<string>();
      for (const x of order0.slice(0, 2 * row.files.length + 1)) if (x && used + x.cost <= budget && !shown.has(x.id)) { shown.add(x.id); used += x.cost; }
      const dropped = wholes.map((w) => (w && !shown.has(w.id) ? undefined : w));
      if (dropped.every((w, i) => w === wholes[i])) break;
      wholes = dropped;
    }
    if (packs(order(row, wholes, budget), budget, fixed)) right++;
  }
  return `${((100 * right) / Math.max(1, group.length)).toFixed(1)}`;
}

const repos = [...new Set(rows.map((r) => r.repo))].sort();
const groups: Record<string, Row[]> = {
  all: rows,
  "half A": rows.filter((r) => repos.indexOf(r.repo) % 2 === 0),
  "half B": rows.filter((r) => repos.indexOf(r.repo) % 2 === 1),
};
console.log(`| order | ${Object.keys(groups).map((g) => `${g} (${groups[g].length}): ${BUDGETS.join(" / ")}`).join(" | ")} |`);
console.log(`|---|${Object.keys(groups).map(() => "---").join("|")}|`);
const actual = (group: Row[]) => BUDGETS.map((b) => ((100 * group.filter((r) => r.actual[b].meets).length) / Math.max(1, group.length)).toFixed(1)).join(" / ");
console.log(`| packLocate as built | ${Object.values(groups).map(actual).join(" | ")} |`);
for (const [name, order] of Object.entries(ORDERS)) {
  console.log(`| ${name} | ${Object.values(groups).map((g) => BUDGETS.map((b) => share(g, order, b)).join(" / ")).join(" | ")} |`);
}

// Whole-file caps (2026-12-03, thirteenth session): larger files whole, or the first file's alone.
const VARIANTS: Record<string, { maxTokens: number; maxShare: number; firstTokens?: number; firstShare?: number }> = {
  "whole ≤ 1,200 tokens": { maxTokens: 1200, maxShare: 0.5 },
  "whole ≤ 1,600 tokens": { maxTokens: 1600, maxShare: 0.5 },
  "first file whole ≤ 1,600, ≤ 0.5": { ...WHOLE_FILE, firstTokens: 1600, firstShare: 0.5 },
  "first file whole ≤ 2,400, ≤ 0.6": { ...WHOLE_FILE, firstTokens: 2400, firstShare: 0.6 },
  "first file whole ≤ 3,200, ≤ 0.7": { ...WHOLE_FILE, firstTokens: 3200, firstShare: 0.7 },
  "whole ≤ 400 tokens": { maxTokens: 400, maxShare: 0.5 },
};
for (const [name, v] of Object.entries(VARIANTS)) {
  const order = ORDERS["first file deeper"];
  console.log(`| ${name} | ${Object.values(groups).map((g) => BUDGETS.map((b) => share(g, order, b, v)).join(" / ")).join(" | ")} |`);
}
