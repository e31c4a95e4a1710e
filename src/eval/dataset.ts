import { detectLanguage } from "../index/detect-language.js";
import type { GoldLines } from "./pointer-metrics.js";

/** One evaluation case: an issue, the repository tree it was filed against and the files its fix changed. */
export interface EvalRow {
  readonly id: string;
  /** `owner/name`; rows of one repository share an index store. */
  readonly repo: string;
  readonly baseCommit: string;
  /** The full issue text, title on the first line. */
  readonly body: string;
  readonly goldFiles: readonly string[];
  /** The language the row is reported under: the row's `lang`, else the most common language of its gold files. */
  readonly lang: string;
  /** When the issue was filed (ISO), if the dataset says; orders a repository's rows for `eval --history`. */
  readonly createdAt?: string;
  /** Per gold file, the line ranges the fix changed (`gold_lines`), for pointer metrics; empty when the row has none. */
  readonly goldLines: GoldLines;
}

/**
 * Parses dataset JSONL in the format of `swebench_lite.jsonl` (`id`, `repo`, `base_commit`, `body` or `title`,
 * `gold_files`, optional `lang`). Blank lines are skipped; a malformed line throws with its line number.
 */
export function parseDataset(jsonl: string): EvalRow[] {
  const rows: EvalRow[] = [];
  jsonl.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch (cause) {
      throw new Error(`dataset line ${i + 1}: not JSON`, { cause });
    }
    const text = (k: string): string => {
      const v = raw[k];
      if (typeof v !== "string" || v === "") throw new Error(`dataset line ${i + 1}: "${k}" must be a non-empty string`);
      return v;
    };
    const gold = raw.gold_files;
    if (!Array.isArray(gold) || !gold.every((g) => typeof g === "string")) {
      throw new Error(`dataset line ${i + 1}: "gold_files" must be an array of paths`);
    }
    const body = typeof raw.body === "string" && raw.body.trim() !== "" ? raw.body : text("title");
    const lang = typeof raw.lang === "string" && raw.lang.trim() !== "" ? raw.lang.trim() : goldLanguage(gold as string[]);
    const createdAt = typeof raw.created_at === "string" && raw.created_at !== "" ? { createdAt: raw.created_at } : {};
    const goldLines = parseGoldLines(raw.gold_lines, i + 1);
    rows.push({ id: text("id"), repo: text("repo"), baseCommit: text("base_commit"), body, goldFiles: gold as string[], lang, goldLines, ...createdAt });
  });
  return rows;
}

/** `{path: [[start, end], …]}` → a map; absent means no ranges. Malformed ranges throw with the line number. */
function parseGoldLines(raw: unknown, line: number): GoldLines {
  const out = new Map<string, [number, number][]>();
  if (raw === undefined || raw === null) return out;
  if (typeof raw !== "object" || Array.isArray(raw)) throw new Error(`dataset line ${line}: "gold_lines" must be an object of path → ranges`);
  for (const [path, ranges] of Object.entries(raw)) {
    const ok = Array.isArray(ranges) && ranges.every((r) => Array.isArray(r) && r.length === 2 && r.every((n) => Number.isInteger(n) && n >= 0));
    if (!ok) throw new Error(`dataset line ${line}: "gold_lines" of ${path} must be [[start, end], …] line numbers`);
    out.set(path, (ranges as [number, number][]).map(([a, b]) => [a, b]));
  }
  return out;
}

/** The most common language among a row's gold files (how a row without `lang` is reported). */
export function goldLanguage(gold: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const path of gold) {
    const lang = detectLanguage(path);
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  let best = "unknown";
  let bestCount = 0;
  for (const [lang, n] of counts) if (n > bestCount) [best, bestCount] = [lang, n];
  return best;
}
