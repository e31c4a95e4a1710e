/**
 * Study (issue 21, twelfth session): would evidence the pointer does not use yet choose the changed symbol more
 * often? Replays the pointer choice offline from `bench/dump-pointer-features.ts`'s dump (one line per gold file in
 * the first five) — the replay reproduces the shipped choice — then adds one feature at a time and prints pointer
 * given-file per language and per half of the repositories (A = 1st, 3rd, … repository by name):
 * - *passage*: the best window of W own lines by the summed weight of the distinct query terms on it (a fix where
 *   the issue's words meet on a few lines, not spread over a long function), mixed with the words score;
 * - *recency*: `git blame` at the base commit — how recently the symbol's own lines last changed (regressions sit in
 *   code changed lately), and how many distinct commits its lines come from (churn);
 * - *name share*: the share of the symbol name's words (less `get`, `set`, `add`, …) that the issue uses;
 * - *tests that call it* (thirteenth session): the test definitions the issue's words weigh most in that hold the
 *   symbol's name (the dump's `tests` / `nearTests`), optionally weighted by the name's IDF among tests.
 * Needs the trees (passage) and the bare mirrors (`--mirrors`, `owner+name/repo` folders as the fetch tool leaves
 * them; recency). Bench only.
 *
 *   npx tsx bench/dump-pointer-features.ts --dataset <set.jsonl> --store-dir <stores> --out F
 *   npx tsx bench/study-pointer-evidence.ts --dataset <set.jsonl> --features F [--trees DIR] [--mirrors /work/.mirror]
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseBenchArgs } from "./bench-args.js";
import { scanTokens } from "../src/rank/tokenize.js";
import { ownLines, replayPointer } from "./pointer-replay.js";

interface Sym {
  name: string; kind: string; start: number; end: number; words: number; named: boolean; error: boolean;
  frameName: number[]; frameLine: number[]; meets: boolean;
  /** Top test definitions (all tests / the first five test files) whose words hold the name: [rank, share of best]. */
  tests?: [number, number][]; nearTests?: [number, number][]; testDf?: number;
}
interface Row { testCount?: number; id: string; repo: string; lang: string; path: string; terms: { t: string; w: number }[]; symbols: Sym[]; chosen: string | null; chosenStart: number | null }
type Extra = (row: Row, i: number) => number;

const args = parseBenchArgs();
const dataset = readFileSync(args.one("dataset", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; repo: string; base_commit: string });
const baseOf = new Map(dataset.map((r) => [r.id, r]));
const rows = readFileSync(args.one("features", ""), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);
const trees = args.one("trees", `${process.env.HOME}/.cache/bench-trees`);
const mirrors = args.one("mirrors", "/work/.mirror");
const repos = [...new Set(rows.map((r) => r.repo))].sort();
const half = (repo: string): string => (repos.indexOf(repo) % 2 === 0 ? "A" : "B");

/** The shipped choice plus `extra`. */
function choose(row: Row, extra?: Extra): number {
  return replayPointer(row.symbols, extra ? { extra: (i) => extra(row, i) } : {});
}

function report(label: string, extra?: Extra): void {
  const groups = new Map<string, [number, number]>();
  for (const row of rows) {
    const i = choose(row, extra);
    const right = i >= 0 && row.symbols[i].meets ? 1 : 0;
    for (const g of ["all", `half ${half(row.repo)}`, row.lang]) {
      const [n, k] = groups.get(g) ?? [0, 0];
      groups.set(g, [n + 1, k + right]);
    }
  }
  console.log(`| ${label} | ${[...groups.keys()].sort().map((g) => `${g} ${(groups.get(g)![1] / groups.get(g)![0]).toFixed(3)}`).join(" · ")} |`);
}

const agree = rows.filter((r) => {
  const i = choose(r);
  return i >= 0 && r.symbols[i].name === r.chosen && r.symbols[i].start === r.chosenStart;
}).length;
console.log(`replay: ${agree} of ${rows.length} gold files get the shipped pointer\n`);
report("shipped");

// Passage density: per symbol, the best window of W own lines.
const passages = rows.map((row) => {
  const commit = baseOf.get(row.id)?.base_commit;
  let lines: string[] = [];
  try {
    lines = readFileSync(join(trees, commit ?? "", row.path), "utf8").split("\n");
  } catch {
    return row.symbols.map(() => new Map<number, number>());
  }
  const weight = new Map(row.terms.map((t) => [t.t, t.w]));
  const lineTerms = lines.map((l) => {
    const set = new Set<string>();
    scanTokens(l, (t) => weight.has(t) && set.add(t));
    return set;
  });
  return row.symbols.map((_, i) => {
    const own = ownLines(row.symbols, i);
    const best = new Map<number, number>();
    for (const w of [3, 5, 9]) {
      let top = 0;
      for (let k = 0; k < own.length; k++) {
        const seen = new Set<string>();
        for (const line of own.slice(k, k + w)) for (const t of lineTerms[line - 1] ?? []) seen.add(t);
        let sum = 0;
        for (const t of seen) sum += weight.get(t)!;
        top = Math.max(top, sum);
      }
      best.set(w, top);
    }
    return best;
  });
});
const rowIndex = new Map(rows.map((r, k) => [r, k]));
for (const w of [3, 5, 9]) {
  for (const beta of [0.25, 0.5]) {
    report(`passage W=${w} × ${beta}`, (row, i) => {
      const p = passages[rowIndex.get(row)!];
      const max = Math.max(0, ...p.map((m) => m.get(w) ?? 0));
      return max > 0 ? (beta * (p[i].get(w) ?? 0)) / max : 0;
    });
  }
}

