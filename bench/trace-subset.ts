/**
 * Writes the rows of a development set whose issue carries a stack trace (`parseIssue(...).frames` not empty), for
 * `bugscout eval --dataset` on the trace-bearing issues alone: the cheap way to measure frame handling (issue 65).
 * `--half A|B` keeps the repositories of one half (md5 of `owner/name`, first byte even = A, as docs/ranking.md and
 * bench/fit-confidence.ts split them). Prints the count per language. Bench only.
 *
 *   npx tsx bench/trace-subset.ts --dataset ../shared/bench/swebench_lite.jsonl --out traces-py.jsonl [--half A]
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { parseIssue } from "../src/rank/query/parse-issue.js";
import { parseBenchArgs } from "./bench-args.js";

const args = parseBenchArgs();
const dataset = args.one("dataset", "");
const out = args.one("out", "");
const half = args.one("half", "");
if (!dataset || !out || !["", "A", "B"].includes(half)) {
  process.stderr.write("usage: trace-subset.ts --dataset set.jsonl --out traces.jsonl [--half A|B]\n");
  process.exit(2);
}
const halfOf = (repo: string) => (createHash("md5").update(repo).digest()[0]! % 2 === 0 ? "A" : "B");
const kept: string[] = [];
const perLanguage = new Map<string, number>();
for (const line of readFileSync(dataset, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const row = JSON.parse(line) as { repo: string; title: string; body: string; lang?: string };
  if (half !== "" && halfOf(row.repo) !== half) continue;
  if (parseIssue(`${row.title}\n${row.body}`).frames.length === 0) continue;
  kept.push(line);
  const lang = row.lang ?? "python";
  perLanguage.set(lang, (perLanguage.get(lang) ?? 0) + 1);
}
writeFileSync(out, kept.length > 0 ? `${kept.join("\n")}\n` : "");
process.stdout.write(`${kept.length} rows with a stack trace: ${[...perLanguage].map(([l, n]) => `${l} ${n}`).join(", ")}\n`);
