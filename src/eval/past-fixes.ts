import { detectLanguage } from "../index/detect-language.js";
import { fileRole } from "../rank/lexical/file-role.js";
import { prepareHistoryDoc, type HistoryDoc } from "../rank/signals/score-history.js";
import type { EvalRow } from "./dataset.js";

/**
 * For `eval --history`: each row's past fixed issues are the rows of the same repository filed before it, with
 * their gold files minus tests (as the app keeps them). "Before" is `created_at` when the dataset has it, else the
 * number at the end of the id (`owner__repo-1234`: pull request numbers grow with time); a row without either
 * gets no history. Term counts are computed once per row and shared.
 */
export function buildPastFixes(rows: readonly EvalRow[]): (row: EvalRow) => HistoryDoc[] {
  const docs = new Map<string, HistoryDoc>();
  const byRepo = new Map<string, EvalRow[]>();
  for (const row of rows) {
    if (orderOf(row) === undefined) continue;
    byRepo.set(row.repo, [...(byRepo.get(row.repo) ?? []), row]);
    const files = row.goldFiles.filter((f) => fileRole(f, detectLanguage(f)) !== "test");
    docs.set(row.id, prepareHistoryDoc({ issueNumber: numberOf(row.id) ?? 0, text: row.body, files }));
  }
  return (row) => {
    const order = orderOf(row);
    if (order === undefined) return [];
    return (byRepo.get(row.repo) ?? []).filter((r) => r.id !== row.id && orderOf(r)! < order).map((r) => docs.get(r.id)!);
  };
}

function orderOf(row: EvalRow): number | undefined {
  if (row.createdAt !== undefined) {
    const t = Date.parse(row.createdAt);
    if (Number.isFinite(t)) return t;
  }
  return numberOf(row.id);
}

function numberOf(id: string): number | undefined {
  const m = /-(\d+)$/.exec(id);
  return m ? Number(m[1]) : undefined;
}
