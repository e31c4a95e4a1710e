import type { EvalReport } from "./evaluate-dataset.js";
import type { MetricSummary } from "./metrics.js";
import type { PointerSummary } from "./pointer-metrics.js";
import { renderCalibration } from "./render-calibration.js";
import { renderDecisionTable } from "./decision-metrics.js";
import type { ShownSummary } from "./shown-metrics.js";

const COLUMNS = "| n | Hit@1 | Hit@3 | Hit@5 | Hit@10 | MRR | MAP | NDCG |";
const RULE = "|---|---:|---:|---:|---:|---:|---:|---:|---:|";

const POINTER_COLUMNS = "| n | ptr Acc@1 | ptr Acc@3 | ptr Acc@5 | ptr Acc@10 | ptr given file | no ptr | ptr lines | sym Acc@5 | sym Acc@10 |";

/**
 * Renders an evaluation report as Markdown tables, one row per language then one per repository, each closed by
 * the overall row: files (Hit@1/3/5/10, MRR, MAP, NDCG), then, for rows with gold lines, pointers (Acc@k: a
 * pointer of a gold file among the first k files meets its changed lines; given file: of the gold files in the top
 * 5, the share whose first pointer is right; the share of shown files without a pointer; the median length in lines of
 * the shown files' first pointers; symbol Acc@5 and @10 of
 * the cross-file symbol ranking), to three decimals; then what the comment would show (`renderShownTable`) and how
 * often BugScout would comment by itself and be right then (`renderDecisionTable`). With
 * `floor` (the comment's `ranking.min_confidence`), the confidence section follows (`renderCalibration`). Pure; the
 * CLI prints it.
 */
export function renderReport(report: EvalReport, floor?: number): string {
  const lines = [
    ...renderTable("language", report.byLanguage, report.overall), "",
    ...renderTable("repository", report.byRepo, report.overall),
  ];
  if (report.pointers && report.pointers.overall.count > 0) {
    lines.push("", ...renderPointerTable("language", report.pointers.byLanguage, report.pointers.overall));
    lines.push("", ...renderPointerTable("repository", report.pointers.byRepo, report.pointers.overall));
  }
  if (report.shown && report.shown.overall.count > 0) lines.push("", ...renderShownTable(report.shown.byLanguage, report.shown.overall));
  const decisions = renderDecisionTable(report.rows);
  if (decisions.length > 0) lines.push("", ...decisions);
  const calibration = floor !== undefined ? renderCalibration(report, floor) : [];
  if (calibration.length > 0) lines.push("", ...calibration);
  if (report.errors > 0) lines.push("", `${report.errors} row(s) failed and count as misses.`);
  return lines.join("\n");
}

/** One Markdown table: a row per group, then the overall row in bold. */
export function renderTable(title: string, groups: ReadonlyMap<string, MetricSummary>, overall: MetricSummary): string[] {
  return [`| ${title} ${COLUMNS}`, RULE, ...[...groups].map(([name, m]) => renderLine(name, m)), renderLine("**all**", overall)];
}

/** One Markdown table of pointer quality: a row per group with gold lines, then the overall row in bold. */
export function renderPointerTable(title: string, groups: ReadonlyMap<string, PointerSummary>, overall: PointerSummary): string[] {
  const line = (name: string, p: PointerSummary): string =>
    `| ${name} | ${p.count} | ${[p.acc[1], p.acc[3], p.acc[5], p.acc[10], p.givenFile, p.unpointed].map((x) => x.toFixed(3)).join(" | ")} | ${p.medianLines} | ${p.symbolAcc?.[5].toFixed(3) ?? "–"} | ${p.symbolAcc?.[10].toFixed(3) ?? "–"} |`;
  const rows = [...groups].filter(([, p]) => p.count > 0).map(([name, p]) => line(name, p));
  return [`| ${title} ${POINTER_COLUMNS}`, `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`, ...rows, line("**all**", overall)];
}

/**
 * What the comment's relative cut shows, per language: the median and mean number of files listed, and the share of
 * issues whose gold file is listed, beside the share with a gold file in the first `top_k` (the list before the cut).
 */
export function renderShownTable(groups: ReadonlyMap<string, ShownSummary>, overall: ShownSummary): string[] {
  const line = (name: string, s: ShownSummary): string =>
    `| ${name} | ${s.count} | ${s.medianShown} | ${s.meanShown.toFixed(2)} | ${s.goldShown.toFixed(3)} | ${s.goldTop.toFixed(3)} |`;
  return [
    "| language | n | files shown (median) | files shown (mean) | gold shown | gold in top_k |",
    "|---|---:|---:|---:|---:|---:|",
    ...[...groups].filter(([, s]) => s.count > 0).map(([name, s]) => line(name, s)),
    line("**all**", overall),
  ];
}

function renderLine(name: string, m: MetricSummary): string {
  return `| ${name} | ${m.count} | ${[m.hit[1], m.hit[3], m.hit[5], m.hit[10], m.mrr, m.map, m.ndcg].map((x) => x.toFixed(3)).join(" | ")} |`;
}