// Name share: the share of the name's words the issue uses.
const GENERIC = new Set("get set add is has to from new init the of do on make create build with for and by as in at test".split(" "));
for (const lambda of [0.1, 0.2, 0.3]) {
  report(`name share × ${lambda}`, (row, i) => {
    const s = row.symbols[i];
    if (s.kind === "window" || s.named) return 0;
    const words: string[] = [];
    scanTokens(s.name.split(/\.|::/).pop() ?? "", (t, part) => part && !GENERIC.has(t) && words.push(t));
    if (words.length === 0) return 0;
    const issue = new Set(row.terms.filter((t) => t.w > 0).map((t) => t.t));
    return (lambda * words.filter((w) => issue.has(w)).length) / words.length;
  });
}

// Tests that call it: the test definitions that read most like the issue, and the names they use.
for (const source of ["tests", "nearTests"] as const) {
  for (const k of [5, 10, 20]) {
    for (const g of [0.25, 0.5, 1]) {
      for (const idf of [false, true]) {
        const memo = new Map<Row, number[]>();
        const shares = (row: Row): number[] => {
          let out = memo.get(row);
          if (!out) {
            const raw = row.symbols.map((x) => {
              const hits = (x[source] ?? []).filter(([rank]) => rank < k).reduce((sum, [, share]) => sum + share, 0);
              const n = row.testCount ?? 0;
              const spec = idf ? Math.max(0, Math.log((1 + n) / (1 + (x.testDf ?? 0))) / Math.log(2 + n)) : 1;
              return hits * spec;
            });
            const most = Math.max(0, ...raw);
            memo.set(row, (out = raw.map((v) => (most > 0 ? v / most : 0))));
          }
          return out;
        };
        report(`${source} top ${k}${idf ? " × idf" : ""} × ${g}`, (row, i) => g * shares(row)[i]);
      }
    }
  }
}

// Recency and churn from git blame at the base commit.
if (args.has("mirrors") || process.env.STUDY_BLAME) {
  const listing = readdirSync(mirrors);
  const mirrorOf = (repo: string): string => {
    const [owner, name] = repo.split("/");
    const hit = listing.find((d) => d.toLowerCase() === `${owner}+${name}`.toLowerCase()) ?? listing.find((d) => d.toLowerCase().endsWith(`+${name.toLowerCase()}`));
    return join(mirrors, hit ?? `${owner}+${name}`, "repo");
  };
  const blame = rows.map((row) => {
    const commit = baseOf.get(row.id)!.base_commit;
    const gitDir = mirrorOf(row.repo);
    try {
      const at = Number(execFileSync("git", ["--git-dir", gitDir, "show", "-s", "--format=%ct", commit], { encoding: "utf8", timeout: 60_000 }).trim());
      const out = execFileSync("git", ["--git-dir", gitDir, "blame", "--line-porcelain", commit, "--", row.path], { encoding: "utf8", timeout: 300_000, maxBuffer: 1 << 30 });
      const lines: { commit: string; time: number }[] = [];
      let cur = "", time = 0;
      for (const l of out.split("\n")) {
        if (l.startsWith("\t")) lines.push({ commit: cur, time });
        else if (/^[0-9a-f]{40} /.test(l)) cur = l.slice(0, 40);
        else if (l.startsWith("committer-time ")) time = Number(l.slice(15));
      }
      return row.symbols.map((_, i) => {
        const own = ownLines(row.symbols, i).filter((n) => n <= lines.length);
        const ageDays = Math.max(0, Math.min(...own.map((n) => (at - lines[n - 1].time) / 86_400)));
        return { ageDays: Number.isFinite(ageDays) ? ageDays : 1e5, commits: new Set(own.map((n) => lines[n - 1].commit)).size };
      });
    } catch {
      return row.symbols.map(() => ({ ageDays: 1e5, commits: 0 }));
    }
  });
  for (const tau of [30, 365]) {
    for (const g of [0.1, 0.25, 0.5]) report(`blame: newest line e^(−age/${tau} d) × ${g}`, (row, i) => g * Math.exp(-blame[rowIndex.get(row)!][i].ageDays / tau));
  }
  for (const g of [0.1, 0.25, 0.5]) {
    report(`blame: distinct commits / file's most × ${g}`, (row, i) => {
      const b = blame[rowIndex.get(row)!];
      const most = Math.max(1, ...b.map((x) => x.commits));
      return (g * b[i].commits) / most;
    });
  }
}
